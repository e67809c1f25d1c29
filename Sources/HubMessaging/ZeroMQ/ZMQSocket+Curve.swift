import CZeroMQ
import Foundation

extension ZMQSocket {
    /// Sets an option whose value is bytes (`ZMQ_ZAP_DOMAIN`, a binary CURVE key, `ZMQ_ROUTING_ID`).
    public func setOption(_ option: Int32, bytes: [UInt8]) throws {
        guard let handle = rawHandle else { throw ZMQError(operation: "setsockopt", errno: ENOTSOCK) }
        let rc = bytes.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        if rc != 0 { throw ZMQError.last("setsockopt") }
    }

    /// Makes this socket a CURVE server whose handshakes are checked by the ZAP handler under
    /// `zapDomain`; call before `bind`.
    func makeCurveServer(_ keys: CurveServerKeys, zapDomain: String) throws {
        try setOption(ZMQ_CURVE_SERVER, 1)
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: try Self.curveKey(keys.keyPair.secretKey))
        try setOption(ZMQ_ZAP_DOMAIN, bytes: Array(zapDomain.utf8))
    }

    /// Makes this socket a CURVE client of the server holding `keys.serverKey`; call before `connect`.
    func makeCurveClient(_ keys: CurveClientKeys) throws {
        try setOption(ZMQ_CURVE_SERVERKEY, bytes: try Self.curveKey(keys.serverKey))
        try setOption(ZMQ_CURVE_PUBLICKEY, bytes: try Self.curveKey(keys.keyPair.publicKey))
        try setOption(ZMQ_CURVE_SECRETKEY, bytes: try Self.curveKey(keys.keyPair.secretKey))
    }

    private static func curveKey(_ z85: String) throws -> [UInt8] {
        guard let key = CurveKeyPair.decode(z85) else { throw ZMQError(operation: "setsockopt", errno: EINVAL) }
        return key
    }
}
