/// The profile of a store ID the market catalog does not hold (yet): Keyword Explorer results
/// and AppTracker notifications link to apps the collector has not recorded. Instead of a bare
/// "not found" it says why and links to the app's public App Store listing.
public struct ExploreMissingAppPage: Sendable {
    public var adamId: String

    public init(adamId: String) { self.adamId = adamId }

    /// Apple's listing for a numeric store ID (the country is left to the App Store).
    public var storeURL: String { "https://apps.apple.com/app/id" + adamId }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Not in the catalog · Explore", section: .explore, viewer: viewer) {
            element("p", .class("small")) { element("a", .href(ExploreNav.base + "/apps")) { "← Apps" } }
            element("h1") { "App " + adamId }
            element("div", .class("panel")) {
                element("p") {
                    "The market catalog has no record of this app yet. Apps enter it when a collected chart "
                        + "lists them or when market records are imported; a search result alone does not add one."
                }
                element("p") { element("a", .href(storeURL), Attribute("rel", "noopener noreferrer")) { "Open it on the App Store" } }
            }
        }
    }
}
