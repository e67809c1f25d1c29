import HubRuntime

// `chat.send` carries every message an app's users write: its bodies skip Codable. The own
// readers take the common shape (no photos, no card, no escapes) and leave the rest to
// JSONDecoder; the writers write every shape, as the types' Codable conformances would.
extension ChatSend.Request: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let owner = json.object("owner", ChatOwner.init(json:)), let body = json.string("body"),
            let payloadHash = json.string("payloadHash"), json.isEmptyArray("imageTokens"),
            let locale = json.optionalString("locale"), let platform = json.optionalString("platform"),
            let bundleId = json.optionalString("bundleId"), let idempotencyKey = json.optionalString("idempotencyKey")
        else { return nil }
        self.init(
            owner: owner, body: body, imageTokens: [], locale: locale, platform: platform, bundleId: bundleId,
            idempotencyKey: idempotencyKey, payloadHash: payloadHash)
    }

    func writeJSON(to out: inout JSONBuffer) {
        out += "{\"owner\":"
        owner.writeJSON(to: &out)
        out += ",\"body\":"
        out.string(body)
        out += ",\"imageTokens\":["
        for (index, token) in imageTokens.enumerated() {
            if index > 0 { out += "," }
            out.string(token)
        }
        out += "]"
        // Absent optionals are left out, as JSONEncoder leaves them out.
        func member(_ name: String, _ value: String?) {
            guard let value else { return }
            out += ",\"" + name + "\":"
            out.string(value)
        }
        member("locale", locale)
        member("platform", platform)
        member("bundleId", bundleId)
        member("idempotencyKey", idempotencyKey)
        out += ",\"payloadHash\":"
        out.string(payloadHash)
        out += "}"
    }
}

extension ChatSend.Response: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let message = json.object("message", ChatMessageDTO.init(json:)), let replayed = json.bool("replayed") else {
            return nil
        }
        self.init(message: message, replayed: replayed)
    }

    func writeJSON(to out: inout JSONBuffer) {
        out += "{\"message\":"
        message.writeJSON(to: &out)
        out += replayed ? ",\"replayed\":true}" : ",\"replayed\":false}"
    }
}
