/// How the pages name an APNs environment, and which builds each one reaches.
enum PushEnvironmentText {
    static let all = ["sandbox", "production"]

    static func label(_ environment: String) -> String {
        switch environment {
        case "sandbox": return "Sandbox"
        case "production": return "Production"
        default: return environment
        }
    }

    static func hint(_ environment: String) -> String {
        switch environment {
        case "sandbox": return "Builds run from Xcode."
        case "production": return "TestFlight and App Store builds."
        default: return ""
        }
    }
}
