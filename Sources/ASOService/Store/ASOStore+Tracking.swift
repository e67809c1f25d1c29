import Foundation
import HubMessaging
import HubStore

/// Tracked keywords per project and country, with the organization's allowance, and their
/// latest ranks. A normalized term is tracked once per project and country.
extension ASOStore {
    /// Terms per add call.
    public static let maximumTermsPerCall = 100

    static let keywordSelect = """
        SELECT k.*, r.day AS r_day, r.observed_at AS r_observed_at, r.rank AS r_rank,
               (SELECT p.rank FROM keyword_ranks p WHERE p.keyword_id = k.id AND p.day = date(r.day, '-7 days')) AS r_previous
        FROM tracked_keywords k
        LEFT JOIN keyword_ranks r ON r.keyword_id = k.id
             AND r.day = (SELECT MAX(day) FROM keyword_ranks m WHERE m.keyword_id = k.id)
        """

    /// 403 without ASO access.
    static func requireAccess(_ project: ASOProjectRef) throws {
        guard project.plan.hasASOAccess else { throw RPCError.asoPlanRequired() }
    }

    static func country(_ raw: String, field: String = "country") throws -> String {
        guard let country = ASOStorefront.normalize(raw) else {
            throw RPCError.asoInvalidPayload([field: ["must be a supported App Store country code, e.g. us"]])
        }
        return country
    }

    /// Keeps the rows' App Store ID in step with the project's, which ingest owns and sends.
    func syncAppStoreId(_ project: ASOProjectRef) throws {
        guard let id = project.appStoreId else { return }
        try db.run(
            "UPDATE tracked_keywords SET app_store_id = ? WHERE project_id = ? AND app_store_id != ?",
            [.text(id), .text(project.projectId), .text(id)])
    }

    public func addKeywords(_ request: ASOKeywordsAdd.Request) throws -> ASOKeywordsAdd.Response {
        try ASOStore.requireAccess(request.project)
        let country = try ASOStore.country(request.country)
        var problems: [String: [String]] = [:]
        if request.terms.isEmpty || request.terms.count > ASOStore.maximumTermsPerCall {
            problems["terms"] = ["must hold 1-\(ASOStore.maximumTermsPerCall) terms"]
        }
        for (i, term) in request.terms.enumerated() {
            if let problem = ASOTerm.problem(term) { problems["terms[\(i)]"] = [problem] }
        }
        guard problems.isEmpty else { throw RPCError.asoInvalidPayload(problems) }
        return try previewable(request.dryRun == true) {
            let ids = try insertKeywords(project: request.project, country: country, terms: request.terms, groupId: nil)
            return ASOKeywordsAdd.Response(added: try keywords(ids: ids.added), existing: try keywords(ids: ids.existing))
        }
    }

