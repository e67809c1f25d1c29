/// A request/reply message type shared by caller and daemon. Both sides compile against
/// the same definition, so the request and response bodies cannot drift apart.
///
///     enum ChatSend: RPCMessage {
///         static let type = "chat.send"
///         struct Request: Codable { … }
///         struct Response: Codable { … }
///     }
public protocol RPCMessage {
    associatedtype Request: Codable
    associatedtype Response: Codable
    /// The dotted wire name, e.g. `"chat.send"`.
    static var type: String { get }
    /// The envelope `v`; bump it when the bodies change incompatibly.
    static var version: Int { get }
}

extension RPCMessage {
    public static var version: Int { 1 }
}
