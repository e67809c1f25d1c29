import Foundation
import HubHTTPServer
import HubMessaging

/// The organization's watchlist: list, add (plan allowance checked by marketd in the same
/// transaction as the insert) and remove.
struct MarketWatchlistHandler {
    let market: BackendForwarding
    let access: MarketAccess

    struct AddBody: Decodable {
        let note: String?
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketWatchlistList.self, try access.organization(caller), respond: respond) { .json($0) }
    }

    func add(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let adamId = try MarketAccess.adamId(request)
        let body = request.body.isEmpty ? AddBody(note: nil) : try request.decodeJSON(AddBody.self)
        let call = MarketWatchlistAdd.Request(organization: try access.organization(caller), adamId: adamId, note: body.note)
        market.forward(MarketWatchlistAdd.self, call, respond: respond) { .json($0.item, status: $0.created ? 201 : 200) }
    }

    func remove(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = MarketWatchlistRemove.Request(organizationId: caller.organizationId, adamId: try MarketAccess.adamId(request))
        market.forward(MarketWatchlistRemove.self, call, respond: respond) { .json($0) }
    }
}
