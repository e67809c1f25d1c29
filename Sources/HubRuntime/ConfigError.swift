/// A setting that could not be used; daemons refuse to start with it.
public enum ConfigError: Error, CustomStringConvertible, Equatable {
    case invalid(name: String, value: String, reason: String)
    case missing(name: String)

    public var description: String {
        switch self {
        case let .invalid(name, _, reason): return "\(name): \(reason)"
        case let .missing(name): return "\(name) is required"
        }
    }
}
