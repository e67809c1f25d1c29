/// A setting that could not be used; daemons refuse to start with it.
public enum ConfigError: Error, CustomStringConvertible, Equatable {
    case invalid(name: String, value: String, reason: String)
    case missing(name: String)

    public var description: String {
        switch self {
        case .invalid(let name, _, let reason): return "\(name): \(reason)"
        case .missing(let name): return "\(name) is required"
        }
    }
}
