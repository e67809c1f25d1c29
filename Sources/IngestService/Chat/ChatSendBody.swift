/// The body of `POST /api/v1/chat/messages`.
struct ChatSendBody: Decodable {
    let body: String
    let imageTokens: [String]?
    let locale: String?
    let platform: String?
    let bundleId: String?
}
