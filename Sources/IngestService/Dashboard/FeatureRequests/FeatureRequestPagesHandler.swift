import Dashboard
import Foundation
import HubHTTPServer
import HubImaging
import HubRuntime

/// "Request a feature" (`FeatureRequestPage`): every member may send the AppNorth team a
/// request, filed as a private report in the project `APPNORTH_FEEDBACK_APP_ID` names, with
/// who sent it added by the server. Without that project, or on the free plan, the form
/// prepares an email instead. Five attempts per user per hour, refused ones included.
struct FeatureRequestPagesHandler {
    let store: IngestStore
    let objects: ObjectStore
    /// Where screenshots are decoded: up to a second of CPU each, off the HTTP threads.
    let decoder: WorkerPool
    let feedbackAppId: String?

    static let attemptsPerWindow = 5
    static let window: TimeInterval = 3_600
    /// The screenshot and the form's text with its multipart framing; a body declaring more is
    /// refused before it is read.
    static let bodyBytes = FeatureRequestForm.maxScreenshotBytes + 64 * 1024

    /// Where a member's request goes from this hub.
    enum Target {
        case live(Project, Organization)
        case email(FeatureRequestPage.Delivery)

        var delivery: FeatureRequestPage.Delivery {
            if case .email(let delivery) = self { return delivery }
            return .live
        }
    }

    func target(_ session: TeamSession) throws -> Target {
        guard let appId = feedbackAppId, let project = try store.project(appId: appId),
            let organization = try store.organization(id: session.organizationId)
        else { return .email(.emailNotConfigured) }
        if organization.entitlements == .free { return .email(.emailPlanRequired) }
        return .live(project, organization)
    }

    /// `GET /dashboard/request-feature` (`?sent=1`, with `&screenshot=lost`, after a request was filed).
    func page(_ context: PageContext) throws -> HTTPResponse {
        var page = FeatureRequestPage(delivery: try target(context.session).delivery)
        if context.request.queryValues("sent").first == "1" {
            page.outcome = .sent(screenshotLost: context.request.queryValues("screenshot").first == "lost")
        }
        return PageResponse.html(page.html(viewer: context.viewer()))
    }

    /// `POST /dashboard/request-feature`: filed, 303 to the confirmation; the email form's
    /// answer is the page with the draft's link. Refused, the form again with its problems.
    func submit(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = FeatureRequestForm(context.request)
        let target = try target(context.session)
        let draw = { (status: Int, outcome: FeatureRequestPage.Outcome, problems: FieldErrors) -> HTTPResponse in
            let page = FeatureRequestPage(
                delivery: target.delivery, values: form.values, problems: FormProblems(problems.fields), outcome: outcome)
            return PageResponse.html(page.html(viewer: context.viewer()), status: status)
        }
        guard case .live(let project, let organization) = target else {
            let problems = form.problems(checkingScreenshot: false)
            if !problems.isEmpty { return respond(.success(draw(400, .refused, problems))) }
            return respond(.success(draw(target.delivery == .emailPlanRequired ? 403 : 200, .emailReady, FieldErrors())))
        }
        if let wait = try store.countFeatureRequestAttempt(
            userId: context.session.userId, limit: Self.attemptsPerWindow, window: Self.window)
        {
            var response = draw(429, .throttled(retryAfterSeconds: wait), FieldErrors())
            response.headers.append(("Retry-After", String(wait)))
            return respond(.success(response))
        }
        let problems = form.problems(checkingScreenshot: true)
        if !problems.isEmpty { return respond(.success(draw(400, .refused, problems))) }
        let filing = FeatureRequestFiling(store: store, objects: objects, context: context, project: project, organization: organization)
        guard let screenshot = form.screenshot, let format = form.screenshotFormat else {
            return respond(Result { try filing.file(form, image: nil) })
        }
        let queued = decoder.submit {
            let image: SanitizedImage
            do {
                image = try ImageSanitizer.sanitize(
                    screenshot.bytes, declaredType: format.mimeType, maxBytes: FeatureRequestForm.maxScreenshotBytes,
                    maxEdge: FeatureRequestForm.maxScreenshotEdge)
            } catch {
                var problems = FieldErrors()
                problems.add("screenshot", FeatureRequestFiling.problem(error))
                return respond(.success(draw(400, .refused, problems)))
            }
            respond(Result { try filing.file(form, image: image) })
        }
        if !queued {
            var response = draw(503, .busy, FieldErrors())
            response.headers.append(("Retry-After", "1"))
            respond(.success(response))
        }
    }
}
