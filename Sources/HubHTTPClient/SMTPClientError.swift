/// Why a submission did not end with the server taking the message.
public struct SMTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The server answered a command with a 5xx reply: sending again cannot help.
        case permanent
        /// A 4xx reply, or no usable connection (network, timeout, TLS, STARTTLS not offered,
        /// credentials refused): a later attempt may succeed.
        case transient
    }

    public let kind: Kind
    /// The server's last reply code, 0 when it gave none.
    public let code: Int
    /// The server's reply line, else libcurl's account of the failure; never a credential.
    public let message: String

    public init(kind: Kind, code: Int, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public var description: String { "\(kind.rawValue) \(code): \(message)" }
}
