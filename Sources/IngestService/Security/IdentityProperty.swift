/// A scalar signed identity property (seeds: AppNorthIdentityProperty).
public enum IdentityProperty: Equatable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
}
