import HubRuntime

// Part of `chat.status`, the call every app's chat screen polls.
extension ChatOwner: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let projectId = json.string("projectId"), let kind = json.string("kind").flatMap(Kind.init(rawValue:)),
            let value = json.string("value")
        else { return nil }
        self.init(projectId: projectId, kind: kind, value: value)
    }

    func writeJSON(to out: inout JSONBuffer) {
        out.literal("{\"projectId\":")
        out.string(projectId)
        out.literal(",\"kind\":")
        out.string(kind.rawValue)
        out.literal(",\"value\":")
        out.string(value)
        out.literal("}")
    }
}
