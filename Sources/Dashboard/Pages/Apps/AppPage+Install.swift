/// The install panel: the values the SDK is configured with and the code that does it, as in
/// the SDK's "Install the SDK" guide, filled in for this app.
extension AppPage {
    static let packageURL = "https://github.com/victorgxn/appnorth-ios"
    static let packageVersion = "0.2.0"

    /// The origin the snippet uses: `http://localhost` when allowed (what the SDK's guides
    /// start with), else the first allowed one.
    var snippetOrigin: String {
        settings.allowedOrigins.contains("http://localhost") ? "http://localhost" : settings.allowedOrigins.first ?? "http://localhost"
    }

    /// Swift source shown as text; the values in it are this app's.
    var snippet: String {
        """
        import AppNorth
        import SwiftUI

        let configuration = try AppNorthConfiguration(
            apiURL: URL(string: "\(serverURL)")!,
            appId: "\(appId)",
            origin: URL(string: "\(snippetOrigin)")!
        )
        let client = AppNorthClient(configuration: configuration)

        struct FeedbackScreen: View {
            var body: some View {
                AppNorthView(client: client)
                // Support chat only: AppNorthChatView(client: client)
            }
        }
        """
    }

    /// A physical iPhone cannot reach the Mac's own loopback address.
    var serverIsLoopback: Bool {
        let lower = serverURL.lowercased()
        return lower.contains("://localhost") || lower.contains("://127.") || lower.contains("://[::1]")
    }

    var installPanel: HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "install-title")) {
            element("h2", .id("install-title")) { "Install the SDK" }
            element("dl", .class("facts")) {
                element("dt") { "App ID" }
                element("dd") {
                    element("code", .class("copyable")) { appId }
                    element("div", .class("hint")) { "Public: it goes in the app." }
                }
                element("dt") { "Server URL" }
                element("dd") {
                    element("code", .class("copyable")) { serverURL }
                    if serverIsLoopback {
                        element("div", .class("hint")) { "A physical iPhone cannot reach this address; use one it can reach." }
                    }
                }
                element("dt") { "Origin" }
                element("dd") {
                    element("code", .class("copyable")) { snippetOrigin }
                    element("div", .class("hint")) { "One of the allowed origins below. It is an anti-abuse signal, not a secret." }
                }
                element("dt") { "Project ID" }
                element("dd") {
                    element("code", .class("copyable")) { projectId }
                    element("div", .class("hint")) { "Internal: your backend signs identities with it. Not for the app." }
                }
                element("dt") { "Public pages" }
                element("dd") {
                    element("a", .href(RoadmapPaths(appId: appId).roadmap)) { "Roadmap" }
                    " · "
                    element("a", .href(RoadmapPaths(appId: appId).changelog)) { "Changelog" }
                    element("div", .class("hint")) { "For the app's users, in any browser; the app can open the roadmap signed in." }
                }
            }
            element("ol", .class("steps")) {
                element("li") {
                    "In Xcode, choose File → Add Package Dependencies…, enter "
                    element("code") { AppPage.packageURL }
                    ", choose version " + AppPage.packageVersion + " or later and link AppNorth to your app target."
                }
                element("li") {
                    "Create one client at launch, keep it, and show a screen:"
                    element("pre", .class("block"), .label("Swift setup code")) { element("code") { snippet } }
                }
                element("li") {
                    "Run the app, send a clearly labelled test message, and find it in "
                    element("a", .href(inboxPath)) { "this app's inbox" }
                    "."
                }
            }
        }
    }
}
