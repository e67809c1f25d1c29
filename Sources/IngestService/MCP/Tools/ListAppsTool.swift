/// `list_apps`: the organization's apps (projects) with the IDs other tools take (`app_id`) and
/// their App Store identifiers, through the operator API's `GET /projects`.
struct ListAppsTool: MCPTool {
    let name = "list_apps"
    let title = "List apps"
    let description = """
        The organization's apps: app_id (what the app tools take), name, the SDK's App ID, and the App Store Connect \
        identifiers (appStoreId, bundleId) when the app was linked or imported.
        """

    var inputSchema: MCPJSON { MCPSchema.object([]) }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                (
                    "items",
                    MCPSchema.array(
                        MCPSchema.object(
                            [
                                ("app_id", MCPSchema.string("The app's ID for the app tools.")),
                                ("name", MCPSchema.string("The app's name.")),
                                ("sdkAppId", MCPSchema.string("The public App ID the SDK sends.")),
                                ("appStoreId", MCPSchema.string("The App Store ID (adamId of the app itself).", nullable: true)),
                                ("bundleId", MCPSchema.string("The bundle ID of an imported app.", nullable: true)),
                                ("createdAt", MCPSchema.string("When the app was added to the hub.")),
                            ], required: ["app_id", "name", "sdkAppId", "appStoreId", "bundleId", "createdAt"]), "The apps, oldest first.")
                )
            ], required: ["items"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let listed = try context.operatorCall(context.services.projects.list)
        return [
            "items": .array(
                (listed["items"]?.array ?? []).map { project in
                    [
                        "app_id": project["id"] ?? .null, "name": project["name"] ?? .null, "sdkAppId": project["appId"] ?? .null,
                        "appStoreId": project["appStoreId"] ?? .null, "bundleId": project["bundleId"] ?? .null,
                        "createdAt": project["createdAt"] ?? .null,
                    ]
                })
        ]
    }
}
