/// `push.devices.unregister`: removes the token's registration if the caller's identity holds
/// it, with its queued pushes. Removing a registration that does not exist succeeds.
public enum PushDeviceUnregister: RPCMessage {
    public static let type = "push.devices.unregister"
    public typealias Request = PushDevice
    public typealias Response = RPCEmpty
}
