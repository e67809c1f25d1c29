import Foundation
import HubHTTPServer

/// The fields of a posted `application/x-www-form-urlencoded` form, decoded in one pass.
public struct FormFields: Sendable {
    public let items: [(String, String)]

    public init(_ request: HTTPRequest) {
        items = request.formItems()
    }

    public init(items: [(String, String)]) { self.items = items }

    /// The first value of `name`, trimmed; nil when absent or blank.
    public subscript(_ name: String) -> String? {
        guard let value = items.first(where: { $0.0 == name })?.1.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
        else { return nil }
        return value
    }

    /// The first value of `name` as sent (a password keeps its spaces).
    public func raw(_ name: String) -> String? { items.first { $0.0 == name }?.1 }

    /// Every value of `name`, in order (checkboxes, multiple selects).
    public func all(_ name: String) -> [String] { items.filter { $0.0 == name }.map(\.1) }
}
