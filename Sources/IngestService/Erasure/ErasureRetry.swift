import HubMessaging

/// A part of an erasure that could not finish this pass and left what remains for the next:
/// the object store refused a delete, or data arrived while it ran. `code` is what the
/// erasure's per-daemon state shows.
struct ErasureRetry: Error, CustomStringConvertible {
    var code = ErasureApplyError.objectsUnavailable
    let message: String

    var description: String { code + ": " + message }
}
