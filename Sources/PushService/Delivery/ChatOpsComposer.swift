import HubRuntime

/// The texts pushd posts to Telegram and Discord for each event, in one place. Plain text (no
/// parse mode, no mentions), so a user's message is shown exactly as typed.
enum ChatOpsComposer {
    static let unavailable = "unavailable"

    /// "ana@example.com · Weather Pro · c7f2a1": the reporter, the app, and the end of the
    /// subject's ID so two topics of one reporter stay apart (and a topic can be recognised
    /// when Telegram announces its creation).
    static func topicName(reporter: String?, appName: String, subjectId: String, report: Bool, limit: Int = 128) -> String {
        let tail = String(subjectId.suffix(6)).lowercased()
        let who = reporter ?? "Anonymous"
        return ChatOpsText.topicName("\(who) · \(appName)\(report ? " · report" : "") · \(tail)", limit: limit)
    }

    static func conversationIntro(_ event: ChatConversationCreatedEvent, appName: String, hubURL: String?) -> String {
        var lines = [
            "New conversation in \(appName) from \(event.ownerEmail ?? "Anonymous")",
            details(locale: event.locale, platform: event.platform, bundleId: event.bundleId, appVersion: event.appVersion),
            "Open in AppNorth: " + link(hubURL, "/dashboard/conversations/" + event.conversationId),
        ]
        if let body = event.body, !body.isEmpty { lines += ["", body] }
        return lines.joined(separator: "\n")
    }

    static func reportIntro(_ event: FeedbackCreatedEvent, appName: String, hubURL: String?) -> String {
        var lines = [
            "New \(event.type.replacingOccurrences(of: "_", with: " ")) report in \(appName) from \(event.email ?? "Anonymous")",
            details(locale: event.locale, platform: event.platform, bundleId: event.bundleId, appVersion: event.appVersion),
            "Open in AppNorth: " + link(hubURL, "/dashboard/reports/" + event.id),
        ]
        if let title = event.title, !title.isEmpty { lines += ["", title] }
        if let message = event.message, !message.isEmpty { lines += ["", message] }
        if event.hasScreenshot == true { lines += ["", "(a screenshot is attached in AppNorth)"] }
        return lines.joined(separator: "\n")
    }

    static func userMessage(_ event: ChatUserMessageEvent) -> String? {
        var text = event.body ?? ""
        if let count = event.imageCount, count > 0 {
            let note = count == 1 ? "(1 photo, shown in AppNorth)" : "(\(count) photos, shown in AppNorth)"
            text = text.isEmpty ? note : text + "\n" + note
        }
        return text.isEmpty ? nil : "User: " + text
    }

    static func teamReply(_ body: String?) -> String? {
        guard let body, !body.isEmpty else { return nil }
        return "Team: " + body
    }

    static func status(_ status: String) -> String {
        switch status {
        case "resolved": return "Resolved in AppNorth."
        case "reopened": return "Reopened in AppNorth."
        case "todo": return "Status: To do"
        case "in_progress": return "Status: In progress"
        case "done": return "Status: Done"
        default: return "Status: " + status
        }
    }

    private static func details(locale: String?, platform: String?, bundleId: String?, appVersion: String?) -> String {
        [
            "Locale: " + (nonEmpty(locale) ?? unavailable), "Platform: " + (nonEmpty(platform) ?? unavailable),
            "Bundle: " + (nonEmpty(bundleId) ?? unavailable), "App version: " + (nonEmpty(appVersion) ?? unavailable),
        ].joined(separator: " · ")
    }

    private static func link(_ hubURL: String?, _ path: String) -> String {
        guard let hubURL, !hubURL.isEmpty else { return unavailable }
        return hubURL + path
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
