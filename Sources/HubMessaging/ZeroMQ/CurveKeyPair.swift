import CZeroMQ
import Foundation

/// A CURVE key pair for ZeroMQ over `tcp://`, each key as Z85 text (40 characters for 32
/// bytes), the form `APPNORTH_RPC_CURVE_SECRET` and `APPNORTH_RPC_CURVE_PUBLIC` hold.
public struct CurveKeyPair: Sendable, Equatable, CustomStringConvertible {
    public let publicKey: String
    public let secretKey: String

    /// Length of a key as Z85 text.
    public static let keyLength = 40

    /// A fresh key pair from libzmq's CURVE implementation.
    public static func generate() throws -> CurveKeyPair {
        var publicKey = [CChar](repeating: 0, count: keyLength + 1)
        var secretKey = [CChar](repeating: 0, count: keyLength + 1)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else { throw ZMQError.last("curve_keypair") }
        return CurveKeyPair(checkedPublic: String(cString: publicKey), secret: String(cString: secretKey))
    }

    /// A key pair from its two keys; nil when either is not a key or the public key is not
    /// the secret key's.
    public init?(secretKey: String, publicKey: String) {
        guard Self.decode(secretKey) != nil, Self.decode(publicKey) != nil,
            Self.publicKey(ofSecret: secretKey) == publicKey
        else { return nil }
        self.init(checkedPublic: publicKey, secret: secretKey)
    }

    private init(checkedPublic: String, secret: String) {
        publicKey = checkedPublic
        secretKey = secret
    }

    /// The 32 bytes of a Z85 key; nil for anything else.
    public static func decode(_ key: String) -> [UInt8]? {
        guard key.utf8.count == keyLength, key.utf8.allSatisfy({ z85Alphabet.contains($0) }) else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard zmq_z85_decode(&bytes, key) != nil else { return nil }
        return bytes
    }

    /// The public key that goes with a Z85 secret key.
    static func publicKey(ofSecret secretKey: String) -> String? {
        var publicKey = [CChar](repeating: 0, count: keyLength + 1)
        guard zmq_curve_public(&publicKey, secretKey) == 0 else { return nil }
        return String(cString: publicKey)
    }

    private static let z85Alphabet = Set(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)

    /// The public key only: the secret never reaches a log.
    public var description: String { "CurveKeyPair(public: \(publicKey))" }
}
