import HubRuntime

// `chat.status` is the call every app's chat screen polls: its bodies skip Codable.
extension ChatStatus.Request: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let owner = json.object("owner", ChatOwner.init(json:)) else { return nil }
        self.init(owner: owner)
    }

    func writeJSON(to out: inout JSONBuffer) {
        out.literal("{\"owner\":")
        owner.writeJSON(to: &out)
        out.literal("}")
    }
}

extension ChatStatus.Response: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let hasUnread = json.bool("hasUnread"), let conversationId = json.optionalString("conversationId") else { return nil }
        self.init(hasUnread: hasUnread, conversationId: conversationId)
    }

    func writeJSON(to out: inout JSONBuffer) {
        if hasUnread { out.literal("{\"hasUnread\":true") } else { out.literal("{\"hasUnread\":false") }
        if let conversationId {
            out.literal(",\"conversationId\":")
            out.string(conversationId)
        }
        out.literal("}")
    }
}
