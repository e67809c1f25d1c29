import HubRuntime

/// The words of one team email (an alert, a digest, an invitation) as blocks, drawn once as
/// plain text and once as HTML so both parts always say the same. Nothing in it is a secret
/// except an invitation's own link.
struct EmailAlertContent: Sendable {
    enum Block: Sendable {
        case paragraph(String)
        /// What a user wrote, set apart.
        case quote(String)
        case link(label: String, url: String)
        /// A small table of rows: label and figures.
        case rows([(String, String)])

    }

    var subject: String
    var blocks: [Block]
    /// Why the recipient gets it and where to stop it; ends both parts.
    var footer: String?

    var text: String {
        var parts: [String] = blocks.map {
            switch $0 {
            case .paragraph(let text): return text
            case .quote(let text):
                return text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n")
            case .link(let label, let url): return label + ": " + url
            case .rows(let rows): return rows.map { $0.0 + ": " + $0.1 }.joined(separator: "\n")
            }
        }
        if let footer { parts += ["--", footer] }
        return parts.joined(separator: "\n\n") + "\n"
    }

    var html: String {
        var body = blocks.map {
            switch $0 {
            case .paragraph(let text): return "<p>" + HTMLText.escape(text) + "</p>"
            case .quote(let text):
                return "<blockquote style=\"margin:0 0 1em;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap\">"
                    + HTMLText.escape(text) + "</blockquote>"
            case .link(let label, let url):
                return "<p><a href=\"" + HTMLText.escape(url) + "\">" + HTMLText.escape(label) + "</a></p>"
            case .rows(let rows):
                return "<table>"
                    + rows.map { "<tr><td>" + HTMLText.escape($0.0) + "</td><td>" + HTMLText.escape($0.1) + "</td></tr>" }
                    .joined() + "</table>"
            }
        }.joined(separator: "\n")
        if let footer { body += "\n<p style=\"color:#666;font-size:small\">" + HTMLText.escape(footer) + "</p>" }
        return "<!doctype html>\n<html><body>\n" + body + "\n</body></html>\n"
    }

}
