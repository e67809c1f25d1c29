import HubHTTPServer

/// Stable codes of the operator API beyond the codes every route shares (docs/limits.md,
/// "Error codes").
extension APIError {
    public static let slugTaken = APIError(status: 409, code: "SLUG_TAKEN", message: "This slug is already in use.")
    public static let statusInUse = APIError(
        status: 409, code: "STATUS_IN_USE",
        message: "Ideas use this status; move them to another status first.")
    public static let defaultStatusUndeletable = APIError(
        status: 409, code: "STATUS_IN_USE",
        message: "The board's default status cannot be deleted; make another status the default first.")
    public static let defaultStatusRequired = APIError(
        status: 409, code: "DEFAULT_STATUS_REQUIRED",
        message: "A board keeps exactly one default status; make another status the default instead.")
    public static let ideaMerged = APIError(status: 409, code: "IDEA_MERGED", message: "This idea was merged into another idea.")
    public static let mergeIntoSelf = APIError(status: 400, code: "MERGE_INTO_SELF", message: "An idea cannot be merged into itself.")
    public static let mergeAcrossProjects = APIError(
        status: 400, code: "MERGE_ACROSS_PROJECTS",
        message: "Ideas can only be merged within one project.")
    public static let mergeTargetMerged = APIError(
        status: 409, code: "MERGE_TARGET_MERGED",
        message: "The target idea was itself merged; merge into the idea it was merged into.")
    public static let organizationRequired = APIError(
        status: 403, code: "FORBIDDEN",
        message: "Only tokens of the instance's default organization can create organizations.")

    public static let marketImportRequiresOperator = APIError(
        status: 403, code: "FORBIDDEN",
        message: "Only tokens of the instance's default organization can import market records: every organization reads them.")

    /// 404 `NOT_FOUND` naming the kind of resource; another organization's resource answers the same.
    public static func adminNotFound(_ what: String) -> APIError {
        APIError(status: 404, code: "NOT_FOUND", message: "No \(what) with this ID.")
    }
}
