import Foundation
import HubMessaging

/// Localized groups (one concept, its term per country) and the country grid.
extension ASOStore {
    /// Countries per localized group.
    public static let maximumGroupCountries = 50

    public func createGroup(_ request: ASOGroupCreate.Request) throws -> ASOKeywordGroup {
        try ASOStore.requireAccess(request.project)
        var problems: [String: [String]] = [:]
        let concept = request.concept.trimmingCharacters(in: .whitespacesAndNewlines)
        if !(1...100).contains(concept.count) { problems["concept"] = ["must be 1-100 characters"] }
        if request.terms.isEmpty || request.terms.count > ASOStore.maximumGroupCountries {
            problems["terms"] = ["must map 1-\(ASOStore.maximumGroupCountries) country codes to terms"]
        }
        var byCountry: [(country: String, term: String)] = []
        for (raw, term) in request.terms.sorted(by: { $0.key < $1.key }) {
            guard let country = ASOStorefront.normalize(raw) else {
                problems["terms.\(raw)"] = ["is not a supported App Store country code"]
                continue
            }
            if let problem = ASOTerm.problem(term) { problems["terms.\(raw)"] = [problem] }
            byCountry.append((country, term))
        }
        guard problems.isEmpty else { throw RPCError.asoInvalidPayload(problems) }
        let id = ids.next()
        return try previewable(request.dryRun == true) {
            try db.run(
                "INSERT INTO keyword_groups (id, organization_id, project_id, concept, created_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(id), .text(request.project.organizationId), .text(request.project.projectId), .text(concept),
                    .text(now()),
                ])
            var all: [String] = []
            for entry in byCountry {
                let result = try insertKeywords(project: request.project, country: entry.country, terms: [entry.term], groupId: id)
                all += result.added + result.existing
            }
            return ASOKeywordGroup(id: id, concept: concept, keywords: try keywords(ids: all))
        }
    }

    /// Rows: each localized group, then each remaining term (tracked in one or more countries)
    /// by itself; columns: every country the project tracks.
    public func grid(_ request: ASOGrid.Request) throws -> ASOGrid.Response {
        try ASOStore.requireAccess(request.project)
        let keywords = try db.query(
            ASOStore.keywordSelect + " WHERE k.project_id = ? ORDER BY k.term, k.country",
            [.text(request.project.projectId)]
        ).map(ASOStore.keyword(from:))
        let groups = try db.query(
            "SELECT id, concept FROM keyword_groups WHERE project_id = ? ORDER BY concept, id",
            [.text(request.project.projectId)])
        var rows: [ASOGridRow] = []
        for group in groups {
            let id = try group.text("id")
            let cells = Dictionary(keywords.filter { $0.groupId == id }.map { ($0.country, $0) }) { first, _ in first }
            rows.append(ASOGridRow(groupId: id, concept: try group.text("concept"), cells: cells))
        }
        var loose: [String: [String: ASOTrackedKeyword]] = [:]
        var order: [String] = []
        for keyword in keywords where keyword.groupId == nil {
            if loose[keyword.term] == nil { order.append(keyword.term) }
            loose[keyword.term, default: [:]][keyword.country] = keyword
        }
        rows += order.map { ASOGridRow(groupId: nil, concept: $0, cells: loose[$0]!) }
        return ASOGrid.Response(countries: Array(Set(keywords.map(\.country))).sorted(), rows: rows)
    }
}
