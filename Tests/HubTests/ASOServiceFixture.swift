import Foundation
import XCTest
@testable import ASOService
@testable import Shared

/// asod's store and Explorer on a fresh database, a manual clock and the fake iTunes server,
/// without the RPC layer, for tests that move time.
final class ASOServiceFixture {
    let directory: String
    let clock: ManualClock
    let fake: ASOFakeITunes
    let db: SQLiteDatabase
    let store: ASOStore
    let explorer: ASOExplorerService
    let logSink = MemoryLogSink()

    init(now: String = "2026-11-30T12:00:00.000Z", results: Int = 10, itunesURL: String? = nil) throws {
        directory = NSTemporaryDirectory() + "appnorth-aso-" + String(TimeSortableID.shared.next().suffix(12))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        clock = ManualClock(ISOTime.parse(now)!)
        fake = try ASOFakeITunes(results: results)
        let logger = Logger(daemon: "asod", level: .debug, clock: clock, sink: logSink)
        db = try StoreOpener.open(path: directory + "/asod.sqlite", migrations: ASODaemon.migrations, logger: logger, clock: clock)
        store = ASOStore(db: db, clock: clock)
        var options = ITunesSearchClient.defaultOptions()
        options.totalTimeout = 3
        explorer = ASOExplorerService(store: store, client: ITunesSearchClient(baseURL: itunesURL ?? fake.baseURL, limit: 50, options: options),
                                      clock: clock, logger: logger)
    }

    func shutdown() {
        fake.stop()
        db.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func request(_ term: String, _ country: String = "us", organization: String = "org-a", plan: OrganizationPlan = .pro,
                 own: [String] = []) -> ASOExplorer.Request {
        ASOExplorer.Request(organizationId: organization, plan: plan, term: term, country: country, ownAppStoreIds: own)
    }

    /// The explorer's answer, or the `RPCError` it failed with.
    func explore(_ term: String, _ country: String = "us", organization: String = "org-a", plan: OrganizationPlan = .pro,
                 own: [String] = []) -> Result<ASOExplorer.Response, RPCError> {
        do {
            return .success(try explorer.live(request(term, country, organization: organization, plan: plan, own: own)))
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            return .failure(RPCError(code: "UNEXPECTED", message: "\(error)"))
        }
    }
}
