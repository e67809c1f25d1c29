/// Community votes: one per (idea, participant key).
extension IngestStore {
    /// Sets `voterKey`'s vote on an idea to `voted` in one transaction. Repeating the current
    /// state changes nothing (`applied` false); a change recounts `vote_count` from the votes
    /// so the two never drift. Nothing else of the idea is touched.
    public func setVote(ideaId: String, voterKey: String, voted: Bool) throws -> VoteResult {
        try db.transaction {
            if voted {
                try db.run(
                    "INSERT OR IGNORE INTO votes (idea_id, voter_key, created_at) VALUES (?, ?, ?)",
                    [.text(ideaId), .text(voterKey), .text(now())])
            } else {
                try db.run("DELETE FROM votes WHERE idea_id = ? AND voter_key = ?", [.text(ideaId), .text(voterKey)])
            }
            let applied = db.changes > 0
            if applied {
                try db.run(
                    "UPDATE ideas SET vote_count = (SELECT count(*) FROM votes WHERE idea_id = ?1) WHERE id = ?1",
                    [.text(ideaId)])
            }
            let count = try db.scalar("SELECT vote_count FROM ideas WHERE id = ?", [.text(ideaId)]).intValue ?? 0
            return VoteResult(voted: voted, voteCount: count, applied: applied)
        }
    }
}
