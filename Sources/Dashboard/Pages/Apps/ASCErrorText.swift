/// What a person does about an App Store Connect error code (docs "App Store Connect",
/// "Connection errors"), shown next to the code wherever the panel, the import or a review
/// action reports one.
public enum ASCErrorText {
    public static let actions: [String: String] = [
        "INVALID_CREDENTIALS": "Check the IDs and the matching P-256 private key",
        "CREDENTIALS_REJECTED": "Check whether Apple revoked the key or denied its access",
        "CREDENTIALS_UNREADABLE": "Ask the deployment operator to restore encryption-key access, or reconnect with the private key",
        "ENCRYPTION_NOT_CONFIGURED": "The deployment operator must configure credential encryption",
        "STORE_UNAVAILABLE": "Retry after the provider or connection recovers",
        "UNKNOWN_APPS": "Reload the accessible app list and select again",
        "NOT_CONNECTED": "Connect App Store Connect in Apps first",
        "NOT_IMPORTED": "Import this app from App Store Connect in Apps first",
        "PLAN_REQUIRED": "The relevant workspace allowance is unavailable: remove an app or change the plan",
    ]

    public static func action(_ code: String) -> String? { actions[code] }
}
