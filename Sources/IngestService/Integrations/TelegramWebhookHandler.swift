import Foundation
import HubHTTPServer
import HubMessaging

/// `POST /api/v1/integrations/telegram/webhook/{integrationId}`: Telegram's updates for one
/// connection. The secret header is checked against pushd from the request head, so a wrong
/// or missing one is 401 before any body byte is read; the update then goes to pushd whole.
struct TelegramWebhookHandler {
    let push: RPCClient

    static let secretHeader = "x-telegram-bot-api-secret-token"
    /// A Telegram update carries at most a 4,096-character message and the one it replies to.
    static let maxBodyBytes = 256 * 1024
    /// The head check holds an HTTP thread while pushd answers; it never waits longer.
    static let verifyTimeout: TimeInterval = 2

    /// 1–256 characters of `A-Z a-z 0-9 _ -`, as Telegram allows for `secret_token`.
    static func wellFormed(_ secret: String) -> Bool {
        (1...256).contains(secret.utf8.count)
            && secret.utf8.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45
            }
    }

    func head(_ request: HTTPRequest) throws {
        let (integrationId, secret) = try credentials(request)
        switch push.call(TelegramWebhookVerify.self, .init(integrationId: integrationId, secretToken: secret), timeout: Self.verifyTimeout)
        {
        case .success: return
        case .failure(let error): throw APIError.fromBackend(error)
        }
    }

    func post(_ request: HTTPRequest, _ respond: @escaping Route.Completion) throws {
        let (integrationId, secret) = try credentials(request)
        guard let update = String(bytes: request.body, encoding: .utf8), !update.isEmpty else {
            throw APIError.invalidPayload(["update": ["must be a JSON object"]])
        }
        push.call(TelegramWebhookUpdate.self, .init(integrationId: integrationId, secretToken: secret, update: update)) { result in
            switch result {
            case .success(let answer): respond(.success(.json(answer)))
            case .failure(let error): respond(.failure(APIError.fromBackend(error)))
            }
        }
    }

    private func credentials(_ request: HTTPRequest) throws -> (String, String) {
        let integrationId = request.pathParameters["integrationId"] ?? ""
        guard let secret = request.headers[Self.secretHeader], Self.wellFormed(secret), !integrationId.isEmpty,
            integrationId.utf8.count <= 64
        else {
            throw APIError(status: 401, code: "INVALID_SECRET", message: "missing or wrong X-Telegram-Bot-Api-Secret-Token")
        }
        return (integrationId, secret)
    }
}
