import Foundation
import HubHTTPServer

/// The parts of a `multipart/form-data` body (RFC 7578): text fields and uploaded files.
/// One pass over the body; a part's headers are bounded, and so is the number of parts, so
/// a hostile body costs at most its own length.
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public let name: String
        /// Set for a file input.
        public let filename: String?
        public let contentType: String?
        public let bytes: [UInt8]
    }

    public static let maximumParts = 32
    static let maximumHeaderBytes = 2_048

    public let parts: [Part]

    /// nil when the request is not `multipart/form-data` with a boundary, or its body is not
    /// well formed.
    public init?(_ request: HTTPRequest) {
        guard let type = request.headers["content-type"], type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = MultipartForm.boundary(type), let parts = MultipartForm.parse(request.body, boundary: boundary)
        else { return nil }
        self.parts = parts
    }

    public func text(_ name: String) -> String? {
        parts.first { $0.name == name && $0.filename == nil }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Files sent under `name` that are not empty (a file input left empty sends a part
    /// without a filename or bytes).
    public func files(_ name: String) -> [Part] {
        parts.filter { $0.name == name && $0.filename != nil && !$0.bytes.isEmpty }
    }

    static func boundary(_ contentType: String) -> [UInt8]? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count) else { return nil }
            return Array(value.utf8)
        }
        return nil
    }

    static func parse(_ body: [UInt8], boundary: [UInt8]) -> [Part]? {
        let delimiter: [UInt8] = [45, 45] + boundary  // "--boundary"
        var positions: [Int] = []
        var index = 0
        // The delimiter is at most 72 bytes, so this search is linear in the body.
        while let found = find(delimiter, in: body, from: index) {
            positions.append(found)
            index = found + delimiter.count
            if positions.count > maximumParts + 1 { return nil }
        }
        guard positions.count >= 2 else { return nil }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var from = start + delimiter.count
            guard from + 1 < body.count, body[from] == 13, body[from + 1] == 10 else { return nil }
            from += 2
            // The part's content ends before the CRLF that precedes the next delimiter.
            let to = end - 2
            guard to >= from, body[to] == 13, body[to + 1] == 10 else { return nil }
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: from, before: min(to, from + maximumHeaderBytes) + 4),
                headerEnd <= to
            else { return nil }
            let headers = String(decoding: body[from..<headerEnd], as: UTF8.self)
            guard let part = part(headers: headers, bytes: Array(body[(headerEnd + 4)..<max(headerEnd + 4, to)])) else { return nil }
            parts.append(part)
        }
        return parts
    }

    private static func part(headers: String, bytes: [UInt8]) -> Part? {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let field = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == "content-disposition" {
                for parameter in value.split(separator: ";").dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    let unquoted =
                        pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                        ? String(pair[1].dropFirst().dropLast()) : pair[1]
                    if pair[0].lowercased() == "name" { name = unquoted }
                    if pair[0].lowercased() == "filename" { filename = unquoted }
                }
            } else if field == "content-type" {
                contentType = value
            }
        }
        guard let name else { return nil }
        return Part(name: name, filename: filename, contentType: contentType, bytes: bytes)
    }

    /// The first index of `needle` in `haystack[from..<before]`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, before limit: Int? = nil) -> Int? {
        let end = min(limit ?? haystack.count, haystack.count) - needle.count
        guard let first = needle.first, from <= end else { return nil }
        var i = from
        while i <= end {
            if haystack[i] == first {
                var matched = true
                for k in 1..<needle.count where haystack[i + k] != needle[k] {
                    matched = false
                    break
                }
                if matched { return i }
            }
            i += 1
        }
        return nil
    }
}
