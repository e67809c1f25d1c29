import Foundation
import HubHTTPServer

extension IngestStore {
    /// Merges a duplicate into another idea of the same project in one transaction: the
    /// source's voters are added to the target (a voter of both counts once), its comments
    /// move, both ideas' counts are recomputed, and the source (and any idea merged into it
    /// before) then points at the target and leaves every list. Both IDs must already be
    /// known to belong to the caller's organization.
    public func mergeIdea(sourceId: String, into targetId: String) throws -> AdminIdea {
        if sourceId == targetId { throw APIError.mergeIntoSelf }
        return try db.transaction {
            guard
                let source = try db.queryOne(
                    "SELECT project_id, merged_into_id, last_activity_at FROM ideas WHERE id = ?",
                    [.text(sourceId)])
            else { throw APIError.adminNotFound("idea") }
            guard let target = try db.queryOne("SELECT project_id, merged_into_id FROM ideas WHERE id = ?", [.text(targetId)]) else {
                throw APIError.invalidPayload(["into": ["no idea has this ID"]])
            }
            if source.string("merged_into_id") != nil { throw APIError.ideaMerged }
            if source.string("project_id") != target.string("project_id") { throw APIError.mergeAcrossProjects }
            if target.string("merged_into_id") != nil { throw APIError.mergeTargetMerged }
            let at = now()
            try db.run(
                """
                INSERT OR IGNORE INTO votes (idea_id, voter_key, created_at)
                SELECT ?, voter_key, created_at FROM votes WHERE idea_id = ?
                """, [.text(targetId), .text(sourceId)])
            try db.run("DELETE FROM votes WHERE idea_id = ?", [.text(sourceId)])
            try db.run("UPDATE comments SET idea_id = ? WHERE idea_id = ?", [.text(targetId), .text(sourceId)])
            try db.run(
                "UPDATE ideas SET merged_into_id = ?, updated_at = ? WHERE id = ? OR merged_into_id = ?",
                [.text(targetId), .text(at), .text(sourceId), .text(sourceId)])
            for id in [sourceId, targetId] {
                try db.run("UPDATE ideas SET vote_count = (SELECT count(*) FROM votes WHERE idea_id = ideas.id) WHERE id = ?", [.text(id)])
                try recountComments(ideaId: id)
            }
            try db.run(
                """
                UPDATE ideas SET updated_at = ?, last_activity_at = MAX(last_activity_at, ?) WHERE id = ?
                """, [.text(at), .text(try source.text("last_activity_at")), .text(targetId)])
            return try db.queryOne(IngestStore.adminIdeaSelect + " WHERE i.id = ?", [.text(targetId)]).map(IngestStore.adminIdea(from:))!
        }
    }
}
