import Foundation
import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

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
        explorer = ASOExplorerService(
            store: store, client: ITunesSearchClient(baseURL: itunesURL ?? fake.baseURL, limit: 50, options: options),
            clock: clock, logger: logger)
    }

    /// A rank collector on the fake server whose pacer records its sleeps instead of sleeping,
    /// advancing a virtual time.
    func collector(callsPerMinute: Int = 0, sleeps: SleepLog = SleepLog()) -> ASORankCollector {
        let pacer = ASOPacer(callsPerMinute: callsPerMinute, now: { sleeps.virtualNow }, sleep: { sleeps.record($0) })
        return ASORankCollector(
            store: store, client: ITunesSearchClient(baseURL: fake.baseURL, limit: 50), clock: clock,
            logger: Logger(daemon: "asod", level: .debug, clock: clock, sink: logSink), pacer: pacer)
    }

    /// Sleeps asked for by a pacer, and the virtual time they add up to.
    final class SleepLog: @unchecked Sendable {
        private(set) var sleeps: [TimeInterval] = []
        var virtualNow: TimeInterval = 1_000
        func record(_ seconds: TimeInterval) {
            sleeps.append(seconds)
            virtualNow += seconds
        }
    }

    func project(
        _ id: String = "p1", organization: String = "org-a", plan: OrganizationPlan = .pro,
        appStoreId: String? = "999"
    ) -> ASOProjectRef {
        ASOProjectRef(organizationId: organization, plan: plan, projectId: id, appStoreId: appStoreId)
    }

    /// Tracks terms; the response.
    @discardableResult
    func track(_ terms: [String], _ country: String = "us", project: ASOProjectRef? = nil) throws -> ASOKeywordsAdd.Response {
        try store.addKeywords(ASOKeywordsAdd.Request(project: project ?? self.project(), country: country, terms: terms))
    }

    func list(_ project: ASOProjectRef? = nil, country: String? = nil) throws -> [ASOTrackedKeyword] {
        try store.listKeywords(ASOKeywordsList.Request(project: project ?? self.project(), country: country)).items
    }

    /// Stores an observation for today (the clock's day) with these app IDs in order, and
    /// records ranks from it.
    @discardableResult
    func observe(_ term: String, _ country: String = "us", apps ids: [Int64]) throws -> ASOObservation {
        let observation = try store.saveObservation(
            term: ASOTerm.normalize(term), country: country, source: ITunesSearchClient.source,
            apps: ids.map { ITunesApp(trackId: $0, trackName: "App \($0)") })
        try store.recordRanks(from: observation)
        return observation
    }

    func shutdown() {
        fake.stop()
        db.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func request(
        _ term: String, _ country: String = "us", organization: String = "org-a", plan: OrganizationPlan = .pro,
        own: [String] = []
    ) -> ASOExplorer.Request {
        ASOExplorer.Request(organizationId: organization, plan: plan, term: term, country: country, ownAppStoreIds: own)
    }

    /// The explorer's answer, or the `RPCError` it failed with.
    func explore(
        _ term: String, _ country: String = "us", organization: String = "org-a", plan: OrganizationPlan = .pro,
        own: [String] = []
    ) -> Result<ASOExplorer.Response, RPCError> {
        do {
            return .success(try explorer.live(request(term, country, organization: organization, plan: plan, own: own)))
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            return .failure(RPCError(code: "UNEXPECTED", message: "\(error)"))
        }
    }
}
