/// Requests that go out together on `HTTPMultiplexClient`, with the headers they all share.
public struct HTTPRequestBatch {
    public var requests: [HTTPClientRequest]
    /// Sent with every request, after its own; checked and built once for the batch.
    public var sharedHeaders: [(String, String)]
    /// Headers libcurl would add by itself (`Accept`, `User-Agent`) that the batch goes without.
    public var omitting: [String]

    public init(requests: [HTTPClientRequest], sharedHeaders: [(String, String)] = [], omitting: [String] = []) {
        self.requests = requests
        self.sharedHeaders = sharedHeaders
        self.omitting = omitting
    }
}
