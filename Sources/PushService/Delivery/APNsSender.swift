import Foundation
import Shared

/// Sends pushes to APNs: one kept HTTP/2 connection per key and environment, every push of a
/// batch a stream on it, each request signed with the key's current provider token. Used by
/// the worker's thread only.
final class APNsSender {
    /// One push ready to go.
    struct Push {
        let token: String
        let apnsId: String
        let body: [UInt8]
    }

    /// Streams in flight per connection. APNs allows 500 on a new connection (its SETTINGS
    /// frame), lowers that to 1 after a rejected push and raises it again after the next one
    /// that goes through; libcurl follows whatever the server allows at the moment. At an
    /// Internet round trip of 30 ms, 100 streams would cap a connection near 3,300 pushes a
    /// second.
    static let streamWindow = 500

    /// Headers libcurl would add by itself that APNs has no use for.
    static let omittedHeaders = ["Accept", "User-Agent"]

    private let baseURLs: [PushEnvironment: String]
    private let options: HTTPClientOptions
    private let clock: Clock
    let tokens: APNsProviderTokens
    private var connections: [String: HTTPMultiplexClient] = [:]

    init(baseURLs: [PushEnvironment: String], options: HTTPClientOptions, clock: Clock) {
        self.baseURLs = baseURLs.mapValues { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var options = options
        options.version = .http2
        options.totalTimeout = min(options.totalTimeout, 30)
        options.maxResponseBytes = 64 << 10
        self.options = options
        self.clock = clock
        tokens = APNsProviderTokens(clock: clock)
    }

    /// Sends a batch for one project and environment; outcomes in the order of `pushes`. A
    /// refused provider token is dropped so the next attempt signs a new one.
    func send(_ pushes: [Push], credentials: PushStoredCredentials, environment: PushEnvironment) -> [PushOutcome] {
        guard !pushes.isEmpty else { return [] }
        let jwt: String
        do {
            jwt = try tokens.token(for: credentials)
        } catch {
            // A key that no longer loads cannot sign anything: the push fails for good.
            return pushes.map { _ in .permanent(reason: "InvalidSigningKey", status: 0, removeDevice: false) }
        }
        let base = baseURLs[environment] ?? ""
        // Seconds since the epoch: APNs keeps an undelivered push for 24 hours.
        let expiration = String(Int64(clock.now().timeIntervalSince1970) + 86_400)
        // Everything but the path, the apns-id and the body is the same for the whole batch.
        // libcurl's own Accept and User-Agent are left out: APNs has no use for them, and each
        // header is formatted anew for every stream.
        let shared = [
            ("authorization", "bearer " + jwt),
            ("apns-topic", credentials.bundleId),
            ("apns-push-type", "alert"),
            ("apns-expiration", expiration),
            ("content-type", "application/json"),
        ]
        let prefix = base + "/3/device/"
        let requests = pushes.map { push in
            HTTPClientRequest(method: "POST", url: prefix + push.token, headers: [("apns-id", push.apnsId)], body: push.body)
        }
        let outcomes = connection(credentials: credentials, environment: environment)
            .send(requests, sharedHeaders: shared, omitting: APNsSender.omittedHeaders).map(APNsResponse.outcome(of:))
        if outcomes.contains(where: { if case .providerToken = $0 { return true } else { return false } }) {
            tokens.invalidate(jwt, for: credentials)
        }
        return outcomes
    }

    /// Closes every kept connection.
    func close() {
        for connection in connections.values { connection.close() }
        connections.removeAll()
    }

    private func connection(credentials: PushStoredCredentials, environment: PushEnvironment) -> HTTPMultiplexClient {
        let name = APNsProviderTokens.name(credentials) + "|" + environment.rawValue
        if let existing = connections[name] { return existing }
        let created = HTTPMultiplexClient(options: options, maxConcurrentStreams: APNsSender.streamWindow)
        connections[name] = created
        return created
    }
}
