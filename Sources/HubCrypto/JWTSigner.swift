import HubRuntime

/// Signs compact JWS tokens with ES256, as APNs and App Store Connect require.
public struct JWTSigner: Sendable {
    public let key: ES256PrivateKey
    public let keyId: String
    /// `base64url(header) + "."`, computed once: the header never changes for a key.
    private let headerPrefix: String

    public init(key: ES256PrivateKey, keyId: String) {
        self.key = key
        self.keyId = keyId
        var header = "{\"alg\":\"ES256\",\"kid\":"
        JSONText.appendString(keyId, to: &header)
        header.append(",\"typ\":\"JWT\"}")
        self.headerPrefix = Base64URL.encode(Array(header.utf8)) + "."
    }

    /// `base64url(header).base64url(claims).base64url(r || s)`, claims with sorted keys.
    public func sign(claims: [String: JWTClaim]) throws -> String {
        var token = headerPrefix
        token.append(Base64URL.encode(Array(JWTClaim.json(claims).utf8)))
        let signature = try key.sign(Array(token.utf8))
        token.append(".")
        token.append(Base64URL.encode(signature))
        return token
    }

    /// An APNs provider token: `iss` is the team ID, `iat` the issue time in Unix seconds.
    public func apnsToken(teamId: String, issuedAt: Int64) throws -> String {
        try sign(claims: ["iss": .string(teamId), "iat": .int(issuedAt)])
    }

    /// An App Store Connect API token: `iss` is the issuer ID; Apple refuses lifetimes over
    /// 20 minutes.
    public func appStoreConnectToken(
        issuerId: String, issuedAt: Int64, expiresAt: Int64,
        audience: String = "appstoreconnect-v1"
    ) throws -> String {
        try sign(claims: [
            "iss": .string(issuerId), "iat": .int(issuedAt), "exp": .int(expiresAt),
            "aud": .string(audience),
        ])
    }
}
