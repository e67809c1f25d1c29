/// The options a request shares with others of its kind on a reused easy handle: its method,
/// whether it has a body, its scheme, and whether libcurl adds its User-Agent (not when the
/// batch's headers replace or omit it). Everything else is set for each request.
struct CurlRequestShape: Equatable {
    let method: String
    let hasBody: Bool
    let https: Bool
    let userAgent: Bool
}
