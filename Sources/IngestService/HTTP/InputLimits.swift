/// The server's input limits (docs/limits.md, "Input limits"). Lengths count UTF-16 code units,
/// as the SDK does (its limits were set against a JavaScript server).
public enum InputLimits {
    public static let appId = 3...100
    public static let ideaTitle = 4...140
    public static let ideaDescription = 0...4_000
    public static let comment = 2...2_000
    public static let authorName = 1...80
    public static let searchQuery = 0...120
    public static let pageSize = 1...50
    public static let defaultPageSize = 20
    public static let chatMessage = 1...2_000
    public static let feedbackMessage = 3...5_000
    public static let feedbackPageURL = 2_048
    public static let feedbackPageTitle = 300
    public static let email = 320
    public static let feedbackViewport = 20_000
    public static let deviceContextField = 120
    public static let diagnostics = 100
    public static let diagnosticMessage = 1_000
    public static let diagnosticMetadataKeys = 20
    /// UTF-16 units of one entry's metadata after JSON serialization.
    public static let diagnosticMetadataLength = 8_000
    public static let screenshotDataURL = 2_800_000
    public static let communityBodyBytes = 32_000
    public static let feedbackBodyBytes = 3_500_000
    public static let idempotencyKey = 8...128
    public static let voterToken = 16...128
    public static let identityLifetimeSeconds: Int64 = 24 * 3600
    public static let identityClockSkewSeconds: Int64 = 60
    public static let identityPropertyKeys = 20
    public static let identityPropertyKeyLength = 64
    public static let identityPropertyString = 200
    public static let identityPropertiesBytes = 2_048
}
