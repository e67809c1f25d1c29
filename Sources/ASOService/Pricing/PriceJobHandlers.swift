import HubDaemon
import HubMessaging

/// Price job calls; submission reads Apple's current prices from the work queue. The `prices`
/// worker runs as a daemon job (on its schedule and on demand).
enum PriceJobHandlers {
    static func install(on context: DaemonContext, work: ASCWorkQueue, jobs: PriceJobs, prices: ASCPrices, daemonJobs: DaemonJobs) {
        work.register(PriceJobSubmit.self) { try jobs.submit($0, previews: prices) }
        context.rpc.register(PriceJobGet.self) { request, _ in try jobs.job(request) }
        context.rpc.register(PriceJobList.self) { request, _ in try jobs.list(request) }
        context.rpc.register(PriceJobAction.self) { request, _ in try jobs.act(request) }
        daemonJobs.add(name: "prices", interval: context.config.pricesInterval) { try jobs.runPass() }
    }
}
