import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// `POST /api/v1/integrations/discord/interactions`: the platform bot's Interactions endpoint.
/// Discord signs each request with the application's Ed25519 key over the timestamp header and
/// the raw body; only PING is answered, since replies arrive by synchronization, not here.
///
/// The headers and the timestamp's age are checked from the head, so a request that cannot be
/// genuine is 401 before its body is read; the signature needs the body and is checked after.
struct DiscordInteractionsHandler {
    /// `DISCORD_PUBLIC_KEY` as 32 bytes; nil when unset.
    let publicKey: [UInt8]?
    let clock: Clock

    static let signatureHeader = "x-signature-ed25519"
    static let timestampHeader = "x-signature-timestamp"
    /// A PING is a few hundred bytes; other interactions, which are refused anyway, stay small.
    static let maxBodyBytes = 64 * 1024
    /// Discord's own guidance: refuse what was signed more than five minutes away from now, so a
    /// captured request cannot be replayed later.
    static let maxClockSkew: TimeInterval = 5 * 60

    static let invalidSignature = APIError(
        status: 401, code: "INVALID_SIGNATURE",
        message: "missing, malformed, expired or wrong X-Signature-Ed25519 or X-Signature-Timestamp")
    static let notConfigured = APIError(
        status: 503, code: "DISCORD_NOT_CONFIGURED", message: "DISCORD_PUBLIC_KEY is not set on this hub")
    static let unsupported = APIError(
        status: 400, code: "UNSUPPORTED_INTERACTION", message: "only PING (type 1) is answered")

    /// The interaction types this endpoint knows; Discord's `type` field.
    private struct Interaction: Decodable {
        let type: Int
    }
    private static let ping = 1

    init(publicKeyHex: String?, clock: Clock) {
        publicKey = publicKeyHex.flatMap(Hex.decode)
        self.clock = clock
    }

    func head(_ request: HTTPRequest) throws {
        _ = try signedHeaders(request)
    }

    func post(_ request: HTTPRequest) throws -> HTTPResponse {
        // A request without a body skips the head check, so everything is checked again here.
        let (key, signature, timestamp) = try signedHeaders(request)
        guard Ed25519.verify(signature: signature, message: Array(timestamp.utf8) + request.body, publicKey: key) else {
            throw Self.invalidSignature
        }
        let interaction = try request.decodeJSON(Interaction.self)
        guard interaction.type == Self.ping else { throw Self.unsupported }
        return .jsonBytes(Array(#"{"type":1}"#.utf8))
    }

    /// The configured key, the signature's bytes and the timestamp as sent (it is signed as text).
    private func signedHeaders(_ request: HTTPRequest) throws -> ([UInt8], [UInt8], String) {
        guard let publicKey else { throw Self.notConfigured }
        guard let signatureHex = request.headers[Self.signatureHeader], signatureHex.utf8.count == 2 * Ed25519.signatureLength,
            let signature = Hex.decode(signatureHex),
            let timestamp = request.headers[Self.timestampHeader], Self.isFresh(timestamp, now: clock.now())
        else { throw Self.invalidSignature }
        return (publicKey, signature, timestamp)
    }

    /// Unix seconds as ASCII digits, within `maxClockSkew` of `now` either way: a clock ahead of
    /// the hub's is as suspect as an old request.
    static func isFresh(_ timestamp: String, now: Date) -> Bool {
        guard (1...12).contains(timestamp.utf8.count), timestamp.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let seconds = Int64(timestamp)
        else { return false }
        return abs(now.timeIntervalSince1970 - TimeInterval(seconds)) <= maxClockSkew
    }
}
