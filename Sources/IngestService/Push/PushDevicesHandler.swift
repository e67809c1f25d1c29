import HubHTTPServer
import HubMessaging

/// `POST` and `DELETE /api/v1/push/devices`: binds (or unbinds) a raw APNs token, sent as hex,
/// to the caller's current chat identity (docs/chat.md, "Push for replies").
struct PushDevicesHandler {
    let access: ChatAccess
    let push: BackendForwarding
    let registrations: RateLimiter

    struct Body: Decodable {
        let token: String?
        let environment: String?
    }

    func create(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let device = try device(from: request)
        push.forward(PushDeviceRegister.self, device, respond: respond) { _ in .noContent }
    }

    func delete(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let device = try device(from: request)
        push.forward(PushDeviceUnregister.self, device, respond: respond) { _ in .noContent }
    }

    /// Identity first (a disabled chat has no push either), then the budget, then the body.
    func device(from request: HTTPRequest) throws -> PushDevice {
        let (owner, context) = try access.requireOwner(request)
        try registrations.consume(context.project.id + "|" + context.clientAddress)
        let body = try request.decodeJSON(Body.self)
        var problems: [String: [String]] = [:]
        let token = body.token ?? ""
        if !PushDevice.isValidToken(token) {
            problems["token"] = ["must be the hex of 1-\(PushDevice.maximumTokenBytes) raw bytes"]
        }
        let environment = body.environment.flatMap(PushEnvironment.init(rawValue:))
        if environment == nil { problems["environment"] = ["must be sandbox or production"] }
        guard problems.isEmpty, let environment else { throw APIError.invalidPayload(problems) }
        return PushDevice(owner: owner, token: token.lowercased(), environment: environment)
    }
}
