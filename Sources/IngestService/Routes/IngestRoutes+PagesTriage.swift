import Dashboard
import HubHTTPServer

/// The report, ideas, moderation, boards and changelog pages, each behind `PageGate` with the
/// permission the role table gives it: reports `.triageReports`, ideas and moderation
/// `.moderateIdeas`, boards and statuses `.manageApps`, changelog writes `.publish` (every
/// member reads the changelog and the boards).
extension IngestRoutes {
    var triagePageRoutes: [RouteLine] {
        let gate = pageGate
        let reports = reportPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubSync("GET", "/dashboard/reports.csv", gate.page(.triageReports, reports.export), body: .serverDefault),
            .hubSync("GET", "/dashboard/reports/{id}", gate.page(.triageReports, reports.page), body: .serverDefault),
            .hubSync("POST", "/dashboard/reports/{id}", gate.page(.triageReports, reports.triage), body: form),
            .hubSync("POST", "/dashboard/reports/{id}/reply", gate.page(.triageReports, reports.reply), body: form),
            .hubSync("POST", "/dashboard/reports/{id}/promote", gate.page(.triageReports, reports.promote), body: form),
            .hubSync("GET", "/dashboard/reports/{id}/screenshot", gate.page(.triageReports, reports.screenshot), body: .serverDefault),
        ] + ideaPageRoutes
    }
}
