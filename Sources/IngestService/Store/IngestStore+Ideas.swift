import Foundation
import HubStore

/// Community ideas: lookup by handle and public submission.
extension IngestStore {
    /// Merges are followed at most this far, so a cycle made by hand in the database cannot hang a request.
    static let maxMergeHops = 8

    /// The idea a handle (ID or slug) names in a project, following merges to their target;
    /// nil when there is none, or when it is pending or rejected and `viewerKey` is not its author.
    public func publicIdea(projectId: String, handle: String, viewerKey: String?) throws -> CommunityIdea? {
        guard
            var row = try db.queryOne(
                """
                SELECT id, merged_into_id FROM ideas WHERE project_id = ? AND (id = ? OR slug = ?) ORDER BY id = ? DESC LIMIT 1
                """, [.text(projectId), .text(handle), .text(handle), .text(handle)])
        else { return nil }
        var hops = 0
        while let target = row.string("merged_into_id"), hops < IngestStore.maxMergeHops {
            guard
                let next = try db.queryOne(
                    "SELECT id, merged_into_id FROM ideas WHERE id = ? AND project_id = ?",
                    [.text(target), .text(projectId)])
            else { return nil }
            row = next
            hops += 1
        }
        guard row.string("merged_into_id") == nil, let idea = try communityIdea(id: row.text("id"), viewerKey: viewerKey) else {
            return nil
        }
        return idea.isPubliclyVisible || idea.viewerIsAuthor ? idea : nil
    }

    func communityIdea(id: String, viewerKey: String?) throws -> CommunityIdea? {
        try db.queryOne(CommunityIdea.selectSQL + " WHERE i.id = ?2", [SQLValue(viewerKey), .text(id)]).map(CommunityIdea.init(row:))
    }

    /// Creates an idea on `board` in one transaction: a slug unique in the project, the
    /// board's default status, and `pending` moderation when the board moderates ideas.
    /// Texts must already be validated.
    public func submitIdea(
        projectId: String, board: Board, title: String, description: String, authorName: String?,
        authorEmail: String?, authorKey: String?
    ) throws -> CommunityIdea {
        try db.transaction {
            let id = ids.next()
            let at = now()
            let status = board.statuses.first(where: \.isDefault) ?? board.statuses.first
            let base = IdeaSlug.base(for: title)
            let moderation: String? = board.moderation.moderatesIdeas ? "pending" : nil
            // Inserts the idea under `slug` unless the project has that slug already.
            func inserted(as slug: String) throws -> Bool {
                try db.run(
                    """
                    INSERT INTO ideas (id, project_id, board_id, slug, title, description, author_name, author_email, author_key,
                                       status_id, moderation, created_at, last_activity_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (project_id, slug) DO NOTHING
                    """,
                    [
                        .text(id), .text(projectId), .text(board.id), .text(slug), .text(title), .text(description),
                        SQLValue(authorName), SQLValue(authorEmail), SQLValue(authorKey), SQLValue(status?.id),
                        SQLValue(moderation), .text(at), .text(at), .text(at),
                    ])
                return db.changes == 1
            }
            // Most titles' own slug is free: the insert tries it, and the slugs taken in the
            // project are read only when it is not (a lookup fewer for the writer thread).
            var slug = base
            if try !inserted(as: base) {
                slug = try uniqueIdeaSlug(projectId: projectId, base: base)
                guard try inserted(as: slug) else {
                    throw StoreError.constraint(message: "idea slug '\(slug)' was taken while it was chosen")
                }
            }
            // Searchable from this transaction's commit on (`IngestStore.indexPendingIdeas`); no
            // trigger does it, so the insert above needs no statement journal.
            try db.run("INSERT INTO ideas_fts_pending (idea_rowid) VALUES (last_insert_rowid())")
            // Built from what was inserted rather than read back: this runs on the writer thread.
            return CommunityIdea(
                created: id, slug: slug, board: board, status: status, title: title, description: description,
                authorName: authorName, authorKey: authorKey, moderation: moderation, at: at)
        }
    }

    /// A free slug for a title whose `base` is taken in the project (`IdeaSlug.firstFree`): a
    /// few lookups of the project's unique slug index, however many ideas share the title. Call
    /// inside the write transaction that inserts it. Reading every slug that starts with the base
    /// cost the writer milliseconds an idea once a title had been posted a few thousand times.
    func uniqueIdeaSlug(projectId: String, base: String) throws -> String {
        try IdeaSlug.firstFree(base) { slug in
            try db.queryOne("SELECT 1 FROM ideas WHERE project_id = ? AND slug = ?", [.text(projectId), .text(slug)]) != nil
        }
    }
}
