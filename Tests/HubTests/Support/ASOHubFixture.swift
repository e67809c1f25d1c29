import Foundation
import XCTest
@testable import IngestService

/// ingest and asod in-process, the operator token bootstrapped, asod pointed at the fake
/// iTunes Search server.
final class ASOHubFixture {
    let fake: ASOFakeITunes
    let admin: AdminClient

    init(environment: [String: String] = [:], results: Int = 10) throws {
        fake = try ASOFakeITunes(results: results)
        var env = ["APPNORTH_ITUNES_URL": fake.baseURL, "APPNORTH_ASO_INTERVAL_S": "0", "APPNORTH_ASO_CALLS_PER_MIN": "0"]
        env.merge(environment) { _, new in new }
        do {
            admin = try AdminClient(environment: env)
            try admin.hub.startDaemon(.asod)
        } catch {
            fake.stop()
            throw error
        }
    }

    func shutdown() {
        admin.shutdown()
        fake.stop()
    }

    @discardableResult
    func call(_ method: String, _ path: String, json body: Any? = nil, token: String? = AdminClient.token) throws
        -> (status: Int, json: [String: Any]) {
        try admin.call(method, path, json: body, token: token)
    }

    /// A project with an App Store ID; its project ID.
    func createProject(appStoreId: String?, name: String = "App", token: String = AdminClient.token) throws -> String {
        let id = try admin.createProject(name: name, token: token)
        if let appStoreId {
            let patched = try call("PATCH", "/projects/\(id)", json: ["appStoreId": appStoreId], token: token)
            XCTAssertEqual(patched.status, 200, "\(patched.json)")
        }
        return id
    }

    /// A new organization on `plan`; its write token.
    func organization(slug: String, plan: String) throws -> String {
        let created = try call("POST", "/organizations", json: ["slug": slug, "name": slug, "plan": plan])
        XCTAssertEqual(created.status, 201, "\(created.json)")
        return try XCTUnwrap((created.json["token"] as? [String: Any])?["token"] as? String)
    }
}
