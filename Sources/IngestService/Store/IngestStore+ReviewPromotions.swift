import Foundation
import HubHTTPServer
import HubMessaging

extension IngestStore {
    /// Ideas made from the project's App Store reviews, by review ID.
    public func reviewPromotions(projectId: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try db.query("SELECT review_id, idea_id FROM review_promotions WHERE project_id = ?", [.text(projectId)]) {
            try result[row.text("review_id")] = row.text("idea_id")
        }
        return result
    }

    /// Creates a community idea from a review the operator reviewed (title and description as
    /// given) on the board `boardSlug`, linked to the review in the same transaction. The idea is
    /// published even on a moderated board. 409 `ALREADY_PROMOTED` for a review that has one.
    public func promoteReview(
        projectId: String, organizationId: String, reviewId: String, boardSlug: String,
        title: String, description: String
    ) throws -> AdminIdea {
        try db.transaction {
            if try db.queryOne(
                "SELECT idea_id FROM review_promotions WHERE project_id = ? AND review_id = ?",
                [.text(projectId), .text(reviewId)]) != nil
            {
                throw APIError.alreadyPromoted
            }
            guard let board = try boards(projectId: projectId).first(where: { $0.slug == boardSlug }) else {
                throw APIError.invalidPayload(["board": ["no board of this project has this slug"]])
            }
            let idea = try submitIdea(
                projectId: projectId, board: board, title: title, description: description,
                authorName: nil, authorEmail: nil, authorKey: nil)
            try db.run("UPDATE ideas SET moderation = 'approved' WHERE id = ? AND moderation = 'pending'", [.text(idea.id)])
            try db.run(
                "INSERT INTO review_promotions (project_id, review_id, idea_id, created_at) VALUES (?, ?, ?, ?)",
                [.text(projectId), .text(reviewId), .text(idea.id), .text(now())])
            return try adminIdea(id: idea.id, organizationId: organizationId)!
        }
    }

    /// Every imported project (with an App Store app ID), for the reviews job.
    public func importedApps() throws -> [ASCAppRef] {
        try db.query("SELECT id, organization_id, app_store_id FROM projects WHERE app_store_id IS NOT NULL ORDER BY id").map {
            try ASCAppRef(organizationId: $0.text("organization_id"), projectId: $0.text("id"), appStoreId: $0.text("app_store_id"))
        }
    }
}
