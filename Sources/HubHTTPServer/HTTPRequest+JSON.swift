import Foundation
import HubRuntime

extension HTTPRequest {
    /// Whether `Content-Type` is `application/json`, parameters such as charset allowed.
    public var hasJSONContentType: Bool {
        guard var type = headers["content-type"] else { return false }
        // ASCII, as sent: compared byte by byte in place, spaces and tabs trimmed.
        let ascii: Bool? = type.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            for index in 0..<end where bytes[index] >= 0x80 { return nil }
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            var (low, high) = (0, end)
            while low < high && isSpace(bytes[low]) { low += 1 }
            while high > low && isSpace(bytes[high - 1]) { high -= 1 }
            let json: StaticString = "application/json"
            guard high - low == json.utf8CodeUnitCount else { return false }
            for offset in 0..<(high - low) where HTTPHeaders.lower(bytes[low + offset]) != json.utf8Start[offset] { return false }
            return true
        }
        if let ascii { return ascii }
        let trimmed = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces() } ?? ""
        return trimmed.lowercased() == "application/json"
    }

    /// The body decoded as `T`. Throws 415 `UNSUPPORTED_MEDIA_TYPE` without a JSON
    /// content type, and 400 `INVALID_JSON` for a body that does not parse or does not fit
    /// `T` (naming the field when it can). A `JSONReadable` body reads itself when it can.
    public func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        guard hasJSONContentType else { throw APIError.unsupportedMediaType() }
        guard !body.isEmpty else { throw APIError.invalidJSON("The request body is empty.") }
        if let own = T.self as? JSONReadable.Type,
            let value = body.withUnsafeBufferPointer({ JSONObjectReader.read($0, own.init(json:)) }) as? T
        {
            return value
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw Self.apiError(for: error)
        } catch {
            throw APIError.invalidJSON()
        }
    }

    private static func apiError(for error: DecodingError) -> APIError {
        func name(_ path: [CodingKey]) -> String {
            var out = ""
            for key in path {
                if let index = key.intValue {
                    out += "[\(index)]"
                } else {
                    if !out.isEmpty { out += "." }
                    out += key.stringValue
                }
            }
            return out
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = name(context.codingPath + [key])
            return .invalidJSON("Missing field '\(field)'.", fields: [field: ["is required"]])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = name(context.codingPath)
            if field.isEmpty { return .invalidJSON("The request body has the wrong shape.") }
            return .invalidJSON("Field '\(field)' has the wrong type.", fields: [field: ["has the wrong type"]])
        case .dataCorrupted(let context):
            let field = name(context.codingPath)
            if field.isEmpty { return .invalidJSON() }
            return .invalidJSON("Field '\(field)' has an invalid value.", fields: [field: ["is invalid"]])
        @unknown default:
            return .invalidJSON()
        }
    }
}
