import HubCrypto
import HubHTTPServer
import HubMessaging

/// `PUT/GET/DELETE /projects/{id}/push-credentials`: a project's APNs token-auth key. The key
/// is checked here, sealed by pushd and never returned; another organization's project is 404.
struct AdminPushCredentialsHandler {
    let lookup: AdminLookup
    let push: BackendForwarding

    struct Body: Decodable {
        let keyId: String?
        let teamId: String?
        let bundleId: String?
        let environment: String?
        let privateKey: String?
    }

    /// A `.p8` file is well under a kilobyte; this leaves room for any PEM wrapping.
    static let maxBodyBytes = 16 * 1024

    func put(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(Body.self)
        let call = try AdminPushCredentialsHandler.validate(body, projectId: project.id, appId: project.appId)
        push.forward(PushCredentialsPut.self, call, respond: respond) { _ in .noContent }
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        push.forward(PushCredentialsGet.self, PushCredentialsGet.Request(projectId: project.id), respond: respond) { .json($0) }
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        push.forward(PushCredentialsDelete.self, PushCredentialsDelete.Request(projectId: project.id), respond: respond) { _ in .noContent }
    }

    /// Every problem at once, keyed by field; the key itself never appears in a message.
    static func validate(_ body: Body, projectId: String, appId: String) throws -> PushCredentialsPut.Request {
        var problems: [String: [String]] = [:]
        func appleID(_ value: String?, _ field: String) -> String {
            let text = value ?? ""
            if text.count != 10 || !text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
                problems[field] = ["must be 10 characters of A-Z and 0-9"]
            }
            return text
        }
        let keyId = appleID(body.keyId, "keyId")
        let teamId = appleID(body.teamId, "teamId")
        let bundleId = body.bundleId ?? ""
        if !(1...155).contains(bundleId.count)
            || !bundleId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            || bundleId.hasPrefix(".") || bundleId.hasSuffix(".") || bundleId.contains("..")
        {
            problems["bundleId"] = ["must be a bundle ID such as com.example.app"]
        }
        let environment = body.environment.flatMap(PushEnvironment.init(rawValue:))
        if environment == nil { problems["environment"] = ["must be sandbox or production"] }
        let privateKey = body.privateKey ?? ""
        let trimmed = privateKey.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.hasPrefix("-----BEGIN PRIVATE KEY-----") || !trimmed.hasSuffix("-----END PRIVATE KEY-----")
            || (try? ES256PrivateKey(pem: trimmed)) == nil
        {
            problems["privateKey"] = ["must be the PKCS#8 PEM of an APNs .p8 key (EC P-256)"]
        }
        guard problems.isEmpty, let environment else { throw APIError.invalidPayload(problems) }
        return PushCredentialsPut.Request(
            projectId: projectId, appId: appId, keyId: keyId, teamId: teamId, bundleId: bundleId,
            environment: environment, privateKey: trimmed + "\n")
    }
}
