import Foundation
import HubHTTPServer
import HubStore

/// A board to create; `statuses` nil means the default statuses.
public struct AdminBoardSpec: Sendable {
    public var slug: String
    public var name: String
    public var description: String?
    public var moderation: BoardModeration = .none
    public var policies: BoardPolicies = .open
    public var statuses: [AdminStatusSpec]?

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// Changes to a board; nil leaves a field as it is. `description` is set (possibly to nil)
/// only when `setsDescription`.
public struct AdminBoardChanges: Sendable {
    public var name: String?
    public var setsDescription = false
    public var description: String?
    public var moderation: BoardModeration?
    public var submission: Participation?
    public var vote: Participation?
    public var comment: Participation?

    public init() {}
}

extension IngestStore {
    /// A board of this organization with its project ID; nil for another organization's board.
    public func adminBoard(id: String, organizationId: String) throws -> (board: Board, projectId: String)? {
        guard
            let row = try db.queryOne(
                """
                SELECT b.project_id FROM boards b JOIN projects p ON p.id = b.project_id
                WHERE b.id = ? AND p.organization_id = ?
                """, [.text(id), .text(organizationId)]),
            let projectId = row.string("project_id")
        else { return nil }
        guard let board = try boards(projectId: projectId).first(where: { $0.id == id }) else { return nil }
        return (board, projectId)
    }

    /// Creates a board at the end of the project's order; 409 `SLUG_TAKEN` when the project
    /// has a board with this slug. The statuses' default/final rules are the caller's.
    public func createBoard(projectId: String, spec: AdminBoardSpec) throws -> Board {
        try db.transaction {
            if try db.queryOne("SELECT id FROM boards WHERE project_id = ? AND slug = ?", [.text(projectId), .text(spec.slug)]) != nil {
                throw APIError.slugTaken
            }
            let statuses = spec.statuses?.enumerated().map { index, s in
                BoardStatus(
                    id: "", slug: s.slug, label: s.label, color: s.color, position: index,
                    isDefault: s.isDefault, isFinal: s.isFinal)
            }
            let id = try insertBoard(
                projectId: projectId, slug: spec.slug, name: spec.name, description: spec.description,
                moderation: spec.moderation, policies: spec.policies, statuses: statuses)
            return try boards(projectId: projectId).first { $0.id == id }!
        }
    }

    /// Applies `changes` to a board (already known to belong to the caller).
    public func updateBoard(id: String, projectId: String, changes: AdminBoardChanges) throws -> Board {
        try db.transaction {
            guard var board = try boards(projectId: projectId).first(where: { $0.id == id }) else {
                throw APIError.adminNotFound("board")
            }
            if let name = changes.name { board.name = name }
            if changes.setsDescription { board.description = changes.description }
            if let moderation = changes.moderation { board.moderation = moderation }
            if let value = changes.submission { board.policies.submission = value }
            if let value = changes.vote { board.policies.vote = value }
            if let value = changes.comment { board.policies.comment = value }
            try db.run(
                """
                UPDATE boards SET name = ?, description = ?, moderation = ?, submission_policy = ?, vote_policy = ?,
                       comment_policy = ? WHERE id = ?
                """,
                [
                    .text(board.name), SQLValue(board.description), .text(board.moderation.rawValue),
                    .text(board.policies.submission.rawValue), .text(board.policies.vote.rawValue),
                    .text(board.policies.comment.rawValue), .text(id),
                ])
            return board
        }
    }

    /// Puts the project's boards in the order of `boardIds`, which must name each board once;
    /// else 400 `INVALID_PAYLOAD`.
    public func reorderBoards(projectId: String, boardIds: [String]) throws -> [Board] {
        try db.transaction {
            let current = try db.query("SELECT id FROM boards WHERE project_id = ?", [.text(projectId)]).compactMap { $0.string("id") }
            guard boardIds.count == current.count, Set(boardIds) == Set(current) else {
                throw APIError.invalidPayload(["boardIds": ["must list every board of the project exactly once"]])
            }
            for (position, id) in boardIds.enumerated() {
                try db.run("UPDATE boards SET position = ? WHERE id = ?", [.int(Int64(position)), .text(id)])
            }
            return try boards(projectId: projectId)
        }
    }
}
