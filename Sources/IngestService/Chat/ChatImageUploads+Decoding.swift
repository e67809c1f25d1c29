import HubHTTPServer
import HubImaging
import HubRuntime

/// Step two of an upload on the image decoder: decoding takes up to a second of CPU, which on
/// one of ingest's two HTTP threads would stall every other request.
extension ChatImageUploads {
    typealias Completed = (upload: ChatImageSigner.Upload, image: SanitizedImage, imageToken: String)

    /// One decode at a time: libvips already spreads one over the cores.
    static let decoderThreads = 1
    /// Completions that may wait for the decoder before more are refused.
    static let decoderQueue = 8

    static func makeDecoder() -> WorkerPool {
        WorkerPool(name: "image-decoder", threads: decoderThreads, maxQueued: decoderQueue)
    }

    /// Runs `complete` on the decoder and hands its result to `next` there; a failure of
    /// either goes to `respond`. With the decoder full, 503 `SERVICE_UNAVAILABLE` with
    /// `Retry-After` at once.
    func completeOnDecoder(
        _ token: String, binding: Binding, respond: @escaping (Result<HTTPResponse, Error>) -> Void,
        then next: @escaping (Completed) throws -> Void
    ) {
        let queued = decoder.submit {
            do {
                try next(try complete(token, binding: binding))
            } catch {
                respond(.failure(error))
            }
        }
        if !queued { respond(.failure(APIError.unavailable(retryAfter: 1))) }
    }
}

extension ChatImageUploads {
    /// A photo that came whole with a dashboard form (multipart `photo`) instead of through the
    /// two steps: the same declared-type and size checks as step one, the same decoding and
    /// preview as step two, bound to the team member and conversation. Call it on the decoder.
    func completeDirect(
        _ bytes: [UInt8], contentType: String?, organizationId: String, member: String, conversationId: String
    ) throws -> Completed {
        let type = contentType.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        try ChatImageUploads.checkDeclared(contentType: type, byteSize: bytes.count)
        let upload = ChatImageSigner.Upload(
            u: TimeSortableID.shared.next(), p: nil, o: organizationId, k: "team", v: member, c: conversationId,
            t: type!, n: bytes.count, e: signer.nowSeconds)
        return (upload, try preview(bytes, declaredType: upload.t, id: upload.u), signer.imageToken(imageId: upload.u))
    }
}
