/// The capability in an alert's one-click `List-Unsubscribe` link (RFC 8058): a member and
/// one alert kind, sealed with the hub's keyring by pushd and opened by ingest, so the link
/// turns off that one alert for that one member and nothing else. It travels in the header,
/// never in a body.
public enum EmailUnsubscribeToken {
    /// The longest token accepted, checked before anything is opened.
    public static let maximumLength = 400
    static let associatedData = "email-unsubscribe"

    /// URL-safe text: the sealed value, itself base64url so no `:` remains.
    public static func make(memberId: String, kind: String, keyring: Keyring) throws -> String {
        let sealed = try keyring.seal(memberId + "\n" + kind, associatedData: associatedData)
        return Base64URL.encode(Array(sealed.utf8))
    }

    /// The member and kind; nil for anything this hub's keyring did not seal as a token.
    public static func open(_ token: String, keyring: Keyring) -> (memberId: String, kind: String)? {
        guard token.utf8.count <= maximumLength, let bytes = Base64URL.decode(token),
            let sealed = String(validating: bytes, as: UTF8.self),
            let text = try? keyring.openString(sealed, associatedData: associatedData)
        else { return nil }
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
