import Foundation
import HubCrypto
import HubMessaging
import HubRuntime

/// The team's emails in words (docs/email.md, "Team alerts" and "Invitations"): a new
/// conversation, a new report, the daily digest and an invitation. Links point at the hub's
/// public URL; a user's words are cut to a short excerpt.
enum EmailAlertComposer {
    /// Longest excerpt of what a user wrote, in characters.
    static let excerptLimit = 300
    /// Longest report title in a subject, in characters, as the dashboard's report heading.
    static let subjectTitleLimit = 80
    static let preferencesPath = "/dashboard/settings/notifications"
    static let unsubscribePath = "/email/unsubscribe/"
    /// ASCII letters, digits and `-._~`: what a path segment keeps unescaped.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The queue's dedupe keys: one email per alert and member, per member and UTC day, per invitation.
    static func alertKey(eventId: String, memberId: String) -> String { "alert:\(eventId):\(memberId)" }
    static func digestKey(memberId: String, day: String) -> String { "digest:\(memberId):\(day)" }
    static func invitationKey(_ invitationId: String) -> String { "invite:" + invitationId }

    /// The draft of `content` for one member. `List-Unsubscribe` is the one-click link that
    /// turns this alert off for them (RFC 8058, answered by ingest), else, without a keyring,
    /// their preferences page.
    static func draft(
        _ content: EmailAlertContent, key: String, alert: EmailAlertKind, memberId: String, to: EmailAddress, base: String,
        keyring: Keyring?
    ) -> EmailDraft {
        let oneClick = keyring.flatMap { try? EmailUnsubscribeToken.make(memberId: memberId, kind: alert.rawValue, keyring: $0) }
        return EmailDraft(
            dedupeKey: key, kind: alert == .dailyDigest ? "digest" : "alert", to: to, subject: content.subject, text: content.text,
            html: content.html, listUnsubscribe: base + (oneClick.map { unsubscribePath + $0 } ?? preferencesPath))
    }

    static func conversation(_ event: ChatConversationCreatedEvent, app: String, organization: String, base: String)
        -> EmailAlertContent
    {
        var blocks: [EmailAlertContent.Block] = [
            .paragraph("A new conversation started in \(app) (\(organization)), from \(event.ownerEmail ?? "an anonymous user").")
        ]
        if let body = event.body, !excerpt(body).isEmpty { blocks.append(.quote(excerpt(body))) }
        blocks.append(.link(label: "Open the conversation", url: base + "/dashboard/conversations/" + segment(event.conversationId)))
        return EmailAlertContent(
            subject: oneLine("New conversation in \(app)"), blocks: blocks,
            footer: footer(setting: "New conversation", organization: organization, base: base))
    }

    static func report(_ event: FeedbackCreatedEvent, app: String, organization: String, base: String) -> EmailAlertContent {
        // The report's title as the dashboard heads it: the message's first line (`title` in
        // the event is the page the reporter was on, not theirs).
        let title = cut(firstLine(event.message ?? ""), subjectTitleLimit)
        let kind = event.type.replacingOccurrences(of: "_", with: " ")
        var blocks: [EmailAlertContent.Block] = [
            .paragraph("A new \(kind) report came in for \(app) (\(organization)), from \(event.email ?? "an anonymous reporter").")
        ]
        if let message = event.message, !excerpt(message).isEmpty { blocks.append(.quote(excerpt(message))) }
        if event.hasScreenshot == true { blocks.append(.paragraph("A screenshot is attached in AppNorth.")) }
        blocks.append(.link(label: "Open the report", url: base + "/dashboard/reports/" + segment(event.id)))
        let subject = "New report in \(app)" + (title.isEmpty ? "" : ": " + title)
        return EmailAlertContent(
            subject: oneLine(subject), blocks: blocks, footer: footer(setting: "New report", organization: organization, base: base))
    }

    /// nil when no app had anything new: a digest with nothing to say is not sent.
    static func digest(
        apps: [EmailDigestRecipients.App], counts: [String: EmailDigestCounts], organization: String, day: String, base: String
    ) -> EmailAlertContent? {
        let rows = apps.compactMap { app -> (String, String)? in
            guard let count = counts[app.projectId], !count.isEmpty else { return nil }
            return (app.name, plural(count.conversations, "new conversation") + ", " + plural(count.reports, "new report"))
        }
        guard !rows.isEmpty else { return nil }
        return EmailAlertContent(
            subject: oneLine("Your AppNorth digest for \(organization), \(day)"),
            blocks: [
                .paragraph("What came in over the last 24 hours:"), .rows(rows),
                .link(label: "Open the inbox", url: base + "/dashboard"),
            ],
            footer: footer(setting: "Daily digest", organization: organization, base: base))
    }

    static func invitation(_ event: InvitationCreatedEvent, link: String) -> EmailAlertContent {
        let who = event.inviterName.map { "\($0) invited you" } ?? "You are invited"
        let role = event.role == "admin" ? "an admin" : event.role == "owner" ? "an owner" : "a member"
        return EmailAlertContent(
            subject: oneLine("Join \(event.organizationName) on AppNorth"),
            blocks: [
                .paragraph("\(who) to join \(event.organizationName) on AppNorth as \(role)."),
                .link(label: "Accept the invitation", url: link),
                .paragraph(
                    "The link works once and until \(event.expiresAt.prefix(10)). If you did not expect it, ignore this email."),
            ], footer: nil)
    }

    /// The start of a user's text, whitespace folded, at most `excerptLimit` characters
    /// with an ellipsis when cut.
    static func excerpt(_ text: String) -> String {
        let folded = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return cut(folded, excerptLimit)
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    /// A subject never carries a line break (a header ends at one).
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0.isWhitespace }).joined(separator: " ")
    }

    static func firstLine(_ text: String) -> String {
        oneLine(String(text.split(whereSeparator: \.isNewline).first ?? ""))
    }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)" + (n == 1 ? "" : "s") }

    static func footer(setting: String, organization: String, base: String) -> String {
        "You get this because “\(setting)” is on for you in \(organization). Change it at \(base + preferencesPath)"
    }

    /// An ID as one path segment.
    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
