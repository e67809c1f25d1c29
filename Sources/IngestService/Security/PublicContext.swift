/// A public request after its project and participant were resolved.
public struct PublicContext: Sendable {
    public let project: Project
    public let participant: Participant
    public let clientAddress: String
}
