/// Lets request validation list the scopes a token can have.
extension APIToken.Scope: CaseIterable {
    public static var allCases: [APIToken.Scope] { [.read, .write] }
}
