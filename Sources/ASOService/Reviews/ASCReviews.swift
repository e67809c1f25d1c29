import Foundation
import HubAppStoreConnect
import HubMessaging
import HubRuntime
import HubStore

/// Reviews and developer responses: synchronized from Apple, listed from asod's copy, answered
/// through Apple and recorded with Apple's own state.
public final class ASCReviews: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let connections: ASCConnections
    /// Pages of 200 read per synchronization, newest first.
    static let syncPages = 5

    public init(db: SQLiteDatabase, clock: Clock, connections: ASCConnections) {
        self.db = db
        self.clock = clock
        self.connections = connections
    }

    private func now() -> String { ISOTime.format(clock.now()) }

    struct ReviewAttributes: Decodable {
        let rating: Int?
        let title: String?
        let body: String?
        let reviewerNickname: String?
        let createdDate: String?
        let territory: String?
    }

    /// Fields of `customerReviewResponses`; optional, since `included` may hold other types.
    struct ResponseAttributes: Decodable {
        let responseBody: String?
        let lastModifiedDate: String?
        let state: String?
    }

    private func client(_ app: ASCAppRef) throws -> ASCClient { try connections.client(organizationId: app.organizationId) }

    /// Reads the newest reviews with their responses and stores them; the team's status is kept.
    public func sync(_ app: ASCAppRef) throws -> Int {
        let page: (data: [JSONAPIResource<ReviewAttributes>], included: [JSONAPIResource<ResponseAttributes>])
        do {
            page = try client(app).list(
                "/v1/apps/\(app.appStoreId)/customerReviews",
                query: [("sort", "-createdDate"), ("limit", "200"), ("include", "response")],
                including: ResponseAttributes.self, maxPages: ASCReviews.syncPages)
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
        let responses = Dictionary(
            page.included.filter { $0.type == "customerReviewResponses" }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        let syncedAt = now()
        try db.transaction {
            for review in page.data {
                guard let attributes = review.attributes, let rating = attributes.rating, (1...5).contains(rating),
                    let created = attributes.createdDate
                else { continue }
                let response = review.relationships?["response"]?.data.flatMap { responses[$0.id] }
                try db.run(
                    """
                    INSERT INTO asc_reviews (project_id, review_id, organization_id, app_store_id, rating, title, body, reviewer_nickname,
                                             territory, created_at, response_id, response_body, response_state, response_updated_at, synced_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (project_id, review_id) DO UPDATE SET
                        rating = excluded.rating, title = excluded.title, body = excluded.body,
                        reviewer_nickname = excluded.reviewer_nickname, territory = excluded.territory,
                        response_id = excluded.response_id, response_body = excluded.response_body,
                        response_state = excluded.response_state, response_updated_at = excluded.response_updated_at,
                        synced_at = excluded.synced_at
                    """,
                    [
                        .text(app.projectId), .text(review.id), .text(app.organizationId), .text(app.appStoreId), .int(Int64(rating)),
                        SQLValue(attributes.title), SQLValue(attributes.body), SQLValue(attributes.reviewerNickname),
                        SQLValue(attributes.territory), .text(created), SQLValue(response?.id),
                        SQLValue(response?.attributes?.responseBody),
                        SQLValue(response?.attributes?.state), SQLValue(response?.attributes?.lastModifiedDate), .text(syncedAt),
                    ])
            }
        }
        return page.data.count
    }

    public func list(_ request: ASCReviewsList.Request) throws -> [ASCReviewDTO] {
        guard (1...ASCReviewsList.maximumLimit).contains(request.limit) else {
            throw RPCError(
                code: "INVALID_QUERY", message: "limit must be 1-\(ASCReviewsList.maximumLimit)", status: 400,
                fields: ["limit": ["must be 1-\(ASCReviewsList.maximumLimit)"]])
        }
        var sql = "SELECT * FROM asc_reviews WHERE project_id = ?"
        var args: [SQLValue] = [.text(request.projectId)]
        if let rating = request.rating {
            sql += " AND rating = ?"
            args.append(.int(Int64(rating)))
        }
        if let territory = request.territory {
            sql += " AND territory = ?"
            args.append(.text(territory))
        }
        if let answered = request.answered { sql += answered ? " AND response_id IS NOT NULL" : " AND response_id IS NULL" }
        if let status = request.status {
            sql += " AND status = ?"
            args.append(.text(status.rawValue))
        }
        sql += " ORDER BY created_at DESC, review_id DESC LIMIT ?"
        args.append(.int(Int64(request.limit)))
        return try db.query(sql, args).map(ASCReviews.dto)
    }

    public func review(_ ref: ASCReviewRef) throws -> ASCReviewDTO { try ASCReviews.dto(row(ref)) }

    private func row(_ ref: ASCReviewRef) throws -> Row {
        guard
            let row = try db.queryOne(
                "SELECT * FROM asc_reviews WHERE project_id = ? AND review_id = ?",
                [.text(ref.app.projectId), .text(ref.reviewId)])
        else {
            throw RPCError(code: "REVIEW_NOT_FOUND", message: "No synchronized review with this ID.", status: 404)
        }
        return row
    }

    /// Creates or replaces the response with Apple; Apple's answer (its ID and state) is stored.
    public func respond(_ request: ASCReviewRespond.Request) throws -> ASCReviewDTO {
        let text = request.body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...ASCReviewRespond.maximumBodyLength).contains(text.count) else {
            throw RPCError(
                code: "INVALID_PAYLOAD", message: "body must be 1-\(ASCReviewRespond.maximumBodyLength) characters", status: 400,
                fields: ["body": ["must be 1-\(ASCReviewRespond.maximumBodyLength) characters"]])
        }
        _ = try row(request.review)
        let body: [String: Any] = [
            "data": [
                "type": "customerReviewResponses", "attributes": ["responseBody": text],
                "relationships": ["review": ["data": ["type": "customerReviews", "id": request.review.reviewId]]],
            ]
        ]
        let created: JSONAPIResource<ResponseAttributes>?
        do {
            created = try client(request.review.app).write("POST", "/v1/customerReviewResponses", body: body, as: ResponseAttributes.self)
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
        guard let created else {
            throw RPCError(code: "STORE_UNAVAILABLE", message: "App Store Connect answered no response.", status: 502)
        }
        try db.run(
            """
            UPDATE asc_reviews SET response_id = ?, response_body = ?, response_state = ?, response_updated_at = ?
            WHERE project_id = ? AND review_id = ?
            """,
            [
                .text(created.id), .text(created.attributes?.responseBody ?? text), SQLValue(created.attributes?.state),
                SQLValue(created.attributes?.lastModifiedDate), .text(request.review.app.projectId), .text(request.review.reviewId),
            ])
        return try review(request.review)
    }

    /// Deletes the response with Apple; a response Apple no longer has is forgotten too.
    public func deleteResponse(_ ref: ASCReviewRef) throws -> ASCReviewDTO {
        guard let responseId = try row(ref).string("response_id") else {
            throw RPCError(code: "NO_RESPONSE", message: "This review has no developer response.", status: 409)
        }
        do {
            try client(ref.app).write("DELETE", "/v1/customerReviewResponses/\(responseId)", body: nil, as: ResponseAttributes.self)
        } catch ASCError.notFound {
            // Already gone at Apple: the local copy follows.
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
        try db.run(
            """
            UPDATE asc_reviews SET response_id = NULL, response_body = NULL, response_state = NULL, response_updated_at = NULL
            WHERE project_id = ? AND review_id = ?
            """, [.text(ref.app.projectId), .text(ref.reviewId)])
        return try review(ref)
    }

    public func setStatus(_ request: ASCReviewSetStatus.Request) throws -> ASCReviewDTO {
        _ = try row(request.review)
        try db.run(
            "UPDATE asc_reviews SET status = ? WHERE project_id = ? AND review_id = ?",
            [.text(request.status.rawValue), .text(request.review.app.projectId), .text(request.review.reviewId)])
        return try review(request.review)
    }

    static func dto(_ row: Row) throws -> ASCReviewDTO {
        let response = row.string("response_id").map {
            ASCReviewDTO.Response(
                id: $0, body: row.string("response_body") ?? "", state: row.string("response_state"),
                updatedAt: row.string("response_updated_at"))
        }
        return try ASCReviewDTO(
            id: row.text("review_id"), rating: Int(row.integer("rating")), title: row.string("title"),
            body: row.string("body"), reviewerNickname: row.string("reviewer_nickname"), territory: row.string("territory"),
            createdAt: row.text("created_at"), response: response,
            status: ASCReviewDTO.Status(rawValue: row.text("status")) ?? .open, syncedAt: row.text("synced_at"))
    }
}
