import Foundation

extension PageSession {
    /// A file of a multipart post: its field name, file name, type and bytes.
    struct Upload {
        let name: String
        let filename: String
        var contentType = "application/octet-stream"
        let bytes: [UInt8]
    }

    /// A `multipart/form-data` post as a page's file form sends it, the form token in its `_form` part.
    @discardableResult
    func postMultipart(_ path: String, _ fields: [(String, String)], files: [Upload], withToken: Bool = true) throws -> HubReply {
        let boundary = "----PageSessionBoundary7MA4YWxkTrZu0gW"
        var body: [UInt8] = []
        func append(_ text: String) { body += Array(text.utf8) }
        for (name, value) in fields + (withToken ? formToken.map { [("_form", $0)] } ?? [] : []) {
            append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for file in files {
            append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\n")
            append("Content-Type: \(file.contentType)\r\n\r\n")
            body += file.bytes
            append("\r\n")
        }
        append("--\(boundary)--\r\n")
        return try hub.request(
            "POST", path, headers: (cookie.map { [("Cookie", "appnorth_session=" + $0)] } ?? []) + [("Origin", origin)], body: body,
            contentType: "multipart/form-data; boundary=" + boundary)
    }
}