    /// Inserts the terms not yet tracked (normalized) within the allowance; call inside a
    /// transaction. With `groupId`, existing keywords join the group too.
    func insertKeywords(project: ASOProjectRef, country: String, terms: [String], groupId: String?) throws
        -> (added: [String], existing: [String])
    {
        guard let appStoreId = project.appStoreId else {
            throw RPCError(
                code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId before tracking keywords: ranks are measured for that app.", status: 409)
        }
        try syncAppStoreId(project)
        var added: [String] = []
        var existing: [String] = []
        var fresh: [String] = []
        var seen = Set<String>()
        for raw in terms {
            let term = ASOTerm.normalize(raw)
            guard seen.insert(term).inserted else { continue }
            if let id = try db.scalar(
                "SELECT id FROM tracked_keywords WHERE project_id = ? AND country = ? AND term = ?",
                [.text(project.projectId), .text(country), .text(term)]
            ).stringValue {
                existing.append(id)
            } else {
                fresh.append(term)
            }
        }
        if let allowance = project.plan.trackedKeywordAllowance, !fresh.isEmpty {
            let used =
                try db.scalar(
                    "SELECT COUNT(*) FROM tracked_keywords WHERE organization_id = ?",
                    [.text(project.organizationId)]
                ).intValue ?? 0
            if used + fresh.count > allowance { throw RPCError.asoKeywordLimit(allowance: allowance) }
        }
        let at = now()
        for term in fresh {
            let id = ids.next()
            try db.run(
                """
                INSERT INTO tracked_keywords (id, organization_id, project_id, app_store_id, term, country, group_id, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(project.organizationId), .text(project.projectId), .text(appStoreId), .text(term),
                    .text(country), SQLValue(groupId), .text(at),
                ])
            added.append(id)
        }
        if let groupId, !existing.isEmpty {
            for id in existing { try db.run("UPDATE tracked_keywords SET group_id = ? WHERE id = ?", [.text(groupId), .text(id)]) }
        }
        return (added, existing)
    }

    public func listKeywords(_ request: ASOKeywordsList.Request) throws -> ASOKeywordsList.Response {
        try ASOStore.requireAccess(request.project)
        try syncAppStoreId(request.project)
        var sql = ASOStore.keywordSelect + " WHERE k.project_id = ?"
        var args: [SQLValue] = [.text(request.project.projectId)]
        if let raw = request.country {
            let country =
                try ASOStorefront.normalize(raw)
                ?? {
                    throw RPCError.asoInvalidQuery(["country": ["must be a supported App Store country code, e.g. us"]])
                }()
            sql += " AND k.country = ?"
            args.append(.text(country))
        }
        let items = try db.query(sql + " ORDER BY k.country, k.term", args).map(ASOStore.keyword(from:))
        let used =
            try db.scalar(
                "SELECT COUNT(*) FROM tracked_keywords WHERE organization_id = ?",
                [.text(request.project.organizationId)]
            ).intValue ?? 0
        return ASOKeywordsList.Response(
            items: items, organizationUsed: used,
            organizationAllowance: request.project.plan.trackedKeywordAllowance)
    }

    /// The keyword as it was before removal.
    @discardableResult
    public func removeKeyword(_ request: ASOKeywordRef) throws -> ASOTrackedKeyword {
        try ASOStore.requireAccess(request.project)
        return try previewable(request.dryRun == true) {
            guard let keyword = try keywords(ids: [request.keywordId]).first, keyword.projectId == request.project.projectId else {
                throw RPCError.asoKeywordNotFound()
            }
            try db.run("DELETE FROM tracked_keywords WHERE id = ?", [.text(request.keywordId)])
            return keyword
        }
    }

    /// Runs `body` in one transaction, committed, or with `dryRun` rolled back after it
    /// answered: a preview goes through exactly the checks of the real change.
    func previewable<T>(_ dryRun: Bool, _ body: () throws -> T) throws -> T {
        var answer: T?
        do {
            try db.transaction {
                answer = try body()
                if dryRun { throw PreviewRollback() }
            }
        } catch is PreviewRollback {}
        return answer!
    }

    public func history(_ request: ASOKeywordRef) throws -> ASOKeywordHistory.Response {
        try ASOStore.requireAccess(request.project)
        guard let keyword = try keywords(ids: [request.keywordId]).first, keyword.projectId == request.project.projectId else {
            throw RPCError.asoKeywordNotFound()
        }
        let points = try db.query(
            "SELECT day, observed_at, rank FROM keyword_ranks WHERE keyword_id = ? ORDER BY day DESC",
            [.text(request.keywordId)]
        )
        .map { try ASORankPoint(date: $0.text("day"), observedAt: $0.text("observed_at"), rank: $0.int("rank")) }
        return ASOKeywordHistory.Response(keyword: keyword, items: points)
    }

    /// Keywords by ID, in the given order.
    func keywords(ids: [String]) throws -> [ASOTrackedKeyword] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try db.query(ASOStore.keywordSelect + " WHERE k.id IN (\(marks))", ids.map { .text($0) })
        let byId = Dictionary(uniqueKeysWithValues: try rows.map { try ($0.text("id"), ASOStore.keyword(from: $0)) })
        return ids.compactMap { byId[$0] }
    }

    /// A row of `keywordSelect`: latest rank, and the seven-day change only when both the
    /// latest and the rank dated seven days earlier exist and are ranks.
    static func keyword(from row: Row) throws -> ASOTrackedKeyword {
        let day = row.string("r_day")
        let rank = row.int("r_rank")
        let previous = row.int("r_previous")
        let status: ASOTrackedKeyword.Status = day == nil ? .unobserved : rank == nil ? .unranked : .ranked
        var change: Int?
        if let rank, let previous { change = previous - rank }
        return try ASOTrackedKeyword(
            id: row.text("id"), projectId: row.text("project_id"), term: row.text("term"),
            country: row.text("country"), groupId: row.string("group_id"),
            createdAt: row.text("created_at"), status: status, rank: rank, rankDate: day,
            observedAt: row.string("r_observed_at"), change7d: change)
    }
}

/// Thrown to roll a preview's transaction back once it has answered.
private struct PreviewRollback: Error {}
