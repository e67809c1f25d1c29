import Dashboard
import Foundation
import HubHTTPServer
import HubImaging
import HubRuntime

/// One checked request filed as a private report of the feedback project: the text, type and
/// importance as typed, and who sent it as the server knows them (name, email, organization,
/// plan) in the reporter fields and the report's diagnostics. The reporter email is the
/// report's author, so the team's replies reach the member by email like any report's.
struct FeatureRequestFiling {
    let store: IngestStore
    let objects: ObjectStore
    let context: PageContext
    let project: Project
    let organization: Organization

    /// The page every request records instead of the page it was sent from.
    static let pagePath = "/dashboard"

    /// Stores the screenshot (a failed write loses only the attachment, which the confirmation
    /// says), then the report; 303 to the confirmation.
    func file(_ form: FeatureRequestForm, image: SanitizedImage?) throws -> HTTPResponse {
        let id = store.ids.next()
        var stored: StoredScreenshot?
        if let image {
            let key = "screenshots/\(project.id.lowercased())/\(id.lowercased()).jpg"
            if (try? objects.put(key: key, bytes: image.jpeg, contentType: "image/jpeg")) != nil {
                stored = StoredScreenshot(key: key, type: "image/jpeg", width: image.width, height: image.height, bytes: image.jpeg.count)
            }
        }
        let session = context.session
        do {
            _ = try store.db.transaction {
                try store.insertFeedback(
                    id: id, projectId: project.id, draft: draft(form), authorEmail: session.email, authorKey: "email:" + session.email,
                    screenshot: stored, correlationId: context.request.correlationId, bundleId: project.bundleId)
            }
        } catch {
            if let stored { try? objects.delete(key: stored.key) }
            throw error
        }
        let lost = image != nil && stored == nil
        return PageResponse.redirect(FeatureRequestPage.path + "?sent=1" + (lost ? "&screenshot=lost" : ""))
    }

    /// A new feature and an improvement are suggestions to the inbox; the request's own type
    /// stays in the diagnostics.
    func draft(_ form: FeatureRequestForm) -> FeedbackDraft {
        let session = context.session
        let metadata: [String: FeedbackJSONValue] = [
            "requestType": .string(form.values.type),
            "importance": form.values.importance.isEmpty ? .null : .string(form.values.importance),
            "requesterName": .string(session.name), "requesterEmail": .string(session.email),
            "organizationId": .string(organization.id), "organizationName": .string(organization.name),
            "plan": .string(organization.plan),
        ]
        let entry = FeedbackRequestBody.Diagnostic(
            category: "breadcrumb", level: "info", message: "Request a feature", timestamp: nil, metadata: metadata)
        let title = form.title
        let details = form.details
        return FeedbackDraft(
            type: form.values.type == "problem" ? "problem" : "suggestion",
            message: FeedbackSanitizer.sanitize(details.isEmpty ? title : title + "\n\n" + details), email: session.email,
            pageURL: context.origin + Self.pagePath, pageTitle: FeedbackSanitizer.sanitize(title), locale: form.language,
            viewportWidth: form.viewport?.width ?? 0, viewportHeight: form.viewport?.height ?? 0, userAgent: nil,
            deviceContext: nil, diagnostics: FeedbackDraft.diagnosticsJSON([entry]))
    }

    /// What the form says about a screenshot the image decoder refused.
    static func problem(_ error: Error) -> String {
        switch error as? ImageSanitizerError {
        case .invalidDimensions?, .tooManyPixels?:
            return "The screenshot has too many pixels (at most 20,000 on a side and 40 million in all); nothing was sent."
        case .animated?: return "The screenshot must be a still image, not an animation; nothing was sent."
        default: return "The screenshot could not be read as an image (it may be damaged); nothing was sent."
        }
    }
}
