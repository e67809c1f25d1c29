import Foundation
import HubRuntime

/// Diagnostic metadata as sent (AppNorthJSONValue): any JSON, members kept in their order.
public enum FeedbackJSONValue: Codable, Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([(String, FeedbackJSONValue)])
    case array([FeedbackJSONValue])
    case null

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try container.decode(FeedbackJSONValue.self, forKey: $0))
                })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [FeedbackJSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(FeedbackJSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? single.decode(Double.self) {
            self = .number(d)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .number(let d):
            var container = encoder.singleValueContainer()
            try container.encode(d)
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    public static func == (a: FeedbackJSONValue, b: FeedbackJSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Compact JSON; integral numbers print without a fraction, as JavaScript would.
    public func appendJSON(to out: inout String) {
        switch self {
        case .string(let s): JSONText.appendString(s, to: &out)
        case .number(let d):
            if d.isFinite && d == d.rounded() && abs(d) < 1e15 {
                out += String(Int64(d))
            } else if d.isFinite {
                out += "\(d)"
            } else {
                out += "null"
            }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.appendJSON(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSONText.appendString(member.0, to: &out)
                out += ":"
                member.1.appendJSON(to: &out)
            }
            out += "}"
        }
    }
}
