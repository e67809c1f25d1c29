extension RPCError {
    /// The server's queue for `type` is full (or stopping): the caller may retry after a second.
    public static func busy(_ type: String) -> RPCError {
        RPCError(code: "BUSY", message: "\(type) is busy; try again", status: 503, fields: [RPCError.retryAfterField: ["1"]])
    }
}
