import HubRuntime

// Part of `chat.send`'s reply: written as `encode(to:)` writes it, every nullable key present.
extension ChatMessageDTO {
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

    func writeJSON(to out: inout String) {
        out += "{\"id\":"
        JSONText.appendString(id, to: &out)
        out += ",\"sender\":"
        JSONText.appendString(sender.rawValue, to: &out)
        out += ",\"body\":"
        JSONText.appendString(body, to: &out)
        out += ",\"createdAt\":"
        JSONText.appendString(createdAt, to: &out)
        out += ",\"kind\":"
        JSONText.appendOptional(kind, to: &out)
        out += ",\"actionCard\":"
        if let actionCard { actionCard.writeJSON(to: &out) } else { out += "null" }
        out += ",\"openedAt\":"
        JSONText.appendOptional(openedAt, to: &out)
        out += ",\"tappedAt\":"
        JSONText.appendOptional(tappedAt, to: &out)
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

extension ChatActionCardDTO {
    func writeJSON(to out: inout String) {
        out += "{\"kind\":"
        JSONText.appendString(kind, to: &out)
        out += ",\"paywallId\":"
        JSONText.appendOptional(paywallId, to: &out)
        out += ",\"titleAtSend\":"
        JSONText.appendString(titleAtSend, to: &out)
        out += ",\"buttonLabel\":"
        JSONText.appendString(buttonLabel, to: &out)
        out += ",\"body\":"
        JSONText.appendOptional(body, to: &out)
        out += available ? ",\"available\":true}" : ",\"available\":false}"
    }
}

extension ChatImageDTO {
    func writeJSON(to out: inout String) {
        out += "{\"id\":"
        JSONText.appendString(id, to: &out)
        out += ",\"url\":"
        JSONText.appendOptional(url, to: &out)
        out += ",\"width\":"
        out += String(width)
        out += ",\"height\":"
        out += String(height)
        if let key {
            out += ",\"key\":"
            JSONText.appendString(key, to: &out)
        }
        if expired == true { out += ",\"expired\":true" }
        out += "}"
    }
}
