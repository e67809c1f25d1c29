import Foundation
import HubAppStoreConnect
import HubMessaging
import HubRuntime
import HubStore

/// Price jobs and the `prices` worker (docs/pricing.md, "Price jobs").
/// Submission only records `pending` items. The worker rereads Apple's price before each write,
/// refuses a conflicting change and a point no longer offered, processes the base territory
/// last, and commits `sent` before writing, so a write whose outcome is unknown (a timeout, a
/// crash) is `uncertain` and is reconciled against Apple before anything is sent again.
/// Subscriptions only: Apple prices in-app purchases as one schedule, not per territory.
public final class PriceJobs: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let connections: ASCConnections
    private let ids: TimeSortableID
    /// Attempts at most per item before it fails for good.
    static let maximumAttempts = 5

    public init(db: SQLiteDatabase, clock: Clock, connections: ASCConnections) {
        self.db = db
        self.clock = clock
        self.connections = connections
        ids = TimeSortableID(clock: clock)
    }

    private func now() -> String { ISOTime.format(clock.now()) }

    private struct PriceAttributes: Decodable { let startDate: String? }
    private struct PointAttributes: Decodable { let customerPrice: String? }

    /// Apple's current price point of the subscription in `territory`.
    private func currentPoint(_ client: ASCClient, productId: String, territory: String) throws -> String? {
        try client.currentSubscriptionPrice(subscriptionId: productId, territory: territory)?.pointId
    }

    private func offered(_ client: ASCClient, productId: String, territory: String, pointId: String) throws -> Bool {
        try client.list(
            "/v1/subscriptions/\(productId)/pricePoints", query: [("filter[territory]", territory), ("limit", "200")],
            as: PointAttributes.self
        ).contains { $0.id == pointId }
    }

    // MARK: Submission and actions

    public func submit(_ request: PriceJobSubmit.Request, previews: ASCPrices) throws -> PriceJobDTO {
        let (previewRequest, preview) = try previews.storedRequest(request.app, previewId: request.previewId)
        guard previewRequest.product.kind == .subscription else {
            throw RPCError(
                code: "UNSUPPORTED_PRODUCT", message: "Price jobs set subscription prices; in-app purchases are priced as one schedule.",
                status: 400)
        }
        var proposals = preview.proposals.filter { $0.status == .proposed && $0.point != nil }
        if let territories = request.territories {
            let unknown = territories.filter { t in !proposals.contains { $0.territory == t } }
            if !unknown.isEmpty {
                throw RPCError(
                    code: "INVALID_PAYLOAD", message: "Not proposed in this preview: \(unknown.joined(separator: ", ")).", status: 400,
                    fields: ["territories": unknown.map { "\($0) has no proposed point in the preview" }])
            }
            proposals = proposals.filter { territories.contains($0.territory) }
        }
        guard !proposals.isEmpty else {
            throw RPCError(code: "NOTHING_TO_SUBMIT", message: "The preview proposes no price point to set.", status: 400)
        }
        // What Apple has now, for the conflict check before each write.
        let client = try connections.client(organizationId: request.app.organizationId)
        var from: [String: String?] = [:]
        do {
            for proposal in proposals {
                from[proposal.territory] = try currentPoint(client, productId: previewRequest.product.id, territory: proposal.territory)
            }
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
        let jobId = ids.next()
        let at = now()
        try db.transaction {
            try db.run(
                """
                INSERT INTO price_jobs (id, organization_id, project_id, app_store_id, product_id, preview_id, start_date, preserve_current, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(jobId), .text(request.app.organizationId), .text(request.app.projectId), .text(request.app.appStoreId),
                    .text(previewRequest.product.id), .text(request.previewId), SQLValue(request.startDate),
                    SQLValue(request.preserveCurrentPrice), .text(at),
                ])
            for proposal in proposals {
                try insertItem(
                    jobId: jobId, territory: proposal.territory, target: proposal.point!.id, from: from[proposal.territory] ?? nil,
                    base: proposal.territory == preview.baseTerritory, at: at)
            }
        }
        return try job(PriceJobRef(app: request.app, jobId: jobId))
    }

    private func insertItem(jobId: String, territory: String, target: String, from: String?, base: Bool, at: String) throws {
        try db.run(
            """
            INSERT INTO price_job_items (job_id, territory, target_point_id, from_point_id, position, state, updated_at)
            VALUES (?, ?, ?, ?, ?, 'pending', ?)
            """, [.text(jobId), .text(territory), .text(target), SQLValue(from), .int(base ? 1 : 0), .text(at)])
    }

    public func job(_ ref: PriceJobRef) throws -> PriceJobDTO {
        guard
            let row = try db.queryOne(
                "SELECT * FROM price_jobs WHERE id = ? AND project_id = ?",
                [.text(ref.jobId), .text(ref.app.projectId)])
        else {
            throw RPCError(code: "JOB_NOT_FOUND", message: "No price job with this ID.", status: 404)
        }
        let items = try db.query("SELECT * FROM price_job_items WHERE job_id = ? ORDER BY position, territory", [.text(ref.jobId)]).map {
            try PriceJobDTO.Item(
                territory: $0.text("territory"), targetPointId: $0.text("target_point_id"),
                fromPointId: $0.string("from_point_id"), state: $0.text("state"), attempts: Int($0.integer("attempts")),
                error: $0.string("error"), updatedAt: $0.text("updated_at"))
        }
        return try PriceJobDTO(
            id: row.text("id"), projectId: row.text("project_id"), productId: row.text("product_id"),
            previewId: row.string("preview_id"), rollbackOf: row.string("rollback_of"), startDate: row.string("start_date"),
            preserveCurrentPrice: row.bool("preserve_current") ?? false, createdAt: row.text("created_at"), items: items)
    }

    /// The project's newest jobs, at most `limit` (1–100), newest first.
    public func list(_ request: PriceJobList.Request) throws -> PriceJobList.Response {
        let rows = try db.query(
            "SELECT id, organization_id, app_store_id FROM price_jobs WHERE project_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
            [.text(request.projectId), .int(Int64(min(max(request.limit, 1), 100)))])
        return try PriceJobList.Response(
            items: rows.map {
                try job(
                    PriceJobRef(
                        app: ASCAppRef(
                            organizationId: $0.text("organization_id"), projectId: request.projectId, appStoreId: $0.text("app_store_id")),
                        jobId: $0.text("id")))
            })
    }

    public func act(_ request: PriceJobAction.Request) throws -> PriceJobDTO {
        let job = try job(request.job)
        let at = now()
        switch request.action {
        case "cancel":
            // Stops remaining work; what was sent stays sent.
            try db.run(
                "UPDATE price_job_items SET state = 'cancelled', updated_at = ? WHERE job_id = ? AND state = 'pending'",
                [.text(at), .text(job.id)])
            return try self.job(request.job)
        case "retry":
            // Failed items go again; uncertain ones are reconciled by the worker first in any case.
            try db.run(
                "UPDATE price_job_items SET state = 'pending', error = NULL, attempts = 0, updated_at = ? WHERE job_id = ? AND state = 'failed'",
                [.text(at), .text(job.id)])
            return try self.job(request.job)
        case "rollback":
            let undo = job.items.filter { $0.state == "succeeded" && $0.fromPointId != nil && $0.fromPointId != $0.targetPointId }
            guard !undo.isEmpty else {
                throw RPCError(code: "NOTHING_TO_ROLL_BACK", message: "No succeeded item has a previous price to go back to.", status: 409)
            }
            let rollbackId = ids.next()
            try db.transaction {
                try db.run(
                    """
                    INSERT INTO price_jobs (id, organization_id, project_id, app_store_id, product_id, preview_id, rollback_of, start_date,
                                            preserve_current, created_at)
                    SELECT ?, organization_id, project_id, app_store_id, product_id, NULL, id, NULL, preserve_current, ? FROM price_jobs WHERE id = ?
                    """, [.text(rollbackId), .text(at), .text(job.id)])
                for item in undo {
                    try insertItem(
                        jobId: rollbackId, territory: item.territory, target: item.fromPointId!, from: item.targetPointId,
                        base: item.territory == "USA", at: at)
                }
            }
            return try self.job(PriceJobRef(app: request.job.app, jobId: rollbackId))
        default:
            throw RPCError(
                code: "INVALID_PAYLOAD", message: "action must be cancel, retry or rollback", status: 400,
                fields: ["action": ["must be cancel, retry or rollback"]])
        }
    }

    // MARK: Worker

    /// One pass over every open item, oldest job first, base territories last within a job.
    /// Returns how many items changed state.
    public func runPass() throws -> Int {
        let open = try db.query(
            """
            SELECT i.job_id, i.territory, i.target_point_id, i.from_point_id, i.state, i.attempts, j.organization_id, j.product_id,
                   j.start_date, j.preserve_current
            FROM price_job_items i JOIN price_jobs j ON j.id = i.job_id
            WHERE i.state IN ('pending', 'running', 'sent', 'uncertain')
            ORDER BY j.created_at, i.job_id, i.position, i.territory
            """)
        var changed = 0
        for item in open {
            if try process(item) { changed += 1 }
        }
        return changed
    }

    private func set(_ item: Row, _ state: String, error: String? = nil, attempt: Bool = false) throws {
        try db.run(
            """
            UPDATE price_job_items SET state = ?, error = ?, attempts = attempts + ?, updated_at = ? WHERE job_id = ? AND territory = ?
            """,
            [.text(state), SQLValue(error), .int(attempt ? 1 : 0), .text(now()), .text(item.text("job_id")), .text(item.text("territory"))])
    }

    private func process(_ item: Row) throws -> Bool {
        let territory = try item.text("territory")
        let target = try item.text("target_point_id")
        let product = try item.text("product_id")
        let client: ASCClient
        do {
            client = try connections.client(organizationId: item.text("organization_id"))
        } catch {
            return false
        }
        do {
            let current = try currentPoint(client, productId: product, territory: territory)
            switch try item.text("state") {
            case "sent", "uncertain", "running":
                // The last write may have reached Apple: only Apple's answer decides.
                if current == target {
                    try set(item, "succeeded")
                    return true
                }
                if item.string("state") == "running" || current == item.string("from_point_id") {
                    try set(item, "pending", error: "reconciled: the earlier write did not take effect")
                    return try process(
                        db.queryOne(
                            "SELECT i.*, j.organization_id, j.product_id, j.start_date, j.preserve_current FROM price_job_items i JOIN price_jobs j ON j.id = i.job_id WHERE i.job_id = ? AND i.territory = ?",
                            [.text(try item.text("job_id")), .text(territory)])!)
                }
                try set(
                    item, "failed",
                    error: "CONFLICTING_CHANGE: Apple shows \(current ?? "no price"), neither the target nor the price before")
                return true
            default:
                break
            }
            if current == target {
                try set(item, "succeeded")
                return true
            }
            if current != item.string("from_point_id") {
                try set(item, "failed", error: "CONFLICTING_CHANGE: the price changed in App Store Connect since the job was submitted")
                return true
            }
            guard try offered(client, productId: product, territory: territory, pointId: target) else {
                try set(item, "failed", error: "POINT_UNAVAILABLE: the price point is no longer offered")
                return true
            }
            // Recorded before the request leaves, so a crash mid-write is reconciled, never resent blindly.
            try set(item, "sent", attempt: true)
            var attributes: [String: Any] = ["preserveCurrentPrice": item.bool("preserve_current") ?? false]
            if let start = item.string("start_date") { attributes["startDate"] = start }
            let body: [String: Any] = [
                "data": [
                    "type": "subscriptionPrices", "attributes": attributes,
                    "relationships": [
                        "subscription": ["data": ["type": "subscriptions", "id": product]],
                        "subscriptionPricePoint": ["data": ["type": "subscriptionPricePoints", "id": target]],
                        "territory": ["data": ["type": "territories", "id": territory]],
                    ],
                ]
            ]
            do {
                try client.write("POST", "/v1/subscriptionPrices", body: body, as: PriceAttributes.self)
                try set(item, "succeeded")
            } catch let error as ASCError {
                switch error {
                case .outcomeUnknown:
                    try set(item, "uncertain", error: error.description)
                case .unavailable:
                    // Never sent: it goes again on the next pass, within its attempts.
                    let attempts = Int(try item.integer("attempts")) + 1
                    try set(item, attempts >= PriceJobs.maximumAttempts ? "failed" : "pending", error: error.description)
                default:
                    try set(item, "failed", error: error.description)
                }
            }
            return true
        } catch let error as ASCError {
            // Reads failed: nothing was written; the item waits for the next pass.
            _ = error
            return false
        }
    }
}
