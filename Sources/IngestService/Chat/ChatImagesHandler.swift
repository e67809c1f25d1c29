import HubHTTPServer
import HubMessaging

/// The participant's photo routes: `POST /api/v1/chat/images` (both steps of an upload), the
/// signed `PUT /api/v1/chat/uploads/{uploadId}` it hands out, and the signed
/// `GET /api/v1/chat/media` read URLs of photos in messages.
struct ChatImagesHandler {
    let access: ChatAccess
    let chat: BackendForwarding
    let uploads: ChatImageUploads
    /// Upload steps per (project, client IP).
    let steps: RateLimiter

    func create(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (owner, context) = try access.requireOwner(request)
        try steps.consume(context.project.id + "|" + context.clientAddress)
        let body = try request.decodeJSON(ChatImageUploads.Body.self)
        guard let token = body.uploadToken else {
            return respond(.success(try uploads.start(body, binding: .participant(owner), request: request)))
        }
        uploads.completeOnDecoder(token, binding: .participant(owner), respond: respond) { done in
            chat.forward(ChatImageStage.self, uploads.stageRequest(done, uploader: .participant(owner)), respond: respond) {
                uploads.completedResponse($0, imageToken: done.imageToken, request: request)
            }
        }
    }

    /// The signed upload URL's PUT.
    func upload(_ request: HTTPRequest) throws -> HTTPResponse { try uploads.put(request) }

    /// The head of that PUT: a forged, stale or mismatched URL is refused before its body is read.
    func checkUpload(_ request: HTTPRequest) throws { _ = try uploads.checkPut(request) }

    /// A signed read URL of a photo.
    func media(_ request: HTTPRequest) throws -> HTTPResponse { try uploads.media(request) }
}
