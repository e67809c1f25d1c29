import Foundation
import HubHTTPServer
import HubMessaging

/// Sends one typed call to a backend daemon without holding the HTTP thread, and turns its outcome into
/// the route's answer.
struct BackendForwarding {
    let client: RPCClient

    /// `respond` gets `render(response)` or the mapped error; a throwing `render` is a failure too.
    func forward<M: RPCMessage>(
        _ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil,
        respond: @escaping (Result<HTTPResponse, Error>) -> Void,
        render: @escaping (M.Response) throws -> HTTPResponse
    ) {
        client.call(m, request, timeout: timeout) { result in
            switch result {
            case .success(let response): respond(Result { try render(response) })
            case .failure(let error): respond(.failure(APIError.fromBackend(error)))
            }
        }
    }
}
