/// The editable App Store metadata of one localization (docs/app-store-connect.md, "Metadata"). In
/// requests a nil field means "not part of this request"; in answers it means Apple has no value.
public struct ASCMetadataFields: Codable, Equatable, Sendable {
    public var name: String?
    public var subtitle: String?
    public var keywords: String?
    public var promotionalText: String?
    public var description: String?
    public var whatsNew: String?

    public init(
        name: String? = nil, subtitle: String? = nil, keywords: String? = nil, promotionalText: String? = nil,
        description: String? = nil, whatsNew: String? = nil
    ) {
        self.name = name
        self.subtitle = subtitle
        self.keywords = keywords
        self.promotionalText = promotionalText
        self.description = description
        self.whatsNew = whatsNew
    }

    public static let appInfoFields = ["name", "subtitle"]
    public static let versionFields = ["keywords", "promotionalText", "description", "whatsNew"]
    public static let all = appInfoFields + versionFields

    public subscript(field: String) -> String? {
        get {
            switch field {
            case "name": return name
            case "subtitle": return subtitle
            case "keywords": return keywords
            case "promotionalText": return promotionalText
            case "description": return description
            case "whatsNew": return whatsNew
            default: return nil
            }
        }
        set {
            switch field {
            case "name": name = newValue
            case "subtitle": subtitle = newValue
            case "keywords": keywords = newValue
            case "promotionalText": promotionalText = newValue
            case "description": description = newValue
            case "whatsNew": whatsNew = newValue
            default: break
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case name, subtitle, keywords, promotionalText, description, whatsNew }

    // Every key is present; absent values are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(subtitle, forKey: .subtitle)
        try c.encode(keywords, forKey: .keywords)
        try c.encode(promotionalText, forKey: .promotionalText)
        try c.encode(description, forKey: .description)
        try c.encode(whatsNew, forKey: .whatsNew)
    }
}

/// One validation finding; errors block publishing, warnings do not.
public struct ASCMetadataProblem: Codable, Equatable, Sendable {
    public enum Severity: String, Codable, Sendable { case error, warning }
    public var field: String
    public var code: String
    public var message: String
    public var severity: Severity

    public init(field: String, code: String, message: String, severity: Severity) {
        self.field = field
        self.code = code
        self.message = message
        self.severity = severity
    }
}

/// The app's metadata as Apple holds it now.
public struct ASCMetadataDocument: Codable, Equatable, Sendable {
    public struct Localization: Codable, Equatable, Sendable {
        public var locale: String
        public var fields: ASCMetadataFields
        public init(locale: String, fields: ASCMetadataFields) {
            self.locale = locale
            self.fields = fields
        }
    }

    public var versionId: String?
    public var versionString: String?
    public var versionState: String?
    /// Whether an editable version exists (else publishing is `READ_ONLY`).
    public var editable: Bool
    public var localizations: [Localization]

    public init(versionId: String?, versionString: String?, versionState: String?, editable: Bool, localizations: [Localization]) {
        self.versionId = versionId
        self.versionString = versionString
        self.versionState = versionState
        self.editable = editable
        self.localizations = localizations
    }
}

/// `metadata.read`: the app's editable version and its localizations, from Apple.
public enum ASCMetadataRead: RPCMessage {
    public static let type = "metadata.read"
    public typealias Request = ASCAppRef
    public typealias Response = ASCMetadataDocument
}

/// `metadata.publish`: sends the fields of `changes` that differ from `expected` (what the
/// editor loaded), after validating the resulting localization and rereading Apple's values.
public enum ASCMetadataPublish: RPCMessage {
    public static let type = "metadata.publish"
    public struct Request: Codable, Equatable, Sendable {
        public var app: ASCAppRef
        public var locale: String
        public var expected: ASCMetadataFields
        public var changes: ASCMetadataFields
        /// Who asked, for the audit record.
        public var actor: String
        public init(app: ASCAppRef, locale: String, expected: ASCMetadataFields, changes: ASCMetadataFields, actor: String) {
            self.app = app
            self.locale = locale
            self.expected = expected
            self.changes = changes
            self.actor = actor
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// `PUBLISHED` or `NO_CHANGES` (failures are errors with their code).
        public var result: String
        public var published: [String]
        public var auditId: String
        public init(result: String, published: [String], auditId: String) {
            self.result = result
            self.published = published
            self.auditId = auditId
        }
    }
}

/// `metadata.audit`: the project's publish outcomes, newest first.
public enum ASCMetadataAudit: RPCMessage {
    public static let type = "metadata.audit"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public init(projectId: String) { self.projectId = projectId }
    }
    public struct Entry: Codable, Equatable, Sendable {
        public var id: String
        public var locale: String
        public var result: String
        public var requested: [String]
        public var published: [String]
        public var failed: [String]
        public var detail: String?
        public var actor: String
        public var createdAt: String
        public init(
            id: String, locale: String, result: String, requested: [String], published: [String], failed: [String],
            detail: String?, actor: String, createdAt: String
        ) {
            self.id = id
            self.locale = locale
            self.result = result
            self.requested = requested
            self.published = published
            self.failed = failed
            self.detail = detail
            self.actor = actor
            self.createdAt = createdAt
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [Entry]
        public init(items: [Entry]) { self.items = items }
    }
}
