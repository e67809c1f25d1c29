/// Requests that go out together on `HTTPMultiplexClient`, with the headers they all share.
public struct HTTPRequestBatch {
    /// Made ready for their streams (`HTTPStreamRequest`), possibly on another thread.
    public var streams: [HTTPStreamRequest]
    /// Sent with every request, after its own; checked and built once for the batch.
    public var sharedHeaders: [(String, String)]
    /// Headers libcurl would add by itself (`Accept`, `User-Agent`) that the batch goes without.
    public var omitting: [String]

    /// Requests prepared beforehand: the sending thread only hands them to libcurl.
    public init(prepared streams: [HTTPStreamRequest], sharedHeaders: [(String, String)] = [], omitting: [String] = []) {
        self.streams = streams
        self.sharedHeaders = sharedHeaders
        self.omitting = omitting
    }

    /// Requests prepared here, on the calling thread.
    public init(requests: [HTTPClientRequest], sharedHeaders: [(String, String)] = [], omitting: [String] = []) {
        self.init(prepared: requests.map(HTTPStreamRequest.init), sharedHeaders: sharedHeaders, omitting: omitting)
    }
}
