import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// The position after the last item of a newest-first page: its creation time and ID, and a
/// fingerprint of the filters, so a cursor used with other filters is refused rather than
/// silently skipping items. Opaque to clients (unpadded base64url).
struct AdminCursor: Equatable {
    let createdAt: String
    let id: String
    let filters: String

    init(createdAt: String, id: String, filters: [String]) {
        self.createdAt = createdAt
        self.id = id
        self.filters = AdminCursor.fingerprint(filters)
    }

    var text: String { Base64URL.encode(Array("\(createdAt)|\(id)|\(filters)".utf8)) }

    /// The cursor in `text` when it is well formed and made with the same `filters`; else 400 `INVALID_QUERY`.
    static func parse(_ text: String, filters: [String]) throws -> AdminCursor {
        let invalid = APIError.invalidQuery(["cursor": ["is not a cursor of this query"]])
        guard text.utf8.count <= 256, let bytes = Base64URL.decode(text),
            let decoded = String(bytes: bytes, encoding: .utf8)
        else { throw invalid }
        let parts = decoded.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, ISOTime.parse(parts[0]) != nil, (1...64).contains(parts[1].utf8.count),
            parts[1].utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || $0 == 45 }),
            parts[2] == fingerprint(filters)
        else { throw invalid }
        return AdminCursor(createdAt: parts[0], id: parts[1], fingerprint: parts[2])
    }

    private init(createdAt: String, id: String, fingerprint: String) {
        self.createdAt = createdAt
        self.id = id
        filters = fingerprint
    }

    static func fingerprint(_ filters: [String]) -> String {
        String(SHA256.hex(filters.joined(separator: "\u{1F}")).prefix(12))
    }
}
