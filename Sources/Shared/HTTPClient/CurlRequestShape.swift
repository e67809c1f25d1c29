/// The options a request shares with others of its kind on a reused easy handle: its method,
/// whether it has a body, and its scheme. Everything else is set for each request.
struct CurlRequestShape: Equatable {
    let method: String
    let hasBody: Bool
    let https: Bool
}
