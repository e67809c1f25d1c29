import Shared

extension APIError {
    /// asod's errors as HTTP answers: like any backend error, except that the provider's retry
    /// delay of `PROVIDER_RATE_LIMITED` becomes the `Retry-After` header instead of a field.
    static func fromASO(_ error: RPCError) -> APIError {
        guard error.code == ASOErrorCode.providerRateLimited, let status = error.status else { return fromBackend(error) }
        let seconds = error.fields?[ASOErrorCode.retryAfterField]?.first.flatMap { Int($0) } ?? 60
        return APIError(status: status, code: error.code, message: error.message, fields: nil,
                        headers: [("Retry-After", String(seconds))])
    }

    static let asoPlanRequired = APIError(status: 403, code: ASOErrorCode.planRequired,
                                          message: "ASO tools need a plan with ASO access (Pro, Studio or self-hosted).")
}
