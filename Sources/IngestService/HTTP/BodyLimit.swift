/// The most request body bytes a route reads, as its route table line shows it.
struct BodyLimit: Sendable {
    /// nil: the server's default (`HTTPServerOptions.maxBodyBytes`, 1 MiB).
    let maxBytes: Int?

    static let serverDefault = BodyLimit(maxBytes: nil)
    /// The limit of a community write (32,000 bytes; docs/limits.md, "Request bodies"), which
    /// most JSON writes share.
    static let community = BodyLimit(maxBytes: InputLimits.communityBodyBytes)

    static func bytes(_ count: Int) -> BodyLimit { BodyLimit(maxBytes: count) }
}
