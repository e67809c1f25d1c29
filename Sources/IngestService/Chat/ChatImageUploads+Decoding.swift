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
