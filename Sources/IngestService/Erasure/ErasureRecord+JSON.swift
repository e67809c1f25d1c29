import Foundation
import HubHTTPServer

/// An erasure as the operator API shows it: `{id, state, projectId, daemons:{name:{state,
/// erased, lastError, attempts}}, …}`, never whose data it was.
extension ErasureRecord {
    struct JSON: Encodable {
        let id: String
        let kind: String
        let projectId: String?
        let state: String
        let daemons: [String: ErasureDaemonState]
        let createdAt: String
        let updatedAt: String
        let completedAt: String?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(projectId, forKey: .projectId)
            try c.encode(state, forKey: .state)
            try c.encode(daemons, forKey: .daemons)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(updatedAt, forKey: .updatedAt)
            try c.encode(completedAt, forKey: .completedAt)
        }

        enum CodingKeys: String, CodingKey {
            case id, kind, projectId, state, daemons, createdAt, updatedAt, completedAt
        }
    }

    var json: JSON {
        JSON(
            id: id, kind: kind.rawValue, projectId: projectId, state: state.rawValue,
            daemons: Dictionary(uniqueKeysWithValues: daemons.map { ($0.key.rawValue, $0.value) }), createdAt: createdAt,
            updatedAt: updatedAt, completedAt: completedAt)
    }

    func response(status: Int = 200) -> HTTPResponse { .json(json, status: status) }
}
