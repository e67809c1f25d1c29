import Foundation
import HubCrypto
import HubHTTPServer
import HubImaging
import HubMessaging
import HubRuntime

/// The photo flow shared by participants and the team (docs/chat.md, "Photos"): the first
/// `POST …/images` with `{contentType, byteSize}` answers a signed PUT URL on the hub's own
/// storage and an upload token; the client PUTs the bytes; the second `POST` with
/// `{uploadToken}` decodes and re-encodes them, stages the preview with chatd and answers
/// `{imageToken, image}`. Raw uploads and previews live under `chat-image-staging/`, which the
/// cleanup job empties after two days; sending copies a preview to the conversation's path.
struct ChatImageUploads {
    /// Who the upload is bound to, from the request that starts or completes it.
    enum Binding {
        case participant(ChatOwner)
        case team(organizationId: String, member: String, conversationId: String)
    }

    struct Body: Decodable {
        let contentType: String?
        let byteSize: Int?
        let uploadToken: String?
    }

    /// An upload token completes within this long of the first step (the PUT URL itself
    /// lasts `ChatImageLimits.uploadLifetime`), so a slow PUT near its deadline can still finish.
    static let completionLifetime: Int64 = 3_600

    let signer: ChatImageSigner
    let objects: ObjectStore
    let publicURL: String?
    /// Where step two decodes, off the HTTP threads (`ChatImageUploads+Decoding`).
    let decoder: WorkerPool

    static func rawKey(_ id: String) -> String { ChatImageLimits.stagingPrefix + id + ".upload" }
    static func previewKey(_ id: String) -> String { ChatImageLimits.stagingPrefix + id + ".jpg" }

    /// The scheme and authority clients reach the hub at (`HTTPRequest.publicBase`).
    func base(for request: HTTPRequest) -> String { request.publicBase(configured: publicURL) }

    // MARK: Step one

