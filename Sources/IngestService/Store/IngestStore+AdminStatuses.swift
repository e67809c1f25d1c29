import Foundation
import HubHTTPServer
import HubStore

/// A status to create.
public struct AdminStatusSpec: Sendable {
    public var slug: String
    public var label: String
    public var color: String
    public var isFinal = false
    public var isDefault = false

    public init(slug: String, label: String, color: String, isFinal: Bool = false, isDefault: Bool = false) {
        self.slug = slug
        self.label = label
        self.color = color
        self.isFinal = isFinal
        self.isDefault = isDefault
    }
}

/// Changes to a status; nil leaves a field as it is.
public struct AdminStatusChanges: Sendable {
    public var slug: String?
    public var label: String?
    public var color: String?
    public var isFinal: Bool?
    public var isDefault: Bool?

    public init() {}
}

extension IngestStore {
    static let defaultCannotBeFinal = APIError.invalidPayload(["isFinal": ["the default status cannot be final"]])

    /// A status of this organization with its board; nil for another organization's status.
    public func adminStatus(id: String, organizationId: String) throws -> (status: BoardStatus, boardId: String)? {
        try db.queryOne(
            """
            SELECT s.* FROM board_statuses s JOIN boards b ON b.id = s.board_id JOIN projects p ON p.id = b.project_id
            WHERE s.id = ? AND p.organization_id = ?
            """, [.text(id), .text(organizationId)]
        ).map { try (IngestStore.boardStatus(from: $0), $0.text("board_id")) }
    }

    /// Adds a status at the end of the board's order. A new default replaces the old one;
    /// 409 `SLUG_TAKEN` when the board has the slug.
    public func createStatus(boardId: String, spec: AdminStatusSpec) throws -> BoardStatus {
        if spec.isDefault && spec.isFinal { throw IngestStore.defaultCannotBeFinal }
        return try db.transaction {
            try ensureStatusSlugFree(boardId: boardId, slug: spec.slug, except: nil)
            if spec.isDefault { try db.run("UPDATE board_statuses SET is_default = 0 WHERE board_id = ?", [.text(boardId)]) }
            let position =
                try db.scalar(
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM board_statuses WHERE board_id = ?",
                    [.text(boardId)]
                ).intValue ?? 0
            let status = BoardStatus(
                id: ids.next(), slug: spec.slug, label: spec.label, color: spec.color, position: position,
                isDefault: spec.isDefault, isFinal: spec.isFinal)
            try db.run(
                """
                INSERT INTO board_statuses (id, board_id, slug, label, color, position, is_default, is_final)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(status.id), .text(boardId), .text(status.slug), .text(status.label), .text(status.color),
                    .int(Int64(position)), SQLValue(status.isDefault), SQLValue(status.isFinal),
                ])
            return status
        }
    }

    /// Applies `changes`. Making a status the default clears the board's old default;
    /// un-defaulting the default is 409 `DEFAULT_STATUS_REQUIRED` (a board keeps exactly one);
    /// the default cannot be final.
    public func updateStatus(id: String, boardId: String, changes: AdminStatusChanges) throws -> BoardStatus {
        try db.transaction {
            guard let row = try db.queryOne("SELECT * FROM board_statuses WHERE id = ?", [.text(id)]) else {
                throw APIError.adminNotFound("status")
            }
            var status = try IngestStore.boardStatus(from: row)
            if let slug = changes.slug, slug != status.slug {
                try ensureStatusSlugFree(boardId: boardId, slug: slug, except: id)
                status.slug = slug
            }
            if let label = changes.label { status.label = label }
            if let color = changes.color { status.color = color }
            if let isFinal = changes.isFinal { status.isFinal = isFinal }
            if let isDefault = changes.isDefault {
                if status.isDefault && !isDefault { throw APIError.defaultStatusRequired }
                if isDefault && !status.isDefault {
                    try db.run("UPDATE board_statuses SET is_default = 0 WHERE board_id = ?", [.text(boardId)])
                }
                status.isDefault = isDefault
            }
            if status.isDefault && status.isFinal { throw IngestStore.defaultCannotBeFinal }
            try db.run(
                "UPDATE board_statuses SET slug = ?, label = ?, color = ?, is_final = ?, is_default = ? WHERE id = ?",
                [
                    .text(status.slug), .text(status.label), .text(status.color), SQLValue(status.isFinal),
                    SQLValue(status.isDefault), .text(id),
                ])
            return status
        }
    }

    /// Puts the board's statuses in the order of `statusIds` (each exactly once, else 400
    /// `INVALID_PAYLOAD`) and returns the board.
    public func reorderStatuses(boardId: String, projectId: String, statusIds: [String]) throws -> Board {
        try db.transaction {
            let current = try db.query("SELECT id FROM board_statuses WHERE board_id = ?", [.text(boardId)]).compactMap { $0.string("id") }
            guard statusIds.count == current.count, Set(statusIds) == Set(current) else {
                throw APIError.invalidPayload(["statusIds": ["must list every status of the board exactly once"]])
            }
            for (position, id) in statusIds.enumerated() {
                try db.run("UPDATE board_statuses SET position = ? WHERE id = ?", [.int(Int64(position)), .text(id)])
            }
            return try boards(projectId: projectId).first { $0.id == boardId }!
        }
    }

    /// Deletes a status no idea uses (else 409 `STATUS_IN_USE`) that is not the board's
    /// default (409 `STATUS_IN_USE` too: the board would be left without one).
    public func deleteStatus(id: String) throws {
        try db.transaction {
            guard let row = try db.queryOne("SELECT is_default FROM board_statuses WHERE id = ?", [.text(id)]) else {
                throw APIError.adminNotFound("status")
            }
            if row.bool("is_default") == true { throw APIError.defaultStatusUndeletable }
            if try db.queryOne("SELECT 1 FROM ideas WHERE status_id = ? LIMIT 1", [.text(id)]) != nil { throw APIError.statusInUse }
            try db.run("DELETE FROM board_statuses WHERE id = ?", [.text(id)])
        }
    }

    private func ensureStatusSlugFree(boardId: String, slug: String, except id: String?) throws {
        if let row = try db.queryOne("SELECT id FROM board_statuses WHERE board_id = ? AND slug = ?", [.text(boardId), .text(slug)]),
            row.string("id") != id
        {
            throw APIError.slugTaken
        }
    }
}
