import Foundation

/// `GET /dashboard/apps/{id}`: one app's install page and settings. Everyone sees how to
/// install the SDK (public App ID, server URL, allowed origin, the Swift snippet); owners and
/// admins also change the settings (`POST /dashboard/apps/{id}`), create or rotate the identity
/// secret (`…/identity-secret`, shown once) and upload or remove the APNs key
/// (`…/push-credentials`, `…/push-credentials/delete`, never shown again).
public struct AppPage: Sendable {
    /// What the settings form holds: the project's values, or what a refused post sent.
    public struct Settings: Sendable, Equatable {
        public var name: String
        public var allowedOrigins: [String]
        /// `disabled`, `identified` or `anyone`.
        public var chatMode: String
        public var automaticReviewRequests: Bool
        public var languages: [String]
        public var watermark: Bool

        public init(
            name: String, allowedOrigins: [String], chatMode: String, automaticReviewRequests: Bool, languages: [String], watermark: Bool
        ) {
            self.name = name
            self.allowedOrigins = allowedOrigins
            self.chatMode = chatMode
            self.automaticReviewRequests = automaticReviewRequests
            self.languages = languages
            self.watermark = watermark
        }
    }

    /// The APNs key as pushd describes it, without the key itself.
    public struct PushKey: Sendable, Equatable {
        public var keyId: String
        public var teamId: String
        public var bundleId: String
        /// `sandbox` or `production`.
        public var environment: String
        public var updatedAt: String

        public init(keyId: String, teamId: String, bundleId: String, environment: String, updatedAt: String) {
            self.keyId = keyId
            self.teamId = teamId
            self.bundleId = bundleId
            self.environment = environment
            self.updatedAt = updatedAt
        }
    }

    public enum Push: Sendable, Equatable {
        case notConfigured
        case configured(PushKey)
        /// pushd did not answer: the rest of the page still works.
        case unavailable
    }

    /// The upload form's values after a refused upload; the key file is never sent back.
    public struct PushDraft: Sendable, Equatable {
        public var keyId: String
        public var teamId: String
        public var bundleId: String
        public var environment: String

        public init(keyId: String, teamId: String, bundleId: String, environment: String) {
            self.keyId = keyId
            self.teamId = teamId
            self.bundleId = bundleId
            self.environment = environment
        }
    }

    /// The internal project ID: the page's URL, and what identity signatures sign.
    public var projectId: String
    /// The public App ID the SDK is configured with.
    public var appId: String
    /// The hub's base URL as apps reach it (`APPNORTH_PUBLIC_URL`, else this request's origin).
    public var serverURL: String
    public var settings: Settings
    public var identityConfigured: Bool
    public var push: Push
    /// The bundle ID known from App Store Connect, to start the APNs form with.
    public var bundleId: String?
    /// `manageApps`: change the settings.
    public var canManageApps: Bool
    /// `manageCredentials`: identity secret and APNs key.
    public var canManageCredentials: Bool
    /// The identity secret just created or rotated: in this one response, never again.
    public var newIdentitySecret: String?
    public var settingsProblems: FormProblems
    public var pushDraft: PushDraft?
    public var pushProblems: FormProblems
    /// The RevenueCat panel; nil leaves it out.
    public var revenue: RevenuePanel?

    public init(
        projectId: String, appId: String, serverURL: String, settings: Settings, identityConfigured: Bool, push: Push,
        bundleId: String? = nil, canManageApps: Bool, canManageCredentials: Bool, newIdentitySecret: String? = nil,
        settingsProblems: FormProblems = .none, pushDraft: PushDraft? = nil, pushProblems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appId = appId
        self.serverURL = serverURL
        self.settings = settings
        self.identityConfigured = identityConfigured
        self.push = push
        self.bundleId = bundleId
        self.canManageApps = canManageApps
        self.canManageCredentials = canManageCredentials
        self.newIdentitySecret = newIdentitySecret
        self.settingsProblems = settingsProblems
        self.pushDraft = pushDraft
        self.pushProblems = pushProblems
    }

    var path: String { "/dashboard/apps/" + projectId }

    /// The inbox filtered to this app.
    var inboxPath: String { "/dashboard?app=" + (projectId.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        // A refused save can hold an empty name; the heading still names the app.
        let title = settings.name.isEmpty ? appId : settings.name
        return PageShell.page(title: title, section: .apps, viewer: viewer, notice: notice) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href("/dashboard/apps")) { "← All apps" } }
            element("div", .class("topline")) {
                element("h1") { title }
                element("div", .class("row")) {
                    ChatModeText.badge(settings.chatMode)
                    element("a", .class("button"), .href(inboxPath)) { "Open inbox" }
                }
            }
            AppNav.html(projectId: projectId, current: .overview)
            if let newIdentitySecret { newSecretPanel(newIdentitySecret) }
            warnings
            element("div", .class("grid2")) {
                element("div", .class("stack")) {
                    installPanel
                    settingsPanel(token: viewer.formToken)
                }
                element("div", .class("stack")) {
                    identityPanel(token: viewer.formToken)
                    pushPanel(token: viewer.formToken)
                    if let revenue { revenue.html(appPath: path, token: viewer.formToken) }
                    integrationsPanel
                    if canManageApps { erasurePanel }
                }
            }
        }
    }

    /// What stops the app from working as set up, said before anything else.
    @HTMLBuilder var warnings: HTML {
        if settings.chatMode == "identified" && !identityConfigured {
            element("div", .class("flash bad"), Attribute("role", "status")) {
                "Chat is for verified users, but this app has no identity secret yet, so nobody can start a conversation. "
                canManageCredentials ? "Create the secret below, or let anyone chat." : "Ask an owner or admin to create it."
            }
        }
        if settings.allowedOrigins.isEmpty {
            element("div", .class("flash bad"), Attribute("role", "status")) {
                "No allowed origins: the SDK's writes are refused (ORIGIN_NOT_ALLOWED) until one is added."
            }
        }
    }
}
