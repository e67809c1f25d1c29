/// The outcome of setting a vote (AppNorthVote): the state now, the count now, and whether
/// this request changed anything.
public struct VoteResult: Equatable, Sendable {
    public let voted: Bool
    public let voteCount: Int
    public let applied: Bool

    var json: [UInt8] { Array("{\"voted\":\(voted),\"voteCount\":\(voteCount),\"applied\":\(applied)}".utf8) }
}
