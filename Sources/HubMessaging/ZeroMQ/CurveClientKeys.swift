/// The CURVE side of a client socket connecting to `tcp://`: its own key pair, and the public
/// key the server must prove it holds.
public struct CurveClientKeys: Sendable, Equatable {
    public let keyPair: CurveKeyPair
    public let serverKey: String

    public init(keyPair: CurveKeyPair, serverKey: String) {
        self.keyPair = keyPair
        self.serverKey = serverKey
    }
}
