/// `push.devices.register`: binds a token (per project and environment) to the caller's chat
/// identity. Registering again refreshes the registration time; moving the token to another
/// identity cancels the pushes still queued for it.
public enum PushDeviceRegister: RPCMessage {
    public static let type = "push.devices.register"
    public typealias Request = PushDevice
    public typealias Response = RPCEmpty
}
