import Foundation
import HubMessaging
import HubRuntime
import HubStore

extension MarketStore {
    /// Validates every line, then writes the new records in one transaction. A record ID
    /// already imported with the same content is unchanged; with other content the whole
    /// batch is refused (409 `RECORD_CONFLICT`) and nothing is written.
    public func importRecords(_ request: MarketRecordsImport.Request) throws -> MarketRecordsImport.Response {
        if request.lines.isEmpty { throw RPCError.marketInvalidPayload(["lines": ["must hold at least one record"]]) }
        if request.lines.count > MarketRecordsImport.maximumLines {
            throw RPCError.marketInvalidPayload(["lines": ["must hold at most \(MarketRecordsImport.maximumLines) records"]])
        }
        var problems: [String: [String]] = [:]
        var records: [MarketRecord.Parsed] = []
        var firstLine: [String: Int] = [:]
        for (index, line) in request.lines.enumerated() {
            guard let record = MarketRecord.parse(line, index: index, problems: &problems) else { continue }
            if let earlier = firstLine[record.id] {
                problems["lines[\(index)].id", default: []].append("repeats the ID of lines[\(earlier)]")
                continue
            }
            firstLine[record.id] = index
            records.append(record)
        }
        if !problems.isEmpty { throw RPCError.marketInvalidPayload(problems) }
        let at = now()
        return try db.transaction {
            var imported = 0
            var unchanged = 0
            for record in records {
                if let existing = try db.queryOne("SELECT payload_hash FROM records WHERE id = ?", [.text(record.id)]) {
                    guard existing.string("payload_hash") == record.hash else {
                        throw RPCError(
                            code: MarketErrorCode.recordConflict,
                            message: "record \(JSONText.quoted(record.id)) was imported before with other content",
                            status: 409, fields: ["lines[\(firstLine[record.id] ?? 0)].id": ["was imported before with other content"]])
                    }
                    unchanged += 1
                    continue
                }
                try insert(record, at: at)
                imported += 1
            }
            return MarketRecordsImport.Response(imported: imported, unchanged: unchanged)
        }
    }

    private func insert(_ r: MarketRecord.Parsed, at: String) throws {
        try db.run(
            "INSERT INTO records (id, kind, adam_id, payload_hash, imported_at) VALUES (?, ?, ?, ?, ?)",
            [.text(r.id), .text(r.body.kind), .text(r.adamId), .text(r.hash), .text(at)])
        let id = SQLValue.text(r.id)
        let app = SQLValue.text(r.adamId)
        switch r.body {
        case .estimate(let e):
            try db.run(
                """
                INSERT INTO estimates (record_id, adam_id, metric, value, currency, source, storefront, period_start, period_end, observed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    id, app, .text(e.metric), SQLValue(e.value), SQLValue(e.currency), .text(e.source), .text(e.storefront),
                    .text(e.periodStart), .text(e.periodEnd), .text(e.observedAt),
                ])
        case .ad(let a):
            try db.run(
                "INSERT INTO ads (record_id, adam_id, platform, first_seen_at, last_seen_at, active, url) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [id, app, .text(a.platform), SQLValue(a.firstSeenAt), SQLValue(a.lastSeenAt), SQLValue(a.active), SQLValue(a.url)])
        case .socialPost(let p):
            try db.run(
                """
                INSERT INTO social_posts (record_id, adam_id, platform, published_at, available, url, views) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [id, app, .text(p.platform), SQLValue(p.publishedAt), SQLValue(p.available), SQLValue(p.url), SQLValue(p.views)])
        case .flow(let f):
            try db.run(
                "INSERT INTO flows (record_id, adam_id, flow_type, captured_at, published, screen_count) VALUES (?, ?, ?, ?, ?, ?)",
                [id, app, .text(f.flowType), SQLValue(f.capturedAt), SQLValue(f.published), SQLValue(f.screenCount)])
        }
    }
}
