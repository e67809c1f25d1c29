import HubRuntime

/// The body of `POST /api/v1/chat/messages`.
struct ChatSendBody: Decodable {
    let body: String
    let imageTokens: [String]?
    let locale: String?
    let platform: String?
    let bundleId: String?
}

// The body of every chat send: read without JSONDecoder when it is the usual shape (no photo
// tokens, no escapes, no other member).
extension ChatSendBody: JSONReadable {
    init?(json: JSONObjectReader) {
        guard json.hasOnly(["body", "imageTokens", "locale", "platform", "bundleId"]), let body = json.string("body"),
            let locale = json.optionalString("locale"), let platform = json.optionalString("platform"),
            let bundleId = json.optionalString("bundleId")
        else { return nil }
        let imageTokens: [String]?
        if json.isAbsent("imageTokens") {
            imageTokens = nil
        } else if json.isEmptyArray("imageTokens") {
            imageTokens = []
        } else {
            return nil
        }
        self.init(body: body, imageTokens: imageTokens, locale: locale, platform: platform, bundleId: bundleId)
    }
}
