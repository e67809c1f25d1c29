/// The CURVE side of a server socket bound at `tcp://`: its own key pair, and the public keys
/// of the clients it admits (any other is refused during the handshake).
public struct CurveServerKeys: Sendable, Equatable {
    public let keyPair: CurveKeyPair
    public let admittedClients: Set<String>

    public init(keyPair: CurveKeyPair, admittedClients: Set<String>) {
        self.keyPair = keyPair
        self.admittedClients = admittedClients
    }
}
