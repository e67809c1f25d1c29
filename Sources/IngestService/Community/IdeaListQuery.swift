import Foundation
import HubHTTPServer

/// The idea list's query parameters as the list reads them: empty values count as absent,
/// the search is trimmed, sort and limit take their defaults and limit is clamped, and any
/// other parameter is ignored. Requests with equal queries get the same page, so this, not
/// the raw query string, is what the page cache is keyed by.
struct IdeaListQuery {
    var board: String?
    var status: String?
    /// The search text, trimmed; empty for none.
    var search: String
    var sort: IdeaSort
    var page: PageRequest

    /// The parameters, with the errors that need no store (limit, sort, search length) in
    /// `errors`; the board and status are checked against the project's when rendering.
    init(_ request: HTTPRequest, _ errors: inout FieldErrors) {
        page = PageRequest.parse(request, &errors)
        board = CommunityHTTP.nonEmptyQuery(request, "board")
        status = CommunityHTTP.nonEmptyQuery(request, "status")
        sort = .top
        if let sortName = CommunityHTTP.nonEmptyQuery(request, "sort") {
            if let sort = IdeaSort(rawValue: sortName) {
                self.sort = sort
            } else {
                errors.add("sort", "must be one of top, recent, discussed")
            }
        }
        let rawQuery = request.query["query"] ?? ""
        if rawQuery.utf16.count > InputLimits.searchQuery.upperBound {
            errors.add("query", "must be at most \(InputLimits.searchQuery.upperBound) characters")
        }
        search = rawQuery.isEmpty ? "" : rawQuery.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The page cache's key for this query seen by `viewer` in a project. Each part is
    /// written with its length, so no value can pass for another whatever bytes it holds.
    /// Built as bytes: it runs on every list request, hit or miss.
    func cacheKey(projectId: String, viewer: String?) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(160)
        func add(_ part: String) {
            appendDecimal(part.utf8.count, to: &key)
            key.append(58)
            key.append(contentsOf: part.utf8)
        }
        add(projectId)
        add(viewer ?? "")
        add(board ?? "")
        add(status ?? "")
        add(search)
        add(page.cursor ?? "")
        add(sort.rawValue)
        appendDecimal(page.limit, to: &key)
        return String(decoding: key, as: UTF8.self)
    }

    private func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(48 + value % 10))
    }
}
