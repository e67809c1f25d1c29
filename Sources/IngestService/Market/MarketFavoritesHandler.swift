import HubHTTPServer
import HubMessaging

/// Favorites per kind, in folders: bookmarks (`/market/favorites`) and folders
/// (`/market/favorite-folders`). Every plan has them; writes need a `write` token.
struct MarketFavoritesHandler {
    let market: BackendForwarding

    struct SaveBody: Decodable {
        let kind: MarketFavoriteKind
        let itemId: String
        let storefront: String?
        let folderId: String?
    }

    struct FolderBody: Decodable {
        let kind: MarketFavoriteKind
        let name: String
    }

    struct RenameBody: Decodable {
        let name: String
    }

    static func kind(_ query: inout MarketQuery) -> MarketFavoriteKind {
        if query.text("kind") == nil { query.errors.add("kind", "is required") }
        return query.choice("kind", MarketFavoriteKind.self, default: .app) ?? .app
    }

    static func ref(_ request: HTTPRequest, _ caller: AdminCaller) throws -> MarketOwnedRef {
        let id = request.pathParameters["id"] ?? ""
        guard !id.isEmpty, id.utf8.count <= 64 else { throw APIError.notFound() }
        return MarketOwnedRef(organizationId: caller.organizationId, id: id)
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let kind = Self.kind(&query)
        let folderId = query.text("folderId")
        if let folderId, folderId.utf8.count > 64 { query.errors.add("folderId", "is not a folder ID") }
        try query.throwIfAny()
        market.forward(
            MarketFavoritesList.self, .init(organizationId: caller.organizationId, kind: kind, folderId: folderId),
            respond: respond
        ) { .json($0) }
    }

    func save(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(SaveBody.self)
        let call = MarketFavoriteSave.Request(
            organizationId: caller.organizationId, kind: body.kind, itemId: body.itemId,
            storefront: body.storefront, folderId: body.folderId)
        market.forward(MarketFavoriteSave.self, call, respond: respond) { .json($0.favorite, status: $0.created ? 201 : 200) }
    }

    func remove(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketFavoriteRemove.self, try Self.ref(request, caller), respond: respond) { .json($0) }
    }

    func folders(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var query = MarketQuery(request)
        let kind = Self.kind(&query)
        try query.throwIfAny()
        market.forward(MarketFoldersList.self, .init(organizationId: caller.organizationId, kind: kind), respond: respond) { .json($0) }
    }

    func createFolder(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(FolderBody.self)
        market.forward(
            MarketFolderCreate.self, .init(organizationId: caller.organizationId, kind: body.kind, name: body.name),
            respond: respond
        ) { .json($0, status: 201) }
    }

    func renameFolder(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(RenameBody.self)
        let ref = try Self.ref(request, caller)
        market.forward(
            MarketFolderRename.self, .init(organizationId: ref.organizationId, id: ref.id, name: body.name),
            respond: respond
        ) { .json($0) }
    }

    func deleteFolder(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        market.forward(MarketFolderDelete.self, try Self.ref(request, caller), respond: respond) { .json($0) }
    }
}
