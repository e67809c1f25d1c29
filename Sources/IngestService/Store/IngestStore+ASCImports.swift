import Foundation
import HubHTTPServer
import HubMessaging

/// An app imported from App Store Connect and the project it is linked to.
public struct ASCImportResult: Encodable, Equatable, Sendable {
    public let appStoreId: String
    public let projectId: String
    public let name: String
    public let bundleId: String
    /// False when the app had been imported before and its project was recognized.
    public let created: Bool
}

extension IngestStore {
    /// The organization's projects by the App Store Connect app ID they were imported from.
    public func projectIdsByAppStoreId(organizationId: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try db.query(
            "SELECT id, app_store_id FROM projects WHERE organization_id = ? AND app_store_id IS NOT NULL",
            [.text(organizationId)])
        {
            try result[row.text("app_store_id")] = row.text("id")
        }
        return result
    }

    /// Creates a project for each app not imported yet, linked by app ID and bundle ID, in one
    /// transaction; apps imported before are recognized. A selection that would take the
    /// organization past its app allowance is refused whole (403 `PLAN_REQUIRED`).
    public func importASCApps(organizationId: String, apps: [ASCAppSummary]) throws -> [ASCImportResult] {
        try db.transaction {
            let existing = try projectIdsByAppStoreId(organizationId: organizationId)
            let fresh = apps.filter { existing[$0.id] == nil }
            if let allowance = try organization(id: organizationId)?.appAllowance {
                let count = try db.scalar("SELECT COUNT(*) FROM projects WHERE organization_id = ?", [.text(organizationId)]).intValue ?? 0
                if count + fresh.count > allowance {
                    throw APIError(
                        status: 403, code: "PLAN_REQUIRED",
                        message:
                            "Importing \(fresh.count) new apps would exceed this organization's allowance of \(allowance) apps (\(count) in use)."
                    )
                }
            }
            return try apps.map { app in
                if let projectId = existing[app.id] {
                    return ASCImportResult(appStoreId: app.id, projectId: projectId, name: app.name, bundleId: app.bundleId, created: false)
                }
                let name = String((app.name.isEmpty ? app.bundleId : app.name).prefix(AdminValidation.projectName.upperBound))
                let project = try createProject(organizationId: organizationId, name: name, allowedOrigins: [])
                try db.run(
                    "UPDATE projects SET app_store_id = ?, bundle_id = ? WHERE id = ?",
                    [.text(app.id), .text(app.bundleId), .text(project.id)])
                return ASCImportResult(appStoreId: app.id, projectId: project.id, name: name, bundleId: app.bundleId, created: true)
            }
        }
    }
}
