import Foundation
import HubAppStoreConnect
import HubMessaging
import HubRuntime
import HubStore

/// Reads and publishes App Store metadata (docs/app-store-connect.md, "Metadata"). Publishing
/// validates the resulting localization, rereads Apple's values, refuses a changed field whose
/// value moved since it was loaded (`STALE`), writes app-info fields then version fields, and
/// records every outcome; a failure after a write is reported as `PARTIALLY_PUBLISHED`, never
/// rolled back.
public final class ASCMetadata: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let connections: ASCConnections
    private let ids: TimeSortableID

    /// States in which Apple lets a version's or app info's metadata be edited.
    static let editableStates: Set<String> = [
        "PREPARE_FOR_SUBMISSION", "DEVELOPER_REJECTED", "REJECTED", "METADATA_REJECTED",
        "INVALID_BINARY",
    ]

    public init(db: SQLiteDatabase, clock: Clock, connections: ASCConnections) {
        self.db = db
        self.clock = clock
        self.connections = connections
        ids = TimeSortableID(clock: clock)
    }

    struct VersionAttributes: Decodable {
        let versionString: String?
        let appStoreState: String?
        let platform: String?
    }

    struct AppInfoAttributes: Decodable {
        let state: String?
        let appStoreState: String?
    }

    struct VersionLocalizationAttributes: Decodable {
        let locale: String?
        let keywords: String?
        let promotionalText: String?
        let description: String?
        let whatsNew: String?
    }

    struct AppInfoLocalizationAttributes: Decodable {
        let locale: String?
        let name: String?
        let subtitle: String?
    }

    /// What Apple holds now, with the resource IDs a publish writes to.
    struct Snapshot {
        var versionId: String?
        var versionString: String?
        var versionState: String?
        var appInfoEditable: Bool
        var versionLocalizations: [String: JSONAPIResource<VersionLocalizationAttributes>]
        var appInfoLocalizations: [String: JSONAPIResource<AppInfoLocalizationAttributes>]

        var editable: Bool { versionId != nil && ASCMetadata.editableStates.contains(versionState ?? "") }

        func fields(_ locale: String) -> ASCMetadataFields? {
            let version = versionLocalizations[locale]?.attributes
            let info = appInfoLocalizations[locale]?.attributes
            guard version != nil || info != nil else { return nil }
            return ASCMetadataFields(
                name: info?.name, subtitle: info?.subtitle, keywords: version?.keywords,
                promotionalText: version?.promotionalText, description: version?.description, whatsNew: version?.whatsNew)
        }
    }

    private func snapshot(_ app: ASCAppRef) throws -> Snapshot {
        let client = try connections.client(organizationId: app.organizationId)
        do {
            let versions = try client.list(
                "/v1/apps/\(app.appStoreId)/appStoreVersions",
                query: [("filter[platform]", "IOS"), ("limit", "10")], as: VersionAttributes.self)
            // The editable version if there is one, else the newest, shown read-only.
            let version = versions.first { ASCMetadata.editableStates.contains($0.attributes?.appStoreState ?? "") } ?? versions.first
            let infos = try client.list("/v1/apps/\(app.appStoreId)/appInfos", query: [("limit", "10")], as: AppInfoAttributes.self)
            let info =
                infos.first { ASCMetadata.editableStates.contains($0.attributes?.state ?? $0.attributes?.appStoreState ?? "") }
                ?? infos.first
            var snapshot = Snapshot(
                versionId: version?.id, versionString: version?.attributes?.versionString,
                versionState: version?.attributes?.appStoreState,
                appInfoEditable: ASCMetadata.editableStates.contains(info?.attributes?.state ?? info?.attributes?.appStoreState ?? ""),
                versionLocalizations: [:], appInfoLocalizations: [:])
            if let version {
                for item in try client.list(
                    "/v1/appStoreVersions/\(version.id)/appStoreVersionLocalizations", query: [("limit", "50")],
                    as: VersionLocalizationAttributes.self)
                {
                    if let locale = item.attributes?.locale { snapshot.versionLocalizations[locale] = item }
                }
            }
            if let info {
                for item in try client.list(
                    "/v1/appInfos/\(info.id)/appInfoLocalizations", query: [("limit", "50")],
                    as: AppInfoLocalizationAttributes.self)
                {
                    if let locale = item.attributes?.locale { snapshot.appInfoLocalizations[locale] = item }
                }
            }
            return snapshot
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
    }

    public func read(_ app: ASCAppRef) throws -> ASCMetadataDocument {
        let snapshot = try snapshot(app)
        let locales = Set(snapshot.versionLocalizations.keys).union(snapshot.appInfoLocalizations.keys).sorted()
        return ASCMetadataDocument(
            versionId: snapshot.versionId, versionString: snapshot.versionString, versionState: snapshot.versionState,
            editable: snapshot.editable,
            localizations: locales.compactMap { locale in snapshot.fields(locale).map { .init(locale: locale, fields: $0) } })
    }

    public func publish(_ request: ASCMetadataPublish.Request) throws -> ASCMetadataPublish.Response {
        let requested = ASCMetadataFields.all.filter { request.changes[$0] != nil && request.changes[$0] != request.expected[$0] }
        func fail(
            _ code: String, _ message: String, status: Int, published: [String] = [], failed: [String] = [],
            fields: [String: [String]]? = nil
        ) throws -> Never {
            try record(request, result: code, requested: requested, published: published, failed: failed, detail: message)
            throw RPCError(code: code, message: message, status: status, fields: fields)
        }
        let snapshot = try snapshot(request.app)
        guard snapshot.editable else {
            try fail("READ_ONLY", "No editable version is available; prepare one in App Store Connect, then reload.", status: 409)
        }
        guard var current = snapshot.fields(request.locale) else {
            try fail(
                "LOCALE_NOT_FOUND", "The localization \(request.locale) is not available; reload and pick an existing one.", status: 404)
        }
        if requested.isEmpty {
            let auditId = try record(request, result: "NO_CHANGES", requested: [], published: [], failed: [], detail: nil)
            return .init(result: "NO_CHANGES", published: [], auditId: auditId)
        }
        let stale = requested.filter { (current[$0] ?? "") != (request.expected[$0] ?? "") }
        if !stale.isEmpty {
            try fail(
                "STALE", "Apple's value changed since it was loaded: \(stale.joined(separator: ", ")). Reload and reapply the edit.",
                status: 409,
                fields: Dictionary(uniqueKeysWithValues: stale.map { ($0, ["changed in App Store Connect since it was loaded"]) }))
        }
        for field in requested { current[field] = request.changes[field] }
        let errors = MetadataValidator.validate(current).filter { $0.severity == .error }
        if !errors.isEmpty {
            try fail(
                "INVALID_METADATA", "The resulting localization fails validation.", status: 400,
                fields: Dictionary(grouping: errors, by: \.field).mapValues { $0.map(\.message) })
        }
        let infoFields = requested.filter(ASCMetadataFields.appInfoFields.contains)
        let versionFields = requested.filter(ASCMetadataFields.versionFields.contains)
        if !infoFields.isEmpty && (!snapshot.appInfoEditable || snapshot.appInfoLocalizations[request.locale] == nil) {
            try fail("READ_ONLY", "The app information (name, subtitle) is not editable now.", status: 409)
        }
        let client = try connections.client(organizationId: request.app.organizationId)
        var published: [String] = []
        func write(_ type: String, _ id: String, _ fields: [String]) throws {
            var attributes: [String: Any] = [:]
            for field in fields { attributes[field] = request.changes[field]! }
            do {
                try client.write(
                    "PATCH", "/v1/\(type)/\(id)", body: ["data": ["type": type, "id": id, "attributes": attributes]],
                    as: VersionLocalizationAttributes.self)
            } catch let error as ASCError {
                let unknown = error.code == "OUTCOME_UNKNOWN"
                if published.isEmpty {
                    try fail(
                        unknown ? "OUTCOME_UNKNOWN" : ASCConnections.rpcError(error, connecting: false).code,
                        "Writing \(fields.joined(separator: ", ")) failed: \(error.description)", status: 502, failed: fields)
                }
                try fail(
                    "PARTIALLY_PUBLISHED",
                    "Saved \(published.joined(separator: ", ")); writing \(fields.joined(separator: ", ")) failed\(unknown ? " with an unknown outcome" : ""). Reload before retrying.",
                    status: 502, published: published, failed: fields)
            }
            published += fields
        }
        if !infoFields.isEmpty { try write("appInfoLocalizations", snapshot.appInfoLocalizations[request.locale]!.id, infoFields) }
        if !versionFields.isEmpty {
            guard let localization = snapshot.versionLocalizations[request.locale] else {
                try fail(
                    published.isEmpty ? "LOCALE_NOT_FOUND" : "PARTIALLY_PUBLISHED",
                    "The version has no \(request.locale) localization.", status: published.isEmpty ? 404 : 502,
                    published: published, failed: versionFields)
            }
            try write("appStoreVersionLocalizations", localization.id, versionFields)
        }
        let auditId = try record(request, result: "PUBLISHED", requested: requested, published: published, failed: [], detail: nil)
        return .init(result: "PUBLISHED", published: published, auditId: auditId)
    }

    @discardableResult
    private func record(
        _ request: ASCMetadataPublish.Request, result: String, requested: [String], published: [String],
        failed: [String], detail: String?
    ) throws -> String {
        let id = ids.next()
        func list(_ items: [String]) -> String { "[" + items.map { JSONText.quoted($0) }.joined(separator: ",") + "]" }
        try db.run(
            """
            INSERT INTO metadata_publish_log (id, organization_id, project_id, locale, result, requested, published, failed, detail, actor, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(request.app.organizationId), .text(request.app.projectId), .text(request.locale), .text(result),
                .text(list(requested)), .text(list(published)), .text(list(failed)), SQLValue(detail), .text(request.actor),
                .text(ISOTime.format(clock.now())),
            ])
        return id
    }

    public func audit(projectId: String) throws -> [ASCMetadataAudit.Entry] {
        func list(_ text: String?) -> [String] {
            (try? JSONDecoder().decode([String].self, from: Data((text ?? "[]").utf8))) ?? []
        }
        return try db.query(
            "SELECT * FROM metadata_publish_log WHERE project_id = ? ORDER BY created_at DESC, id DESC LIMIT 200",
            [.text(projectId)]
        ).map {
            try ASCMetadataAudit.Entry(
                id: $0.text("id"), locale: $0.text("locale"), result: $0.text("result"),
                requested: list($0.string("requested")), published: list($0.string("published")),
                failed: list($0.string("failed")), detail: $0.string("detail"), actor: $0.text("actor"),
                createdAt: $0.text("created_at"))
        }
    }
}
