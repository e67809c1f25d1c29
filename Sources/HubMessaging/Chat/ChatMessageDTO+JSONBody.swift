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

    public func writeJSON(to out: inout String) {
        out += "{\"id\":"
        JSONText.appendEncoderString(id, to: &out)
        out += ",\"sender\":"
        JSONText.appendEncoderString(sender.rawValue, to: &out)
        out += ",\"body\":"
        JSONText.appendEncoderString(body, to: &out)
        out += ",\"createdAt\":"
        JSONText.appendEncoderString(createdAt, to: &out)
        out += ",\"kind\":"
        JSONText.appendEncoderOptional(kind, to: &out)
        out += ",\"actionCard\":"
        if let actionCard { actionCard.writeJSON(to: &out) } else { out += "null" }
        out += ",\"openedAt\":"
        JSONText.appendEncoderOptional(openedAt, to: &out)
        out += ",\"tappedAt\":"
        JSONText.appendEncoderOptional(tappedAt, to: &out)
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
    public func writeJSON(to out: inout String) {
        out += "{\"kind\":"
        JSONText.appendEncoderString(kind, to: &out)
        out += ",\"paywallId\":"
        JSONText.appendEncoderOptional(paywallId, to: &out)
        out += ",\"titleAtSend\":"
        JSONText.appendEncoderString(titleAtSend, to: &out)
        out += ",\"buttonLabel\":"
        JSONText.appendEncoderString(buttonLabel, to: &out)
        out += ",\"body\":"
        JSONText.appendEncoderOptional(body, to: &out)
        out += available ? ",\"available\":true}" : ",\"available\":false}"
    }
}

extension ChatImageDTO: JSONWritable {
    public func writeJSON(to out: inout String) {
        out += "{\"id\":"
        JSONText.appendEncoderString(id, to: &out)
        out += ",\"url\":"
        JSONText.appendEncoderOptional(url, to: &out)
        out += ",\"width\":"
        out += String(width)
        out += ",\"height\":"
        out += String(height)
        if let key {
            out += ",\"key\":"
            JSONText.appendEncoderString(key, to: &out)
        }
        if expired == true { out += ",\"expired\":true" }
        out += "}"
    }
}
