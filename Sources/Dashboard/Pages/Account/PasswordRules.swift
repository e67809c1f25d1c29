/// What a new password's fields ask of the browser: the hub's length (10–200 characters,
/// docs/accounts.md) and a password manager's offer to make one. The hub checks it again.
enum PasswordRules {
    static let length = 10...200

    static let hint = "\(length.lowerBound) to \(length.upperBound) characters."

    static let newPassword: [Attribute] = [
        .required, Attribute("minlength", String(length.lowerBound)), Attribute("maxlength", String(length.upperBound)),
        Attribute("autocomplete", "new-password"),
    ]
}
