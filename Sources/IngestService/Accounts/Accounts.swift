import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// Sign-in, sessions, links and passwords for the team dashboard (docs/accounts.md, "For the
/// dashboard"). Password hashing (scrypt, tens of milliseconds and 32 MiB each) runs on its own
/// worker, never on an HTTP thread: the methods that hash take a completion, called on that
/// worker. The sign-in throttle is spent before any hashing, so refused attempts cost nothing.
public final class Accounts: @unchecked Sendable {
    /// Attempts per minute per client address and, separately, per email (docs/limits.md).
    public static let attemptsPerMinute = 10
    /// Password length in characters, not trimmed (docs/limits.md).
    public static let passwordLength = 10...200
    /// One hash at a time keeps the memory at one scrypt's 32 MiB; sign-ins are rare.
    static let hasherThreads = 1
    /// Attempts that may wait for the hasher before more are refused with 503.
    static let hasherQueue = 16

    public let store: IngestStore
    let hasher: WorkerPool
    let byAddress: RateLimiter
    let byEmail: RateLimiter

    /// A hash no password matches: an unknown email, or a user without a password, is checked
    /// against it, so the answer takes as long as for a wrong password and says nothing.
    static let decoy = PasswordHash.make(SecureRandom.token(byteCount: 24))

    public init(store: IngestStore, hasher: WorkerPool) {
        self.store = store
        self.hasher = hasher
        byAddress = RateLimiter(limit: Accounts.attemptsPerMinute, window: 60, clock: store.clock)
        byEmail = RateLimiter(limit: Accounts.attemptsPerMinute, window: 60, clock: store.clock)
    }

    public static func makeHasher() -> WorkerPool { WorkerPool(name: "password-hasher", threads: hasherThreads, maxQueued: hasherQueue) }

    /// Trimmed and lowercased, as users are stored.
    public static func normalizedEmail(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }

    /// The problem with a new password, or nil.
    public static func passwordProblem(_ password: String) -> String? {
        passwordLength.contains(password.count) ? nil : "must be \(passwordLength.lowerBound)-\(passwordLength.upperBound) characters"
    }

    // MARK: Signing in and out

    /// Checks `email` and `password` and opens a session in the user's oldest membership.
    /// Throws 429 `RATE_LIMITED` (with `Retry-After`) past 10 attempts a minute from `address`
    /// or for `email`, before hashing; 503 when the hasher is full.
    public func signIn(
        email: String, password: String, address: String?, completion: @escaping (Result<SignInOutcome, Error>) -> Void
    ) {
        do {
            let email = Accounts.normalizedEmail(email)
            try throttle(email: email, address: address)
            let user = email.utf8.count <= InputLimits.email ? try store.user(email: email) : nil
            hash(completion) { [store] in
                let stored = Accounts.passwordLength.contains(password.count) ? user?.passwordHash : nil
                guard PasswordHash.verify(password, against: stored ?? Accounts.decoy), let user, stored != nil else {
                    return .wrongEmailOrPassword
                }
                guard let first = try store.memberships(userId: user.id).first else { return .noMembership }
                let opened = try store.openSession(userId: user.id, memberId: first.member.id, organizationId: first.organizationId)
                return .signedIn(token: opened.token, session: opened.session)
            }
        } catch {
            completion(.failure(error))
        }
    }

    /// The live session of a cookie value (`IngestStore.session(token:)`).
    public func session(token: String) throws -> TeamSession? {
        guard (1...200).contains(token.utf8.count) else { return nil }
        return try store.session(token: token)
    }

    /// Ends the session of a cookie value; signing out twice is harmless.
    public func signOut(token: String) throws {
        guard (1...200).contains(token.utf8.count) else { return }
        try store.revokeSession(token: token)
    }

    // MARK: Links

    /// The link of an invitation or setup code: `<base>/invite/<code>`.
    public static func link(code: String, base: String) -> String { base + "/invite/" + code }

    /// What the link's page shows; nil when the code cannot be used.
    public func lookUp(code: String) throws -> CodeLookup? {
        guard (1...200).contains(code.utf8.count) else { return nil }
        return try store.lookUpCode(code)
    }

