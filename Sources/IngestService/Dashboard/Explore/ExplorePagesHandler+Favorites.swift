import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// Favorite apps in folders: every member of the workspace edits them, on every plan; marketd
/// checks the names and the limits (50 folders and 1,000 favorites per kind).
extension ExplorePagesHandler {
    /// `GET /dashboard/explore/favorites/apps/{folder}` (`all` or a folder ID): the folders, then the items.
    func favorites(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let folder = context.request.pathParameters["folder"] ?? "all"
        guard folder.utf8.count <= 64 else { throw PageError.notFound }
        let organizationId = context.session.organizationId
        let folderId = folder == "all" ? nil : folder
        let client = market.client
        client.call(MarketFoldersList.self, .init(organizationId: organizationId, kind: .app)) { listed in
            guard case .success(let folders) = listed else {
                if case .failure(let error) = listed { respond(.failure(APIError.fromBackend(error))) }
                return
            }
            if let folderId, !folders.items.contains(where: { $0.id == folderId }) { return respond(.failure(PageError.notFound)) }
            client.call(MarketFavoritesList.self, .init(organizationId: organizationId, kind: .app, folderId: folderId)) { result in
                respond(
                    result.map { list in
                        let page = ExploreFavoritesPage(
                            folders: folders.items.map { .init(id: $0.id, name: $0.name, count: $0.itemCount) }, folderId: folderId,
                            items: list.items.map {
                                .init(id: $0.id, adamId: $0.itemId, storefront: $0.storefront, folderId: $0.folderId, name: $0.name)
                            })
                        return PageResponse.html(
                            page.html(viewer: context.viewer(), notice: Self.listNotice(context.request.query["done"])))
                    }.mapError { APIError.fromBackend($0) })
            }
        }
    }

    /// `POST /dashboard/explore/favorites` (`adamId`, optional `folderId`): saves or moves a bookmark.
    func saveFavorite(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = FormFields(context.request)
        let adamId = try Self.adamId(form["adamId"])
        let folderId = form["folderId"].flatMap { $0.isEmpty ? nil : $0 }
        let call = MarketFavoriteSave.Request(
            organizationId: context.session.organizationId, kind: .app, itemId: adamId, storefront: nil, folderId: folderId)
        market.forward(MarketFavoriteSave.self, call, respond: respond) { answer in
            answer.created
                ? PageResponse.redirect(ExploreNav.profile(adamId) + "?done=saved")
                : PageResponse.redirect(ExploreFavoritesPage.path + "/" + (folderId ?? "all") + "?done=moved")
        }
    }

    /// `POST /dashboard/explore/favorites/{id}/remove`.
    func removeFavorite(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let ref = try Self.owned(context)
        market.forward(MarketFavoriteRemove.self, ref, respond: respond) { _ in
            PageResponse.redirect(ExploreFavoritesPage.path + "/all?done=removed")
        }
    }

    /// `POST /dashboard/explore/favorite-folders` (`name`).
    func createFolder(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let name = FormFields(context.request).raw("name") ?? ""
        let call = MarketFolderCreate.Request(organizationId: context.session.organizationId, kind: .app, name: name)
        market.forward(MarketFolderCreate.self, call, respond: respond) { folder in
            PageResponse.redirect(ExploreFavoritesPage.path + "/" + folder.id + "?done=folder")
        }
    }

    /// `POST /dashboard/explore/favorite-folders/{id}/rename` (`name`).
    func renameFolder(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let ref = try Self.owned(context)
        let call = MarketFolderRename.Request(
            organizationId: ref.organizationId, id: ref.id, name: FormFields(context.request).raw("name") ?? "")
        market.forward(MarketFolderRename.self, call, respond: respond) { _ in
            PageResponse.redirect(ExploreFavoritesPage.path + "/" + ref.id + "?done=folder")
        }
    }

    /// `POST /dashboard/explore/favorite-folders/{id}/delete`: its items stay in All.
    func deleteFolder(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        market.forward(MarketFolderDelete.self, try Self.owned(context), respond: respond) { _ in
            PageResponse.redirect(ExploreFavoritesPage.path + "/all?done=folder-deleted")
        }
    }

    static func owned(_ context: PageContext) throws -> MarketOwnedRef {
        let id = context.request.pathParameters["id"] ?? ""
        guard !id.isEmpty, id.utf8.count <= 64 else { throw PageError.notFound }
        return MarketOwnedRef(organizationId: context.session.organizationId, id: id)
    }
}
