import HubRuntime

// Part of `chat.send`'s reply, and the body of `POST /api/v1/chat/messages`' 201: written as
// `encode(to:)` writes it, every nullable key present.
extension ChatMessageDTO: JSONWritable {
    /// A message without photos or a card; nil for anything else, which JSONDecoder reads.
    init?(json: JSONObjectReader) {
        guard let id = json.string("id"), let sender = json.string("sender").flatMap(ChatSender.init(rawValue:)),
            let body = json.string("body"), let createdAt = json.string("createdAt"), let kind = json.optionalString("kind"),
            json.isAbsent("actionCard"), let openedAt = json.optionalString("openedAt"),
            let tappedAt = json.optionalString("tappedAt"), json.isEmptyArray("images")
        else { return nil }
        var `internal`: Bool?
        if !json.isAbsent("internal") {
            guard let flag = json.bool("internal") else { return nil }
            `internal` = flag
        }
        self.init(
            id: id, sender: sender, body: body, createdAt: createdAt, kind: kind, actionCard: nil, openedAt: openedAt,
            tappedAt: tappedAt, images: [], internal: `internal`)
    }

    public func writeJSON(to out: inout JSONBuffer) {
        out += "{\"id\":"
        out.string(id)
        out += ",\"sender\":"
        out.string(sender.rawValue)
        out += ",\"body\":"
        out.string(body)
        out += ",\"createdAt\":"
        out.string(createdAt)
        out += ",\"kind\":"
        out.optional(kind)
        out += ",\"actionCard\":"
        if let actionCard { actionCard.writeJSON(to: &out) } else { out += "null" }
        out += ",\"openedAt\":"
        out.optional(openedAt)
        out += ",\"tappedAt\":"
        out.optional(tappedAt)
        out += ",\"images\":["
        for (index, image) in images.enumerated() {
            if index > 0 { out += "," }
            image.writeJSON(to: &out)
        }
        out += "]"
        if let `internal` { out += `internal` ? ",\"internal\":true" : ",\"internal\":false" }
        out += "}"
    }
}

extension ChatActionCardDTO: JSONWritable {
    public func writeJSON(to out: inout JSONBuffer) {
        out += "{\"kind\":"
        out.string(kind)
        out += ",\"paywallId\":"
        out.optional(paywallId)
        out += ",\"titleAtSend\":"
        out.string(titleAtSend)
        out += ",\"buttonLabel\":"
        out.string(buttonLabel)
        out += ",\"body\":"
        out.optional(body)
        out += available ? ",\"available\":true}" : ",\"available\":false}"
    }
}

extension ChatImageDTO: JSONWritable {
    public func writeJSON(to out: inout JSONBuffer) {
        out += "{\"id\":"
        out.string(id)
        out += ",\"url\":"
        out.optional(url)
        out += ",\"width\":"
        out += String(width)
        out += ",\"height\":"
        out += String(height)
        if let key {
            out += ",\"key\":"
            out.string(key)
        }
        if expired == true { out += ",\"expired\":true" }
        out += "}"
    }
}
