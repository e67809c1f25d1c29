import HubCrypto
import HubMessaging

/// The operator's APNs credentials calls (`/projects/{id}/push-credentials`).
enum PushCredentialHandlers {
    static func install(on rpc: RPCServer, store: PushStore) {
        rpc.register(PushCredentialsPut.self) { request, _ in
            try validate(request)
            return try store.putCredentials(request)
        }
        rpc.register(PushCredentialsGet.self) { request, _ in
            guard let credentials = try store.credentials(projectId: request.projectId) else { throw RPCError.pushCredentialsNotFound() }
            return credentials
        }
        rpc.register(PushCredentialsDelete.self) { request, _ in
            try store.deleteCredentials(projectId: request.projectId)
            return RPCEmpty()
        }
    }

    /// ingest checks the same before calling; this keeps pushd from storing a key it cannot use.
    static func validate(_ request: PushCredentialsPut.Request) throws {
        if request.projectId.isEmpty { throw RPCError.invalidPayload(field: "projectId", "is required") }
        if request.appId.isEmpty { throw RPCError.invalidPayload(field: "appId", "is required") }
        if request.bundleId.isEmpty { throw RPCError.invalidPayload(field: "bundleId", "is required") }
        if request.keyId.count != 10 { throw RPCError.invalidPayload(field: "keyId", "must be 10 characters") }
        if request.teamId.count != 10 { throw RPCError.invalidPayload(field: "teamId", "must be 10 characters") }
        guard request.privateKey.contains("-----BEGIN PRIVATE KEY-----"), (try? ES256PrivateKey(pem: request.privateKey)) != nil else {
            throw RPCError.invalidPayload(field: "privateKey", "must be a PKCS#8 PEM EC P-256 key")
        }
    }
}