    /// Accepts a link. A setup code, or an invitation for someone without a password, sets
    /// `password` (10–200 characters; `name`, 1–100, is required for someone new and optional
    /// otherwise). An invitation for someone who has a password wants that password (throttled
    /// like a sign-in) and joins them as they are. Either way the code is used up and a session
    /// opens in the organization it is for. 400 `INVALID_PAYLOAD` names a bad `name` or
    /// `password`; 409 `MEMBER_EXISTS` when the invitee is already a member.
    public func accept(
        code: String, name: String?, password: String, address: String?,
        completion: @escaping (Result<SignInOutcome, Error>) -> Void
    ) {
        do {
            guard (1...200).contains(code.utf8.count), let record = try store.liveCode(code) else {
                completion(.success(.codeUnusable))
                return
            }
            let user = try store.user(email: record.email)
            if record.kind == .invitation, let stored = user?.passwordHash {
                try throttle(email: record.email, address: address)
                hash(completion) { [store] in
                    guard PasswordHash.verify(password, against: stored) else { return .wrongEmailOrPassword }
                    guard let opened = try store.useCode(id: record.id, name: nil, newPasswordHash: nil) else { return .codeUnusable }
                    return .signedIn(token: opened.token, session: opened.session)
                }
                return
            }
            var errors = FieldErrors()
            let name = errors.text(name, "name", AdminMembersHandler.name, required: user == nil)
            if let problem = Accounts.passwordProblem(password) { errors.add("password", problem) }
            try errors.throwIfAny()
            hash(completion) { [store] in
                let hash = PasswordHash.make(password)
                guard let opened = try store.useCode(id: record.id, name: name, newPasswordHash: hash) else { return .codeUnusable }
                return .signedIn(token: opened.token, session: opened.session)
            }
        } catch {
            completion(.failure(error))
        }
    }

    // MARK: Passwords

    /// Changes the password of the session's user after checking the current one (throttled
    /// like a sign-in): every session of the user is revoked, and a fresh one, in the same
    /// membership, is the outcome. 400 `INVALID_PAYLOAD` (`newPassword`) for a bad new password.
    public func changePassword(
        session: TeamSession, current: String, new: String, address: String?,
        completion: @escaping (Result<SignInOutcome, Error>) -> Void
    ) {
        do {
            var errors = FieldErrors()
            if let problem = Accounts.passwordProblem(new) { errors.add("newPassword", problem) }
            try errors.throwIfAny()
            try throttle(email: session.email, address: address)
            let stored = try store.user(id: session.userId)?.passwordHash
            hash(completion) { [store] in
                guard PasswordHash.verify(current, against: stored ?? Accounts.decoy), stored != nil else { return .wrongEmailOrPassword }
                let opened = try store.changePassword(
                    userId: session.userId, hash: PasswordHash.make(new), memberId: session.memberId,
                    organizationId: session.organizationId)
                return .signedIn(token: opened.token, session: opened.session)
            }
        } catch {
            completion(.failure(error))
        }
    }

    // MARK: Throttle and hasher

    /// Spends one attempt of `address`'s and of `email`'s budget, or throws 429 having spent
    /// neither.
    func throttle(email: String, address: String?) throws {
        let addressKey = address ?? "-"
        let emailKey = email.utf8.count <= InputLimits.email ? email : "-"
        try byAddress.check(addressKey)
        try byEmail.check(emailKey)
        try byAddress.consume(addressKey)
        try byEmail.consume(emailKey)
    }

    /// Runs `work` on the hasher and hands its result to `completion` there; 503
    /// `SERVICE_UNAVAILABLE` at once when the hasher is full or stopped.
    private func hash(_ completion: @escaping (Result<SignInOutcome, Error>) -> Void, _ work: @escaping () throws -> SignInOutcome) {
        if !hasher.submit({ completion(Result { try work() }) }) { completion(.failure(APIError.unavailable(retryAfter: 1))) }
    }
}
