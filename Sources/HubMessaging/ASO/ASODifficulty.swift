/// A 0–100 competition estimate for a term in one country (formula in `docs/aso-difficulty.md`).
/// `score` and `label` are null when the evidence cannot support a number; `provisional` is
/// true when some evidence was missing or thin.
public struct ASODifficulty: Codable, Equatable, Sendable {
    public enum Label: String, Codable, Sendable { case low, medium, high }

    public var score: Int?
    public var label: Label?
    public var provisional: Bool

    public init(score: Int?, label: Label?, provisional: Bool) {
        self.score = score
        self.label = label
        self.provisional = provisional
    }

    /// No number: the evidence is insufficient.
    public static let unavailable = ASODifficulty(score: nil, label: nil, provisional: true)

    private enum CodingKeys: String, CodingKey { case score, label, provisional }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(score, forKey: .score)
        try c.encode(label, forKey: .label)
        try c.encode(provisional, forKey: .provisional)
    }
}
