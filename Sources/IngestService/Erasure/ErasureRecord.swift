import Foundation
import HubMessaging
import HubStore

/// An erasure as `erasures` stores it. `subject` names the participant only while the erasure
/// is pending; once done the owner is gone from the row and `subject.owner` is nil.
public struct ErasureRecord: Sendable {
    public enum State: String, Sendable {
        case pending, done
    }

    public let id: String
    public let organizationId: String
    public let projectId: String?
    public let kind: ErasureSubject.Kind
    public let owner: ChatOwner?
    public var conversationIds: [String]
    public var daemons: [ErasureDaemon: ErasureDaemonState]
    public var state: State
    public var attempts: Int
    public let createdAt: String
    public var updatedAt: String
    public var completedAt: String?

    /// The daemons in the order they are asked.
    public var order: [ErasureDaemon] { ErasureDaemon.order(for: kind) }

    init(row: Row) throws {
        id = try row.text("id")
        organizationId = try row.text("organization_id")
        projectId = row.string("project_id")
        kind = ErasureSubject.Kind(rawValue: try row.text("subject_kind")) ?? .participant
        if let projectId, let ownerKind = row.string("owner_kind").flatMap(ChatOwner.Kind.init(rawValue:)),
            let value = row.string("owner_value")
        {
            owner = ChatOwner(projectId: projectId, kind: ownerKind, value: value)
        } else {
            owner = nil
        }
        conversationIds = (try? JSONDecoder().decode([String].self, from: Data(try row.text("conversation_ids").utf8))) ?? []
        let stored = try JSONDecoder().decode([String: ErasureDaemonState].self, from: Data(try row.text("daemons").utf8))
        var daemons: [ErasureDaemon: ErasureDaemonState] = [:]
        for (name, value) in stored { if let daemon = ErasureDaemon(rawValue: name) { daemons[daemon] = value } }
        self.daemons = daemons
        state = State(rawValue: try row.text("state")) ?? .pending
        attempts = Int(try row.integer("attempts"))
        createdAt = try row.text("created_at")
        updatedAt = try row.text("updated_at")
        completedAt = row.string("completed_at")
    }

    /// What the daemons are asked to erase; nil for a participant erasure that is done (its
    /// owner is gone) or an organization erasure of an organization that has no projects left.
    func subject(projectIds: [String]) -> ErasureSubject? {
        switch kind {
        case .participant: return owner.map { ErasureSubject.participant(organizationId: organizationId, owner: $0) }
        case .organization: return .organization(organizationId, projectIds: projectIds)
        }
    }

    static func encode(daemons: [ErasureDaemon: ErasureDaemonState]) -> String {
        let named = Dictionary(uniqueKeysWithValues: daemons.map { ($0.key.rawValue, $0.value) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try! encoder.encode(named), as: UTF8.self)
    }
}
