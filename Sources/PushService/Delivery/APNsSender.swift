import Foundation
import HubHTTPClient
import HubMessaging
import HubRuntime

/// Sends pushes to APNs: one kept HTTP/2 connection per key and environment, every push a
/// stream on it, batch after batch, each request signed with the key's current provider
/// token. Used by the worker's thread, but for `cancel()`.
final class APNsSender {
    /// Streams in flight per connection. APNs allows 500 on a new connection (its SETTINGS
    /// frame), lowers that to 1 after a rejected push and raises it again after the next one
    /// that goes through; libcurl follows whatever the server allows at the moment. At an
    /// Internet round trip of 30 ms, 100 streams would cap a connection near 3,300 pushes a
    /// second.
    static let streamWindow = 500

    /// Headers libcurl would add by itself that APNs has no use for.
    static let omittedHeaders = ["Accept", "User-Agent"]

    /// `<base URL>/3/device/` per environment.
    private let devicePrefixes: [PushEnvironment: String]
    private let options: HTTPClientOptions
    private let clock: Clock
    let tokens: APNsProviderTokens
    /// Guards `connections`, which `cancel()` reads from another thread.
    private let connectionsLock = NSLock()
    private var connections: [String: HTTPMultiplexClient] = [:]

    init(baseURLs: [PushEnvironment: String], options: HTTPClientOptions, clock: Clock) {
        devicePrefixes = baseURLs.mapValues { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/3/device/" }
        var options = options
        options.version = .http2
        options.totalTimeout = min(options.totalTimeout, 30)
        options.maxResponseBytes = 64 << 10
        self.options = options
        self.clock = clock
        tokens = APNsProviderTokens(clock: clock)
    }

    /// Pushes of one project and environment, sent together: each one's request (`request`),
    /// to which the batch adds the provider token and the headers all pushes share.
    struct Batch {
        let requests: [HTTPStreamRequest]
        let credentials: PushStoredCredentials
        let environment: PushEnvironment
    }

    /// The request of one push, without the headers its batch adds: `/3/device/<token>` with
    /// its `apns-id` and body, checked and made ready for its stream. Safe from any thread, so
    /// the worker builds requests as it reads the queue rather than on the sending thread.
    func request(token: String, apnsId: String, body: [UInt8], environment: PushEnvironment) -> HTTPStreamRequest {
        HTTPStreamRequest(
            HTTPClientRequest(
                method: "POST", url: devicePrefixes[environment, default: "/3/device/"] + token,
                headers: [("apns-id", apnsId)], body: body))
    }

    /// The kept connection a batch goes out on: one per key and environment.
    static func connectionName(credentials: PushStoredCredentials, environment: PushEnvironment) -> String {
        APNsProviderTokens.name(credentials) + "|" + environment.rawValue
    }

    /// Sends `first`, then each batch `next` gives, on the connection of `first`'s key and
    /// environment, without the connection emptying between batches (see
    /// `HTTPMultiplexClient.send(feed:completed:)`). Every batch `next` gives must need that
    /// connection (`connectionName`); nil ends the feed. `completed` gets each batch's outcomes
    /// in order. A refused provider token is dropped so the batches prepared after its answer
    /// are signed with a new one.
    func send(_ first: Batch, then next: () -> Batch?, completed: (Batch, [PushOutcome]) -> Void) {
        // The batches handed to the connection, oldest first, each with the token it was signed
        // with (nil: the key could not sign, the batch went out empty).
        var sent: [(batch: Batch, jwt: String?)] = []
        var firstBatch: Batch? = first
        let connection = connection(named: APNsSender.connectionName(credentials: first.credentials, environment: first.environment))
        connection.send(
            feed: {
                guard let batch = firstBatch ?? next() else { return nil }
                firstBatch = nil
                let signed = request(batch)
                sent.append((batch, signed.jwt))
                return signed.requests
            },
            completed: { results in
                let (batch, jwt) = sent.removeFirst()
                guard let jwt else {
                    // A key that no longer loads cannot sign anything: the push fails for good.
                    completed(batch, batch.requests.map { _ in .permanent(reason: "InvalidSigningKey", status: 0, removeDevice: false) })
                    return
                }
                let outcomes = results.map(APNsResponse.outcome(of:))
                if outcomes.contains(where: { if case .providerToken = $0 { return true } else { return false } }) {
                    tokens.invalidate(jwt, for: batch.credentials)
                }
                completed(batch, outcomes)
            })
    }

    /// A batch's requests with the shared headers, signed with the key's current provider
    /// token; none when the key cannot sign.
    private func request(_ batch: Batch) -> (requests: HTTPRequestBatch, jwt: String?) {
        let jwt: String
        do {
            jwt = try tokens.token(for: batch.credentials)
        } catch {
            return (HTTPRequestBatch(prepared: []), nil)
        }
        // Seconds since the epoch: APNs keeps an undelivered push for 24 hours.
        let expiration = String(Int64(clock.now().timeIntervalSince1970) + 86_400)
        // Everything but the path, the apns-id and the body is the same for the whole batch.
        // libcurl's own Accept and User-Agent are left out: APNs has no use for them, and each
        // header is formatted anew for every stream.
        let shared = [
            ("authorization", "bearer " + jwt),
            ("apns-topic", batch.credentials.bundleId),
            ("apns-push-type", "alert"),
            ("apns-expiration", expiration),
            ("content-type", "application/json"),
        ]
        return (HTTPRequestBatch(prepared: batch.requests, sharedHeaders: shared, omitting: APNsSender.omittedHeaders), jwt)
    }

    /// Closes every kept connection.
    func close() {
        let all = connectionsLock.withLock {
            defer { connections.removeAll() }
            return Array(connections.values)
        }
        for connection in all { connection.close() }
    }

    /// From any thread: the batches being sent give up, as on a crash (see
    /// `HTTPMultiplexClient.cancel()`).
    func cancel() {
        for connection in connectionsLock.withLock({ Array(connections.values) }) { connection.cancel() }
    }

    private func connection(named name: String) -> HTTPMultiplexClient {
        connectionsLock.withLock {
            if let existing = connections[name] { return existing }
            let created = HTTPMultiplexClient(options: options, maxConcurrentStreams: APNsSender.streamWindow)
            connections[name] = created
            return created
        }
    }
}
