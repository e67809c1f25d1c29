/// Whether the keyring a hub has now opens the sealed secrets of a backup (by key ID).
public enum KeyringMatch: Equatable, Sendable {
    /// The backup was taken without a keyring: it holds no sealed secrets.
    case noneNeeded
    case opens(needed: [String])
    /// Restoring it anyway leaves those secrets unreadable (`CREDENTIALS_UNREADABLE`).
    case cannotOpen(needed: [String], missing: [String], present: [String])
}
