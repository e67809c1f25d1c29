import HubRuntime

/// A report as its verified author reads it (AppNorthFeedbackThread): no contact data,
/// diagnostics, screenshot or internal notes.
struct FeedbackThread {
    struct Reply {
        let id: String
        let message: String
        let createdAt: String
    }

    let id: String
    let type: String
    let status: String
    let message: String
    let createdAt: String
    let updatedAt: String
    let replies: [Reply]

    func json() -> [UInt8] {
        var out = "{\"id\":" + JSONText.quoted(id) + ",\"type\":" + JSONText.quoted(type) + ",\"status\":" + JSONText.quoted(status)
        out += ",\"message\":"
        JSONText.appendString(message, to: &out)
        out += ",\"createdAt\":" + JSONText.quoted(createdAt) + ",\"updatedAt\":" + JSONText.quoted(updatedAt) + ",\"replies\":["
        for (i, reply) in replies.enumerated() {
            if i > 0 { out += "," }
            out += "{\"id\":" + JSONText.quoted(reply.id) + ",\"message\":"
            JSONText.appendString(reply.message, to: &out)
            out += ",\"createdAt\":" + JSONText.quoted(reply.createdAt) + "}"
        }
        return Array((out + "]}").utf8)
    }
}
