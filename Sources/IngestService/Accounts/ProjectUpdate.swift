/// A project's changes as sent; every field optional, nil leaves it as it is.
/// `appStoreId: null` clears the App Store ID, absent leaves it (`appStoreIdPresent`).
struct ProjectUpdate {
    var name: String?
    var allowedOrigins: [String]?
    var chatMode: String?
    var watermark: Bool?
    var languages: [String]?
    var automaticReviewRequests: Bool?
    var appStoreIdPresent = false
    var appStoreId: String?
}

// In an extension, so the memberwise initializer the dashboard's form uses stays.
extension ProjectUpdate: Decodable {
    enum Keys: String, CodingKey {
        case name, allowedOrigins, chatMode, watermark, languages, automaticReviewRequests, appStoreId
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        allowedOrigins = try c.decodeIfPresent([String].self, forKey: .allowedOrigins)
        chatMode = try c.decodeIfPresent(String.self, forKey: .chatMode)
        watermark = try c.decodeIfPresent(Bool.self, forKey: .watermark)
        languages = try c.decodeIfPresent([String].self, forKey: .languages)
        automaticReviewRequests = try c.decodeIfPresent(Bool.self, forKey: .automaticReviewRequests)
        appStoreIdPresent = c.contains(.appStoreId)
        appStoreId = try c.decodeIfPresent(String.self, forKey: .appStoreId)
    }
}
