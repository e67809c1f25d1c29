import HubRuntime

/// The notification bodies pushd sends: never any conversation text, a 0/1 badge, and the
/// `appnorth` envelope the SDK's `handleNotificationTap` checks before routing.
enum APNsPayload {
    /// Where the SDK routes a tapped chat notification.
    static let chatURL = "appnorth://appnorth/chat/current"
    static let alertTitle = "New reply"
    static let alertBody = "You have a new reply in chat."

    /// An alert with badge 1.
    static func alert(appId: String) -> [UInt8] {
        var out = "{\"aps\":{\"alert\":{\"title\":"
        JSONText.appendString(alertTitle, to: &out)
        out += ",\"body\":"
        JSONText.appendString(alertBody, to: &out)
        out += "},\"badge\":1,\"sound\":\"default\"},"
        appendEnvelope(appId: appId, to: &out)
        return Array(out.utf8)
    }

    /// A badge-only update: no alert, no sound.
    static func badge(_ badge: Int, appId: String) -> [UInt8] {
        var out = "{\"aps\":{\"badge\":\(badge == 0 ? 0 : 1)},"
        appendEnvelope(appId: appId, to: &out)
        return Array(out.utf8)
    }

    /// The three bodies one project's pushes can carry, built once and shared by its pushes.
    struct Bodies {
        let alert: [UInt8]
        /// Badge 0, badge 1.
        let badgeOnly: [[UInt8]]

        init(appId: String) {
            alert = APNsPayload.alert(appId: appId)
            badgeOnly = [APNsPayload.badge(0, appId: appId), APNsPayload.badge(1, appId: appId)]
        }

        /// An alert the user has already read (badge 0) becomes a badge-only update.
        func body(for kind: PushQueueItem.Kind, badge: Int) -> [UInt8] {
            kind == .alert && badge == 1 ? alert : badgeOnly[badge == 0 ? 0 : 1]
        }
    }

    private static func appendEnvelope(appId: String, to out: inout String) {
        out += "\"appnorth\":{\"type\":\"chat\",\"appId\":"
        JSONText.appendString(appId, to: &out)
        out += ",\"url\":"
        JSONText.appendString(chatURL, to: &out)
        out += "}}"
    }
}
