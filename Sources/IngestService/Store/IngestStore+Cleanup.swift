import Foundation

extension IngestStore {
    /// Whether a report refers to the screenshot object `key`
    /// (`screenshots/<project>/<feedback id>.<ext>`), looked up by the report's ID.
    public func isReferencedScreenshot(key: String) throws -> Bool {
        guard let file = key.split(separator: "/").last, let dot = file.firstIndex(of: ".") else { return false }
        let feedbackId = String(file[..<dot])
        let stored = try db.queryOne("SELECT screenshot_key FROM feedback WHERE id = ?", [.text(feedbackId)])?
            .string("screenshot_key")
        return stored == key
    }
}
