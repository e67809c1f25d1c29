import HubRuntime

/// What other parts of pushd call to send an email: queues the draft under its dedupe key
/// (nothing when email is off or the key was queued before) and wakes the delivery pass.
public final class EmailOutbox: @unchecked Sendable {
    public let store: PushStore
    /// Nil when email is off on this hub.
    public let sender: EmailAddress?
    private let wake: @Sendable () -> Void

    public init(store: PushStore, sender: EmailAddress?, wake: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.sender = sender
        self.wake = wake
    }

    public var isEnabled: Bool { store.emailEnabled }

    /// Returns whether the email was queued now (false: off, or already queued under that key).
    @discardableResult
    public func enqueue(_ draft: EmailDraft) throws -> Bool {
        let queued = try store.enqueueEmail(draft)
        if queued { wake() }
        return queued
    }

    /// Wakes the delivery pass after a commit that queued emails through `PushStore` directly.
    public func queued() { wake() }
}
