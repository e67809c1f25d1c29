import Dashboard
import Foundation
import HubHTTPServer

/// A posted "Request a feature" form: multipart when it carries the screenshot input,
/// urlencoded when it does not (the email form). What was typed is kept as typed, with the
/// browser's CRLF line breaks as LF, so a refused form comes back as it was sent.
struct FeatureRequestForm {
    static let maxTitle = 180
    static let maxDetails = 4_000
    static let maxScreenshotBytes = 5 << 20
    /// The stored screenshot's longest side, in pixels.
    static let maxScreenshotEdge = 1_600
    static let maxLanguage = 35

    var values: FeatureRequestPage.Values
    var screenshot: MultipartForm.Part?
    /// The browser's, when the page's script filled them in.
    var viewport: (width: Int, height: Int)?
    var language: String?

    init(_ request: HTTPRequest) {
        let text: (String) -> String?
        if let form = MultipartForm(request) {
            text = { form.text($0) }
            screenshot = form.files("screenshot").first
        } else {
            let form = FormFields(request)
            text = { form.raw($0) }
        }
        func typed(_ name: String) -> String { (text(name) ?? "").replacingOccurrences(of: "\r\n", with: "\n") }
        values = FeatureRequestPage.Values(
            type: typed("type"), title: typed("title"), details: typed("details"), importance: typed("importance"))
        let width = Int(typed("viewportWidth"))
        let height = Int(typed("viewportHeight"))
        if let width, let height, (1...InputLimits.feedbackViewport).contains(width), (1...InputLimits.feedbackViewport).contains(height) {
            viewport = (width, height)
        }
        let language = typed("language")
        if (1...Self.maxLanguage).contains(language.utf8.count),
            language.utf8.allSatisfy({
                $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        {
            self.language = language
        }
    }

    var title: String { values.title.trimmingCharacters(in: .whitespacesAndNewlines) }
    var details: String { values.details.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Every problem of the typed fields; with `screenshot`, also the file's size and kind
    /// (its pixels are decoded later, on the image decoder). Lengths are measured before
    /// anything else is done with the text.
    func problems(checkingScreenshot: Bool) -> FieldErrors {
        var errors = FieldErrors()
        if !FeatureRequestPage.types.contains(where: { $0.value == values.type }) {
            errors.add("type", "Choose new feature, improvement or problem.")
        }
        if title.isEmpty {
            errors.add("title", "Enter a title.")
        } else if title.utf16.count > Self.maxTitle {
            errors.add("title", "Use at most \(Self.maxTitle) characters (this has \(title.utf16.count)).")
        }
        if details.utf16.count > Self.maxDetails {
            errors.add("details", "Use at most 4,000 characters (this has \(details.utf16.count)).")
        }
        if !values.importance.isEmpty && !FeatureRequestPage.importances.contains(where: { $0.value == values.importance }) {
            errors.add("importance", "Choose one of the listed levels, or none.")
        }
        if checkingScreenshot, let screenshot {
            if screenshot.bytes.count > Self.maxScreenshotBytes {
                errors.add("screenshot", "The screenshot is larger than 5 MB; nothing was sent. Choose a smaller image.")
            } else if screenshotFormat == nil {
                errors.add("screenshot", "The screenshot must be a PNG, JPEG or WebP image; nothing was sent.")
            }
        }
        return errors
    }

    /// The screenshot's format told by its first bytes, whatever the browser declared.
    var screenshotFormat: FeedbackScreenshot.Format? {
        guard let bytes = screenshot?.bytes else { return nil }
        return [FeedbackScreenshot.Format.png, .jpeg, .webp].first { FeedbackScreenshot.dimensions(of: bytes, as: $0) != nil }
    }
}
