import HubHTTPServer
import HubRuntime

/// Hand-written JSON for the community responses: explicit `null`s, every key present
/// (docs/http-conventions.md, "JSON and errors"), and no encoder per response on the hottest
/// public reads. Items are written as bytes (`JSONBuffer`): a new idea's answer is written on
/// the writer thread, inside its transaction, where appending to a `String` cost as much as
/// finding the idea's slug.
enum PublicJSON {
    /// `{"items":[…],"nextCursor":"…"|null}` (AppNorthPage).
    static func page<T>(_ items: [T], nextCursor: String?, _ append: (T, inout JSONBuffer) -> Void) -> HTTPResponse {
        var out = JSONBuffer(capacity: 64 + 512 * items.count)
        out += "{\"items\":["
        for (i, item) in items.enumerated() {
            if i > 0 { out += "," }
            append(item, &out)
        }
        out += "],\"nextCursor\":"
        out.scriptSafeOptional(nextCursor)
        out += "}"
        return .jsonBytes(out.bytes)
    }

    /// `{"value":…,"moderated":bool}` (AppNorthCreation).
    static func creation(moderated: Bool, _ appendValue: (inout JSONBuffer) -> Void) -> [UInt8] {
        var out = JSONBuffer(capacity: 640)
        out += "{\"value\":"
        appendValue(&out)
        out += moderated ? ",\"moderated\":true}" : ",\"moderated\":false}"
        return out.bytes
    }

    static func idea(_ idea: CommunityIdea) -> HTTPResponse {
        var out = JSONBuffer(capacity: 512)
        idea.appendJSON(to: &out)
        return .jsonBytes(out.bytes)
    }

    /// AppNorthBoard, with `description` as an explicit null when there is none.
    static func appendBoard(_ board: Board, to out: inout String) {
        out += "{\"id\":"
        JSONText.appendString(board.id, to: &out)
        out += ",\"slug\":"
        JSONText.appendString(board.slug, to: &out)
        out += ",\"name\":"
        JSONText.appendString(board.name, to: &out)
        out += ",\"description\":"
        JSONText.appendOptional(board.description, to: &out)
        out += ",\"position\":\(board.position),\"moderation\":"
        JSONText.appendString(board.moderation.rawValue, to: &out)
        out += ",\"policies\":{\"submission\":"
        JSONText.appendString(board.policies.submission.rawValue, to: &out)
        out += ",\"vote\":"
        JSONText.appendString(board.policies.vote.rawValue, to: &out)
        out += ",\"comment\":"
        JSONText.appendString(board.policies.comment.rawValue, to: &out)
        out += "},\"statuses\":["
        for (i, status) in board.statuses.enumerated() {
            if i > 0 { out += "," }
            out += "{\"id\":"
            JSONText.appendString(status.id, to: &out)
            out += ",\"slug\":"
            JSONText.appendString(status.slug, to: &out)
            out += ",\"label\":"
            JSONText.appendString(status.label, to: &out)
            out += ",\"color\":"
            JSONText.appendString(status.color, to: &out)
            out += ",\"position\":\(status.position),\"isDefault\":\(status.isDefault),\"isFinal\":\(status.isFinal)}"
        }
        out += "]}"
    }
}
