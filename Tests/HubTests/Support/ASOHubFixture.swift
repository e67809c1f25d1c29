import Foundation
import XCTest

@testable import IngestService

/// ingest and asod in-process, the operator token bootstrapped, asod pointed at the fake
/// iTunes Search server.
final class ASOHubFixture: OperatorAPIClient {
    let fake: ASOFakeITunes
    let admin: AdminClient
    var hub: HubHarness { admin.hub }

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
}
