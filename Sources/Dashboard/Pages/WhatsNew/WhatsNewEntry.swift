/// One dated product update of the hub (`Resources/whats_new.json`): what shipped, in a
/// sentence or three, and where the documentation explains it.
public struct WhatsNewEntry: Decodable, Equatable, Sendable {
    /// A documentation page: `path` is the site path as the docs link it (`/docs/…`).
    public struct Link: Decodable, Equatable, Sendable {
        public let title: String
        public let path: String
    }

    /// `YYYY-MM-DD`.
    public let date: String
    public let title: String
    public let text: String
    public let links: [Link]
}
