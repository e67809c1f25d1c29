import Foundation
import Shared

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

    /// The page cache's key for this query seen by `viewer` in a project, or nil when a part
    /// holds the NUL that separates them (no real request does; it is not cached).
    func cacheKey(projectId: String, viewer: String?) -> String? {
        let parts = [viewer ?? "", board ?? "", status ?? "", search, page.cursor ?? ""]
        if parts.contains(where: { $0.utf8.contains(0) }) { return nil }
        var key = projectId
        for part in parts {
            key += "\u{0}"
            key += part
        }
        return key + "\u{0}" + sort.rawValue + "\u{0}" + String(page.limit)
    }
}
