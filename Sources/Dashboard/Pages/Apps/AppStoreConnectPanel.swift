/// The App Store Connect panel of `/dashboard/apps` (docs "App Store Connect"): the connection's
/// key ID, issuer, when it was connected and last verified and how many apps the key saw, for
/// every member; owners and admins also connect or replace it (Issuer ID, Key ID and the `.p8`
/// file), disconnect it after a confirmation (imported projects stay) and open the importable
/// apps. The private key is never drawn.
public struct AppStoreConnectPanel: Sendable, Equatable {
    public struct Connection: Sendable, Equatable {
        public var issuerId: String
        public var keyId: String
        public var connectedAt: String
        public var verifiedAt: String
        public var appCount: Int
        public init(issuerId: String, keyId: String, connectedAt: String, verifiedAt: String, appCount: Int) {
            self.issuerId = issuerId
            self.keyId = keyId
            self.connectedAt = connectedAt
            self.verifiedAt = verifiedAt
            self.appCount = appCount
        }
    }

    public enum State: Sendable, Equatable {
        case notConnected
        case connected(Connection)
        /// asod did not answer, or refused with `code` (a key it cannot open).
        case unavailable(code: String?)
    }

    /// The connect form's values after a refused post; the key file is never sent back.
    public struct Draft: Sendable, Equatable {
        public var issuerId: String
        public var keyId: String
        public init(issuerId: String, keyId: String) {
            self.issuerId = issuerId
            self.keyId = keyId
        }
    }

    public static let path = "/dashboard/app-store-connect"

    public var state: State
    public var canManage: Bool
    /// Projects of the organization and its app allowance (nil: unlimited).
    public var appsUsed: Int
    public var appAllowance: Int?
    public var draft: Draft?
    public var problems: FormProblems
    public var confirmingDisconnect = false

    public init(
        state: State, canManage: Bool, appsUsed: Int, appAllowance: Int?, draft: Draft? = nil, problems: FormProblems = .none
    ) {
        self.state = state
        self.canManage = canManage
        self.appsUsed = appsUsed
        self.appAllowance = appAllowance
        self.draft = draft
        self.problems = problems
    }

    func html(token: String) -> HTML {
        element("section", .class("panel"), .id("app-store-connect"), Attribute("aria-labelledby", "asc-title")) {
            element("div", .class("row")) {
                element("h2", .id("asc-title")) { "App Store Connect" }
                element("span", .class("spacer"))
                switch state {
                case .connected: element("span", .class("badge ok")) { "Connected" }
                case .notConnected: element("span", .class("badge")) { "Not connected" }
                case .unavailable: element("span", .class("badge warn")) { "Unknown" }
                }
            }
            switch state {
            case .connected(let connection):
                element("dl", .class("facts")) {
                    fact("Key ID") { element("code") { connection.keyId } }
                    fact("Issuer ID") { element("code") { connection.issuerId } }
                    fact("Connected") { TimeText.html(connection.connectedAt) }
                    fact("Verified by Apple") { TimeText.html(connection.verifiedAt) }
                    fact("Apps the key sees") { String(connection.appCount) }
                    fact("App allowance") { allowance }
                }
            case .notConnected:
                element("p", .class("small muted")) {
                    "Connect your Apple team to import its apps and use reviews, metadata and price localization. "
                        + "The hub checks the key by listing your apps before it keeps it."
                }
            case .unavailable(let code):
                if let code {
                    ASCErrorText.alert(code: code, message: "The stored connection cannot be used.")
                } else {
                    element("p", .class("flash info")) { "The App Store service did not answer. Reload in a moment." }
                }
            }
            if canManage {
                manage(token: token)
            } else if case .notConnected = state {
                element("p", .class("small muted")) { "An owner or admin of your organization can connect it." }
            }
        }
    }

    var allowance: String { Self.allowanceText(used: appsUsed, allowance: appAllowance) }

    static func allowanceText(used: Int, allowance: Int?) -> String {
        allowance.map { "\(used) of \($0) used" } ?? "\(used) app\(used == 1 ? "" : "s"), no limit"
    }

    func fact(_ term: String, @HTMLBuilder _ value: () -> HTML) -> HTML {
        element("div") {
            element("dt") { term }
            element("dd") { value() }
        }
    }
}

extension ASCErrorText {
    /// A refusal with its code and the action the seed's table gives for it.
    static func alert(code: String, message: String) -> HTML {
        element("div", .class("flash bad"), Attribute("role", "alert")) {
            element("p") { message }
            if let action = action(code) {
                element("p") {
                    element("strong") { "What to do: " }
                    action
                }
            }
            element("p", .class("small")) { element("code") { code } }
        }
    }
}
