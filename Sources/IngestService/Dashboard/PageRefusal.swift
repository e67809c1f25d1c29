import Dashboard
import HubHTTPServer

/// A post the hub refused for what it said (400 `INVALID_PAYLOAD`) or for the state it found
/// (409): the page is drawn again with this status and a notice in the words of the API's field
/// errors, so the form's problems read the same on both APIs. Anything else is not a refusal
/// of the form and is rethrown (403, 404, 500 become error pages).
struct PageRefusal {
    let status: Int
    let problems: FormProblems
    let notice: PageShell.Notice

    /// `error` as a refusal of the form, or nil when it is not one.
    init?(_ error: Error, what: String) {
        guard let error = error as? APIError, error.status == 400 || error.status == 409 else { return nil }
        status = error.status
        problems = FormProblems(error.fields ?? [:])
        let details = (error.fields ?? [:]).sorted { $0.key < $1.key }.flatMap { field, messages in
            messages.map { PageRefusal.fieldName(field) + " " + $0 }
        }
        let reason = details.isEmpty ? error.message : details.joined(separator: "; ")
        notice = .problem(what + " not saved: " + reason + ".")
    }

    /// `labels[2]` as a person reads it: `label 3`.
    static func fieldName(_ field: String) -> String {
        guard let open = field.firstIndex(of: "["), field.hasSuffix("]"),
            let index = Int(field[field.index(after: open)..<field.index(before: field.endIndex)])
        else { return field }
        return String(field[..<open].dropLast(field[..<open].hasSuffix("s") ? 1 : 0)) + " \(index + 1)"
    }

    /// Runs `change`; a refusal draws `page` again with it, anything else goes on as thrown.
    static func attempt(
        _ what: String, _ change: () throws -> HTTPResponse, page: (PageRefusal) throws -> HTTPResponse
    ) throws -> HTTPResponse {
        do {
            return try change()
        } catch {
            guard let refusal = PageRefusal(error, what: what) else { throw error }
            return try page(refusal)
        }
    }
}
