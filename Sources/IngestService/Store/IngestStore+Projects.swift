import Foundation
import HubCrypto
import HubStore

extension IngestStore {
    /// A new public App ID: `app_` and 20 lowercase letters and digits.
    static func newAppId() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let random = SecureRandom.bytes(20)
        return "app_" + String(decoding: random.map { alphabet[Int($0) % alphabet.count] }, as: UTF8.self)
    }

    /// The statuses every new board starts with unless it names its own.
    static let defaultStatuses: [(slug: String, label: String, color: String, isDefault: Bool, isFinal: Bool)] = [
        ("open", "Open", "#6B7280", true, false),
        ("planned", "Planned", "#2563EB", false, false),
        ("in-progress", "In progress", "#D97706", false, false),
        ("done", "Done", "#16A34A", false, true),
        ("declined", "Declined", "#DC2626", false, true),
    ]

    /// Creates a project with its `ideas` board (default statuses, all policies `anyone`,
    /// no moderation) in one transaction.
    public func createProject(
        organizationId: String, name: String, allowedOrigins: [String],
        chatMode: Project.ChatMode = .identified
    ) throws -> Project {
        try db.transaction {
            let id = ids.next()
            let at = now()
            try db.run(
                """
                INSERT INTO projects (id, organization_id, app_id, name, allowed_origins, chat_mode, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(organizationId), .text(IngestStore.newAppId()), .text(name),
                    .text(IngestStore.jsonArray(allowedOrigins)), .text(chatMode.rawValue), .text(at), .text(at),
                ])
            _ = try insertBoard(
                projectId: id, slug: "ideas", name: "Ideas", description: nil, moderation: .none,
                policies: .open, statuses: nil)
            return try project(id: id)!
        }
    }

    /// Inserts a board and its statuses (the defaults when `statuses` is nil). Call inside a transaction.
    func insertBoard(
        projectId: String, slug: String, name: String, description: String?, moderation: BoardModeration,
        policies: BoardPolicies, statuses: [BoardStatus]?
    ) throws -> String {
        let boardId = ids.next()
        let position =
            (try db.scalar(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM boards WHERE project_id = ?",
                [.text(projectId)]
            ).intValue) ?? 0
        try db.run(
            """
            INSERT INTO boards (id, project_id, slug, name, description, position, moderation, submission_policy, vote_policy,
                                comment_policy, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(boardId), .text(projectId), .text(slug), .text(name), SQLValue(description), .int(Int64(position)),
                .text(moderation.rawValue), .text(policies.submission.rawValue), .text(policies.vote.rawValue),
                .text(policies.comment.rawValue), .text(now()),
            ])
        let rows =
            statuses
            ?? IngestStore.defaultStatuses.enumerated().map { index, s in
                BoardStatus(
                    id: "", slug: s.slug, label: s.label, color: s.color, position: index, isDefault: s.isDefault, isFinal: s.isFinal)
            }
        for status in rows {
            try db.run(
                """
                INSERT INTO board_statuses (id, board_id, slug, label, color, position, is_default, is_final)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(ids.next()), .text(boardId), .text(status.slug), .text(status.label), .text(status.color),
                    .int(Int64(status.position)), SQLValue(status.isDefault), SQLValue(status.isFinal),
                ])
        }
        return boardId
    }

    public func project(id: String) throws -> Project? {
        try db.queryOne("SELECT * FROM projects WHERE id = ?", [.text(id)]).map(IngestStore.project(from:))
    }

    /// A project of this organization; another organization's project is nil (answered 404).
    public func project(id: String, organizationId: String) throws -> Project? {
        try db.queryOne("SELECT * FROM projects WHERE id = ? AND organization_id = ?", [.text(id), .text(organizationId)])
            .map(IngestStore.project(from:))
    }

    public func project(appId: String) throws -> Project? {
        try projectsByAppId.value(for: appId, in: projectChanges) {
            try db.queryOne("SELECT * FROM projects WHERE app_id = ?", [.text(appId)]).map(IngestStore.project(from:))
        }
    }

    static func project(from row: Row) throws -> Project {
        try Project(
            id: row.text("id"), organizationId: row.text("organization_id"), appId: row.text("app_id"),
            name: row.text("name"), allowedOrigins: decodeArray(row.string("allowed_origins")),
            chatMode: Project.ChatMode(rawValue: row.text("chat_mode")) ?? .identified,
            watermark: row.bool("watermark") ?? true, languages: decodeArray(row.string("languages")),
            automaticReviewRequests: row.bool("automatic_review_requests") ?? false, appStoreId: row.string("app_store_id"),
            bundleId: row.string("bundle_id"), identityConfigured: row.string("identity_secret") != nil,
            createdAt: row.text("created_at"), updatedAt: row.text("updated_at"))
    }

    /// The boards of a project in order, each with its statuses in order.
    public func boards(projectId: String) throws -> [Board] {
        try boardsByProject.value(for: projectId, in: projectChanges) { try loadBoards(projectId: projectId) }
    }

    private func loadBoards(projectId: String) throws -> [Board] {
        let boardRows = try db.query("SELECT * FROM boards WHERE project_id = ? ORDER BY position, created_at", [.text(projectId)])
        let statusRows = try db.query(
            """
            SELECT s.* FROM board_statuses s JOIN boards b ON b.id = s.board_id
            WHERE b.project_id = ? ORDER BY s.position, s.slug
            """, [.text(projectId)])
        var statuses: [String: [BoardStatus]] = [:]
        for row in statusRows { try statuses[row.text("board_id"), default: []].append(IngestStore.boardStatus(from: row)) }
        return try boardRows.map { try IngestStore.board(from: $0, statuses: statuses[$0.text("id")] ?? []) }
    }

    static func boardStatus(from row: Row) throws -> BoardStatus {
        try BoardStatus(
            id: row.text("id"), slug: row.text("slug"), label: row.text("label"), color: row.text("color"),
            position: Int(row.integer("position")), isDefault: row.flag("is_default"), isFinal: row.flag("is_final"))
    }

    static func board(from row: Row, statuses: [BoardStatus]) throws -> Board {
        try Board(
            id: row.text("id"), slug: row.text("slug"), name: row.text("name"), description: row.string("description"),
            position: Int(row.integer("position")), moderation: BoardModeration(rawValue: row.text("moderation")) ?? .none,
            policies: BoardPolicies(
                submission: Participation(rawValue: row.text("submission_policy")) ?? .anyone,
                vote: Participation(rawValue: row.text("vote_policy")) ?? .anyone,
                comment: Participation(rawValue: row.text("comment_policy")) ?? .anyone),
            statuses: statuses)
    }
}
