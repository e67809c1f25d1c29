import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// `/dashboard/aso/keywords` (docs "Keyword Explorer"). The form answers at once; a search
/// runs as a `PendingWork` task, since a cache miss waits on iTunes, and its page shows the
/// analysis when asod answers. The term and country are checked by `ASOExplorerHandler`, as the
/// operator API checks them; "Track in an app" (owners and admins) goes through the same
/// keyword add as the app's Keywords page.
struct KeywordExplorerPagesHandler {
    let aso: ASOBackend
    let store: IngestStore
    let work: PendingWork

    func page(_ context: PageContext, problems: FormProblems = .none) throws -> KeywordExplorerPage {
        let query = context.request.query
        let canTrack = context.session.role.allows(.manageApps)
        let trackable =
            canTrack
            ? try store.projects(organizationId: context.session.organizationId).filter { $0.appStoreId != nil }.map {
                KeywordExplorerPage.TrackableApp(projectId: $0.id, name: $0.name)
            } : []
        return KeywordExplorerPage(
            term: query["term"] ?? "", country: (query["country"] ?? "us").lowercased(), countries: ASOStorefront.supported.sorted(),
            trackable: trackable, canTrack: canTrack, problems: problems)
    }

    /// `GET /dashboard/aso/keywords[?term=&country=]`: the form, or a search started as a task.
    func explorer(_ context: PageContext) throws -> HTTPResponse {
        let organizationId = context.session.organizationId
        let hasTerm = context.request.query["term"] != nil
        let call: ASOExplorer.Request
        do {
            guard hasTerm else {
                _ = try aso.plan(organizationId: organizationId)
                return PageResponse.html(try page(context).html(viewer: context.viewer()))
            }
            call = try ASOExplorerHandler.explorerRequest(context.request, organizationId: organizationId, asod: aso)
        } catch let error as APIError where error.status == 400 || error.code == ASOErrorCode.planRequired {
            let problems = FormProblems(error.fields?.filter { $0.key != "required_plan" } ?? [:])
            let notice: PageShell.Notice =
                error.status == 400
                ? ExplorePagesHandler.refused(error)
                : .problem("\(error.code): Keyword Explorer needs ASO access, included in Pro and Studio.")
            return PageResponse.html(
                try page(context, problems: problems).html(viewer: context.viewer(), notice: notice), status: error.status)
        }
        var base = try page(context)
        base.country = call.country
        return try work.begin(context, title: "Searching “\(call.term)” in \(call.country.uppercased())", back: KeywordExplorerPage.path) {
            finish in
            aso.client.call(ASOExplorer.self, call, timeout: ASOBackend.liveSearchTimeout) { result in
                finish(
                    result.map { answer in
                        { context in
                            var page = base
                            page.analysis = Self.analysis(answer)
                            page.remaining = answer.quota.remaining
                            page.resetsAt = answer.quota.resetsAt
                            return PageResponse.html(page.html(viewer: context.viewer()))
                        }
                    }.mapError { APIError.fromBackend($0) })
            }
        }
    }

    /// `POST /dashboard/aso/keywords/track` (`projectId`, `term`, `country`): tracks the term in
    /// the chosen imported app, then shows that app's keywords.
    func track(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = FormFields(context.request)
        guard let id = form["projectId"], let project = try store.project(id: id, organizationId: context.session.organizationId) else {
            throw PageError.notFound
        }
        let term = form.raw("term") ?? ""
        if let problem = ASOTerm.problem(term) { throw APIError.invalidPayload(["term": [problem]]) }
        let call = try ASOKeywordsHandler.addRequest(country: form["country"], terms: [term], dryRun: false) {
            try aso.ref(project, organizationId: context.session.organizationId)
        }
        aso.forward(ASOKeywordsAdd.self, call, respond: respond) { answer in
            PageResponse.redirect("/dashboard/apps/\(project.id)/keywords?done=added-\(answer.added.count)-\(answer.existing.count)")
        }
    }

    static func analysis(_ answer: ASOExplorer.Response) -> KeywordExplorerPage.Analysis {
        let results = answer.results.map { r -> KeywordExplorerPage.Result in
            var out = KeywordExplorerPage.Result(rank: r.rank, adamId: r.adamId, own: r.own)
            out.name = r.name
            out.seller = r.sellerName
            out.rating = r.rating
            out.ratingCount = r.ratingCount
            out.releaseDate = r.releaseDate
            out.price = r.formattedPrice ?? r.price.map { ChartValueFormat.money(currency: r.currency).full($0) }
            out.url = r.url
            return out
        }
        return KeywordExplorerPage.Analysis(
            source: answer.source, observedAt: answer.observedAt, cached: answer.cached, results: results,
            difficulty: answer.difficulty.score, difficultyLabel: answer.difficulty.label?.rawValue,
            provisional: answer.difficulty.provisional, related: answer.related)
    }
}