    func start(_ body: Body, binding: Binding, request: HTTPRequest) throws -> HTTPResponse {
        let contentType = body.contentType.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        try ChatImageUploads.checkDeclared(contentType: contentType, byteSize: body.byteSize)
        let expires = signer.nowSeconds + Int64(ChatImageLimits.uploadLifetime)
        var upload = ChatImageSigner.Upload(
            u: TimeSortableID.shared.next(), p: nil, o: nil, k: "", v: "", c: nil,
            t: contentType!, n: body.byteSize!, e: expires)
        switch binding {
        case .participant(let owner):
            upload.p = owner.projectId
            upload.k = owner.kind.rawValue
            upload.v = owner.value
        case .team(let organizationId, let member, let conversationId):
            upload.o = organizationId
            upload.k = "team"
            upload.v = member
            upload.c = conversationId
        }
        let answer = StartJSON(
            uploadUrl: base(for: request) + signer.uploadPath(upload), uploadToken: try signer.uploadToken(upload),
            method: "PUT", headers: ["Content-Type": upload.t],
            expiresAt: ISOTime.format(Date(timeIntervalSince1970: TimeInterval(expires))))
        var response = HTTPResponse.json(answer)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// Throws 400 `INVALID_PAYLOAD` unless an upload declares a photo type and 1 byte to 5 MiB.
    static func checkDeclared(contentType: String?, byteSize: Int?) throws {
        var errors = FieldErrors()
        if contentType == nil {
            errors.add("contentType", "is required")
        } else if !ChatImageLimits.contentTypes.contains(contentType!) {
            errors.add("contentType", "must be image/jpeg, image/png or image/webp")
        }
        if let size = byteSize {
            if !(1...ChatImageLimits.maximumUploadBytes).contains(size) {
                errors.add("byteSize", "must be 1-\(ChatImageLimits.maximumUploadBytes) bytes")
            }
        } else {
            errors.add("byteSize", "is required")
        }
        try errors.throwIfAny()
    }

    // MARK: Step two

    /// Checks the token against the caller, decodes and re-encodes what was uploaded and stores
    /// the preview; the caller then stages it with chatd. Repeating it gives the same image.
    func complete(_ token: String, binding: Binding) throws -> (upload: ChatImageSigner.Upload, image: SanitizedImage, imageToken: String) {
        guard token.utf8.count <= 2_048, let upload = signer.openUploadToken(token), bound(upload, to: binding) else {
            throw APIError(
                status: 400, code: "INVALID_UPLOAD_TOKEN", message: "This upload token was not issued to this sender.",
                fields: ["uploadToken": ["is not an upload token of this sender"]])
        }
        guard signer.nowSeconds <= upload.e - Int64(ChatImageLimits.uploadLifetime) + ChatImageUploads.completionLifetime else {
            throw APIError(
                status: 400, code: "UPLOAD_EXPIRED", message: "This upload token has expired; start a new upload.",
                fields: ["uploadToken": ["has expired"]])
        }
        guard let bytes = try objects.get(key: ChatImageUploads.rawKey(upload.u)) else {
            throw APIError(status: 409, code: "UPLOAD_INCOMPLETE", message: "Nothing was uploaded to this upload's URL yet.")
        }
        return (upload, try preview(bytes, declaredType: upload.t, id: upload.u), signer.imageToken(imageId: upload.u))
    }

    /// Decodes `bytes` as `declaredType`, re-encodes them as a JPEG within the limits and stores
    /// that preview under the upload's ID; the errors are `IMAGE_*` (docs/chat.md, "Photos").
    func preview(_ bytes: [UInt8], declaredType: String, id: String) throws -> SanitizedImage {
        let image: SanitizedImage
        do {
            image = try ImageSanitizer.sanitize(
                bytes, declaredType: declaredType, maxBytes: ChatImageLimits.maximumUploadBytes,
                maxEdge: ChatImageLimits.maximumEdge)
        } catch let error as ImageSanitizerError {
            throw APIError(
                status: error == .tooLarge || error == .tooManyPixels ? 413 : 400, code: error.code,
                message: String(describing: error))
        }
        try objects.put(key: ChatImageUploads.previewKey(id), bytes: image.jpeg, contentType: "image/jpeg")
        return image
    }

    /// The staging request for chatd; team uploads get their project from the conversation's.
    func stageRequest(
        _ done: (upload: ChatImageSigner.Upload, image: SanitizedImage, imageToken: String),
        uploader: ChatImageUploader
    ) -> ChatImageStage.Request {
        ChatImageStage.Request(
            uploader: uploader, imageId: done.upload.u, tokenHash: SHA256.hex(done.imageToken),
            width: done.image.width, height: done.image.height, byteSize: done.image.jpeg.count,
            stagingKey: ChatImageUploads.previewKey(done.upload.u))
    }

    /// 201 `{imageToken, image, expiresAt}` with the preview's private URL.
    func completedResponse(_ staged: ChatImageStage.Response, imageToken: String, request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse.json(
            CompletedJSON(
                imageToken: imageToken, image: signer.signed(staged.image, base: base(for: request)),
                expiresAt: staged.expiresAt), status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    private func bound(_ upload: ChatImageSigner.Upload, to binding: Binding) -> Bool {
        switch binding {
        case .participant(let owner):
            return upload.p == owner.projectId && upload.k == owner.kind.rawValue && upload.v == owner.value && upload.c == nil
        case .team(let organizationId, let member, let conversationId):
            return upload.o == organizationId && upload.k == "team" && upload.v == member && upload.c == conversationId
        }
    }

    // MARK: Storage routes

    /// `PUT /api/v1/chat/uploads/{uploadId}?contentType&byteSize&expires&sig`: the signed URL of
    /// step one. It writes only the raw upload in staging, never a sent photo.
    func put(_ request: HTTPRequest) throws -> HTTPResponse {
        let byteSize = try checkPut(request)
        guard request.body.count == byteSize else {
            throw APIError(status: 400, code: "SIZE_MISMATCH", message: "The body must be exactly \(byteSize) bytes, as declared.")
        }
        let id = request.pathParameters["uploadId"] ?? ""
        try objects.put(key: ChatImageUploads.rawKey(id), bytes: request.body, contentType: request.query["contentType"] ?? "")
        return HTTPResponse(status: 204)
    }

    /// Everything about an upload PUT that its head decides: the signature, the expiry, the
    /// declared type and length. The server runs it before reading the body, so a forged or
    /// stale URL never costs the hub up to 5 MiB. Answers the signed byte size.
    func checkPut(_ request: HTTPRequest) throws -> Int {
        let id = request.pathParameters["uploadId"] ?? ""
        guard let contentType = request.query["contentType"], let byteSize = request.query["byteSize"].flatMap(Int.init),
            let expires = request.query["expires"].flatMap(Int64.init), let signature = request.query["sig"],
            ObjectKey.isValid(ChatImageUploads.rawKey(id)), !id.contains("/"),
            signer.verifyUpload(id: id, contentType: contentType, byteSize: byteSize, expires: expires, signature: signature)
        else {
            throw APIError(status: 403, code: "SIGNATURE_INVALID", message: "This upload URL is not valid.")
        }
        guard signer.nowSeconds <= expires else {
            throw APIError(status: 403, code: "URL_EXPIRED", message: "This upload URL has expired; start a new upload.")
        }
        let sent = request.headers["Content-Type"].map { $0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased() }
        guard sent == contentType else {
            throw APIError(status: 400, code: "CONTENT_TYPE_MISMATCH", message: "Content-Type must be \(contentType), as declared.")
        }
        if let declared = request.headers["Content-Length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            declared != byteSize
        {
            throw APIError(status: 400, code: "SIZE_MISMATCH", message: "The body must be exactly \(byteSize) bytes, as declared.")
        }
        return byteSize
    }

    /// `GET /api/v1/chat/media?key&expires&sig`: a photo's private, expiring read URL.
    func media(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let key = request.query["key"], let expires = request.query["expires"].flatMap(Int64.init),
            let signature = request.query["sig"], key.hasSuffix(".jpg"),
            key.hasPrefix(ChatImageLimits.stagingPrefix) || key.hasPrefix(ChatImageLimits.sentPrefix),
            ObjectKey.isValid(key), signer.verifyRead(key: key, expires: expires, signature: signature)
        else {
            throw APIError(status: 403, code: "SIGNATURE_INVALID", message: "This image URL is not valid.")
        }
        let remaining = expires - signer.nowSeconds
        guard remaining >= 0 else {
            throw APIError(status: 403, code: "URL_EXPIRED", message: "This image URL has expired; reload the conversation.")
        }
        guard let bytes = try objects.get(key: key) else {
            throw APIError(status: 404, code: "IMAGE_NOT_FOUND", message: "This image is no longer stored.")
        }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "image/jpeg"), ("Cache-Control", "private, max-age=\(remaining)"),
                ("X-Content-Type-Options", "nosniff"),
            ], body: bytes)
    }

    private struct StartJSON: Encodable {
        let uploadUrl: String
        let uploadToken: String
        let method: String
        let headers: [String: String]
        let expiresAt: String
    }

    private struct CompletedJSON: Encodable {
        let imageToken: String
        let image: ChatImageDTO
        let expiresAt: String
    }
}
