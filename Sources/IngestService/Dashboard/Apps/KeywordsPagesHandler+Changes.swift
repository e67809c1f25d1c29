import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// The keywords page's posts, a term's history and the candidates.
extension KeywordsPagesHandler {
    /// `POST /dashboard/apps/{id}/keywords` (`terms` one a line, `country`): a refusal draws the
    /// page again with what was typed (400 for the form, 409 for the workspace's allowance).
    func add(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.project(context)
        let form = FormFields(context.request)
        let draft = KeywordsPage.Draft(terms: form.raw("terms") ?? "", country: form["country"] ?? "us")
        let terms = AppsPagesHandler.lines(draft.terms)
        let refused = { (error: APIError) in
            try draw(
                context, project, status: error.status, notice: .problem(IntegrationPages.notice("The terms were not added.", error)),
                respond
            ) {
                $0.draft = draft
                $0.problems = FormProblems(error.fields ?? [:])
            }
        }
        let call: ASOKeywordsAdd.Request
        do {
            call = try ASOKeywordsHandler.addRequest(country: form["country"], terms: terms, dryRun: false) { try ref(context, project) }
        } catch let error as APIError where error.status == 400 {
            return try refused(error)
        }
        aso.client.call(ASOKeywordsAdd.self, call) { result in
            switch result {
            case .success(let answer):
                respond(.success(PageResponse.redirect(path(project) + "?done=added-\(answer.added.count)-\(answer.existing.count)")))
            case .failure(let error):
                let mapped = APIError.fromBackend(error)
                guard mapped.status == 400 || mapped.status == 409 else { return respond(.failure(mapped)) }
                do { try refused(mapped) } catch { respond(.failure(error)) }
            }
        }
    }

    /// `POST /dashboard/apps/{id}/keywords/groups` (`concept`, `terms` one `store: term` a line).
    func addGroup(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.project(context)
        let form = FormFields(context.request)
        var terms: [String: String] = [:]
        var problems: [String] = []
        for line in AppsPagesHandler.lines(form.raw("terms") ?? "").prefix(50) {
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("“\(line)” is not store: term")
                continue
            }
            terms[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let refused = { (error: APIError) in
            try draw(
                context, project, status: error.status, notice: .problem(IntegrationPages.notice("The group was not saved.", error)),
                respond
            ) {
                $0.problems = FormProblems(error.fields ?? [:])
            }
        }
        let call: ASOGroupCreate.Request
        do {
            if !problems.isEmpty { throw APIError.invalidPayload(["terms": problems]) }
            call = try ASOGroupsHandler.createRequest(concept: form.raw("concept"), terms: terms, dryRun: false) {
                try ref(context, project)
            }
        } catch let error as APIError where error.status == 400 {
            return try refused(error)
        }
        aso.client.call(ASOGroupCreate.self, call) { result in
            switch result {
            case .success: respond(.success(PageResponse.redirect(path(project) + "?done=group#grid")))
            case .failure(let error):
                let mapped = APIError.fromBackend(error)
                guard mapped.status == 400 || mapped.status == 409 else { return respond(.failure(mapped)) }
                do { try refused(mapped) } catch { respond(.failure(error)) }
            }
        }
    }

    /// `POST /dashboard/apps/{id}/keywords/{keywordId}/remove`.
    func remove(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.project(context)
        let call = ASOKeywordRef(project: try ref(context, project), keywordId: context.request.pathParameters["keywordId"] ?? "")
        BackendForwarding(client: aso.client).forward(ASOKeywordRemove.self, call, respond: respond) { removed in
            PageResponse.redirect(path(project) + "?done=removed")
        }
    }

    /// `GET /dashboard/apps/{id}/keywords/{keywordId}`: the history as a chart of every day from
    /// the first observation to the last.
    func keyword(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.project(context)
        let call = ASOKeywordRef(project: try ref(context, project), keywordId: context.request.pathParameters["keywordId"] ?? "")
        BackendForwarding(client: aso.client).forward(ASOKeywordHistory.self, call, respond: respond) { history in
            let page = KeywordPage(
                projectId: project.id, appName: project.name, keyword: Self.keyword(history.keyword),
                observations: history.items.map { .init(date: $0.date, observedAt: $0.observedAt, rank: $0.rank) },
                series: Self.series(history.items))
            return PageResponse.html(page.html(viewer: context.viewer()))
        }
    }

    /// One point a day from the oldest observation to the newest (at most 365), nil on a day
    /// without an observation or observed without the app.
    static func series(_ items: [ASORankPoint]) -> [LineChart.Point] {
        LineChart.daily(items.map { ($0.date, $0.rank.map(Double.init)) })
    }

    /// `GET /dashboard/apps/{id}/keywords/candidates?country=`: read from iTunes in a task.
    func candidates(_ context: PageContext) throws -> HTTPResponse {
        let project = try apps.project(context)
        guard let country = ASOStorefront.normalize(context.request.query["country"] ?? "us") else {
            throw APIError.invalidQuery(["country": ["must be a supported App Store country code, e.g. us"]])
        }
        let ref = try ref(context, project)
        guard ref.appStoreId != nil else { throw PageError.notFound }
        let canManage = context.session.role.allows(.manageApps)
        return try work.begin(context, title: "Reading the app's listing and searches", back: path(project)) { finish in
            aso.client.call(ASOCandidates.self, .init(project: ref, country: country), timeout: ASOBackend.liveSearchTimeout) { result in
                finish(
                    result.map { answer in
                        { context in
                            let page = KeywordCandidatesPage(
                                projectId: project.id, appName: project.name, country: country, listing: answer.listing,
                                candidates: answer.items.map { .init(term: $0.term, evidence: $0.evidence.map(Self.evidence)) },
                                canManage: canManage)
                            return PageResponse.html(page.html(viewer: context.viewer()))
                        }
                    }.mapError { APIError.fromBackend($0) })
            }
        }
    }

    static func evidence(_ e: ASOEvidence) -> String {
        switch e.source {
        case .listingTitle: return "in the app's title"
        case .listingDescription: return "\(e.count ?? 0)× in the app's description"
        case .search: return "rank \(e.rank.map(String.init) ?? "?") for “\(e.term ?? "")”"
        case .competitorTitle:
            return "in the title of \(e.appName ?? "a competitor") (rank \(e.rank.map(String.init) ?? "?") for “\(e.term ?? "")”)"
        }
    }

    static func notice(_ done: String?) -> PageShell.Notice? {
        guard let done else { return nil }
        if done == "removed" { return .ok("Stopped tracking the term; its history went with it.") }
        if done == "group" { return .ok("Group saved; its terms are tracked. Nothing was published to the App Store.") }
        let parts = done.split(separator: "-")
        if parts.count == 3, parts[0] == "added", let added = Int(parts[1]), let existing = Int(parts[2]) {
            return .ok(
                "\(added) added" + (existing > 0 ? ", \(existing) already tracked" : "")
                    + ". Ranks appear after the keywords job observes them.")
        }
        return nil
    }
}
