/// The app whose public pages are drawn, as the visitor sees it: its name, the language
/// chosen for them, the watermark setting, who is signed in (a handoff session's verified
/// email) and the form token the visitor's forms carry.
public struct RoadmapSite: Sendable {
    public let appId: String
    public let appName: String
    public let language: RoadmapLanguage
    public let watermark: Bool
    public let signedInEmail: String?
    public let formToken: String

    public init(appId: String, appName: String, language: RoadmapLanguage, watermark: Bool, signedInEmail: String?, formToken: String) {
        self.appId = appId
        self.appName = appName
        self.language = language
        self.watermark = watermark
        self.signedInEmail = signedInEmail
        self.formToken = formToken
    }

    var copy: RoadmapCopy { language.copy }
    public var paths: RoadmapPaths { RoadmapPaths(appId: appId) }
}
