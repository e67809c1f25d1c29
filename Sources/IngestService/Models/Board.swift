/// Who may do an action on a board.
public enum Participation: String, Codable, Sendable, CaseIterable {
    case anyone, identified, disabled
}

/// Which new items of a board wait for approval before they are public.
public enum BoardModeration: String, Codable, Sendable, CaseIterable {
    case none, ideas, comments, all

    public var moderatesIdeas: Bool { self == .ideas || self == .all }
    public var moderatesComments: Bool { self == .comments || self == .all }
}

public struct BoardPolicies: Codable, Equatable, Sendable {
    public var submission: Participation
    public var vote: Participation
    public var comment: Participation

    public static let open = BoardPolicies(submission: .anyone, vote: .anyone, comment: .anyone)
}

/// Board as the SDK's AppNorthBoardStatus.
public struct BoardStatus: Codable, Equatable, Sendable {
    public let id: String
    public var slug: String
    public var label: String
    public var color: String
    public var position: Int
    public var isDefault: Bool
    public var isFinal: Bool
}

/// Board as the SDK's AppNorthBoard.
public struct Board: Codable, Equatable, Sendable {
    public let id: String
    public var slug: String
    public var name: String
    public var description: String?
    public var position: Int
    public var moderation: BoardModeration
    public var policies: BoardPolicies
    public var statuses: [BoardStatus]
}
