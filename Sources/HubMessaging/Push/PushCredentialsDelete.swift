/// `push.credentials.delete`: disconnects a project from APNs — removes its credentials,
/// devices and queued pushes. Succeeds when nothing is stored.
public enum PushCredentialsDelete: RPCMessage {
    public static let type = "push.credentials.delete"
    public typealias Request = PushCredentialsGet.Request
    public typealias Response = RPCEmpty
}
