import Foundation
import HubCrypto
import HubHTTPServer
import HubStore

/// Opaque keyset cursors: `base64url(position) "." base64url(mac)`, the MAC being
/// HMAC-SHA256 under the store's `cursor_key` over the cursor's scope (route, project and
/// filters) and the position. A cursor edited by a client, or reused with other filters,
/// fails the MAC and is answered 400 `INVALID_QUERY`.
final class CursorSigner: @unchecked Sendable {
    /// The last item's sort key: integers and texts only.
    enum Value: Equatable {
        case int(Int64)
        case text(String)

        var sql: SQLValue {
            switch self {
            case .int(let v): return .int(v)
            case .text(let s): return .text(s)
            }
        }
    }

    static let maxLength = 1_024
    private static let macLength = 16

    private let store: IngestStore
    private let lock = NSLock()
    private var cachedKey: [UInt8]?

    init(store: IngestStore) { self.store = store }

    /// The key is read (or made) once per process; every later cursor costs one HMAC.
    private func key() throws -> [UInt8] {
        if let key = lock.withLock({ cachedKey }) { return key }
        let key = try store.pageCursorKey()
        lock.withLock { cachedKey = key }
        return key
    }

    private func mac(scope: String, payload: [UInt8]) throws -> [UInt8] {
        // Length-prefixed so no scope/payload split can be shifted to forge another pair.
        let message = Array("\(scope.utf8.count):\(scope)".utf8) + payload
        return Array(HMACSHA256.mac(key: try key(), message: message).prefix(CursorSigner.macLength))
    }

    func sign(_ values: [Value], scope: String) throws -> String {
        var text = ""
        for (i, value) in values.enumerated() {
            if i > 0 { text += "\n" }
            switch value {
            case .int(let v): text += "i\(v)"
            case .text(let s): text += "t" + s
            }
        }
        let payload = Array(text.utf8)
        return Base64URL.encode(payload) + "." + Base64URL.encode(try mac(scope: scope, payload: payload))
    }

    /// The position in a cursor made by `sign` for the same scope, with `count` values; else
    /// 400 `INVALID_QUERY` naming `cursor`.
    func open(_ cursor: String, scope: String, count: Int) throws -> [Value] {
        let invalid = APIError.invalidQuery(["cursor": ["is not a cursor of this query; start again without it"]])
        guard cursor.utf8.count <= CursorSigner.maxLength else { throw invalid }
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(String(parts[0])), let tag = Base64URL.decode(String(parts[1])),
            ConstantTime.equals(tag, try mac(scope: scope, payload: payload))
        else { throw invalid }
        let fields = String(decoding: payload, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard fields.count == count else { throw invalid }
        return try fields.map { field in
            switch field.first {
            case "i":
                guard let v = Int64(field.dropFirst()) else { throw invalid }
                return .int(v)
            case "t": return .text(String(field.dropFirst()))
            default: throw invalid
            }
        }
    }
}
