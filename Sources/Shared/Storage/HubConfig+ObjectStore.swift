import Foundation

extension HubConfig {
    /// Where attachments live: `APPNORTH_OBJECT_STORE_DIR`, else `<data dir>/objects`.
    public func objectStoreDirectory(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dir = env["APPNORTH_OBJECT_STORE_DIR"], !dir.isEmpty { return dir }
        return dataDirectory + "/objects"
    }
}
