/// A scalar signed identity property (the SDK's AppNorthIdentityProperty; docs/http-conventions.md,
/// "Verified identity").
public enum IdentityProperty: Equatable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
}
