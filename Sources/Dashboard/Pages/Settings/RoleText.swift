/// How the pages name a role (`owner`, `admin`, `member`) and what it may do, in the words of
/// the hub's role rules.
enum RoleText {
    static let all = ["owner", "admin", "member"]

    static func label(_ role: String) -> String {
        switch role {
        case "owner": return "Owner"
        case "admin": return "Admin"
        case "member": return "Member"
        default: return role
        }
    }

    static func hint(_ role: String) -> String {
        switch role {
        case "owner": return "Everything an admin does, and makes or removes owners."
        case "admin": return "Also manages apps, credentials, integrations, members and API tokens, and publishes."
        case "member": return "Answers chat, triages reports and moderates ideas."
        default: return ""
        }
    }

    /// The roles someone may hand out: owners only by owners.
    static func grantable(byOwner: Bool) -> [String] { byOwner ? all : ["admin", "member"] }
}
