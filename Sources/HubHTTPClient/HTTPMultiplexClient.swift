import CCurl
import Foundation

/// An HTTP/2 client that sends many requests at once as multiplexed streams on one kept
/// connection (libcurl multi with `CURLPIPE_MULTIPLEX`, one connection per host), as APNs
/// expects of a provider. The connection stays open between `send` calls until `close()`.
/// Responses carry the status and body only (`headers` is empty): see `CurlStream`.
///
/// Requests go out in rounds of a third of the stream window, each round's frames corked into
/// full TCP segments (`CurlSocketCork`), and a slot freed by an answer is refilled before the
/// client waits on the socket again.
///
/// A caller with one batch after another (a worker draining a queue) feeds them through
/// `send(feed:completed:)`, so the window stays full across batches instead of emptying at
/// the end of each: the last streams of a batch are answered while the next batch is written.
///
/// Calls are serialised: one owner (a worker) sends and waits for all of it.
public final class HTTPMultiplexClient: @unchecked Sendable {
    public let options: HTTPClientOptions
    /// Streams in flight at once; libcurl also honours the server's own limit.
    public let maxConcurrentStreams: Int
    /// Streams started per `curl_multi_perform`: a third of the window, so the server answers
    /// one round while the next is written and the one before is read, instead of the whole
    /// window going back and forth at once (`bench/RESULTS.md`).
    let streamsPerRound: Int
    private let lock = NSLock()
    /// Set by `cancel()` from any thread; guarded by its own lock, since a running `send` holds `lock`.
    private let cancelLock = NSLock()
    private var cancelled = false
    private var multi: UnsafeMutableRawPointer?
    /// Handles kept for reuse, with the options of their last request (see `CurlEasy.shape`).
    private var idle: [CurlEasy] = []
    /// The connection's socket, corked while libcurl writes a round of streams.
    private let cork = CurlSocketCork()

    private struct Active {
        let tag: HTTPBatchQueue.Tag
        let easy: CurlEasy
        let stream: CurlStream
    }

    public init(options: HTTPClientOptions = .init(), maxConcurrentStreams: Int = 100) {
        var options = options
        if options.version == .automatic { options.version = .http2 }
        self.options = options
        self.maxConcurrentStreams = max(1, maxConcurrentStreams)
        streamsPerRound = (self.maxConcurrentStreams + 2) / 3
    }

    deinit { closeLocked() }

    /// Sends every request and returns their outcomes in the same order. Any HTTP status is a
    /// response; a request that got none fails with its own `HTTPClientError`. `sharedHeaders`
    /// go with every request, after its own; they are checked and built once for the batch.
    /// `omitting` names headers libcurl would add by itself (`Accept`, `User-Agent`) that the
    /// batch goes without.
    ///
    /// A stream that libcurl fails with `CURLE_HTTP2` before any response came (its connection
    /// went away under it, as when the server's GOAWAY refuses the streams it has not
    /// processed) is sent once more, on the next connection.
    public func send(
        _ requests: [HTTPClientRequest],
        sharedHeaders: [(String, String)] = [],
        omitting: [String] = []
    ) -> [Result<HTTPClientResponse, HTTPClientError>] {
        var batch: HTTPRequestBatch? = HTTPRequestBatch(requests: requests, sharedHeaders: sharedHeaders, omitting: omitting)
        var results: [Result<HTTPClientResponse, HTTPClientError>] = []
        send(
            feed: {
                defer { batch = nil }
                return batch
            }, completed: { results = $0 })
        return results
    }

    /// Sends batch after batch without the connection emptying between them, each as `send`
    /// sends one. `next` is asked for another batch as soon as every request of the ones before
    /// has started, while their streams are still in flight, so the server has work while the
    /// caller prepares it; nil ends the feed. `completed` gets each batch's outcomes, in the
    /// order the batches came, once all of them (and all of the earlier batches') are known.
    /// Returns when every batch has completed. Both closures run on the calling thread with
    /// the client's lock held: they must not call the client.
    public func send(
        feed next: () -> HTTPRequestBatch?,
        completed: ([Result<HTTPClientResponse, HTTPClientError>]) -> Void
    ) {
        lock.lock()
        defer {
            cancelLock.withLock { cancelled = false }
            lock.unlock()
        }
        var batches = HTTPBatchQueue()
        guard let multi = multiHandle() else {
            let failure = HTTPClientError.transport(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_multi_init failed")
            while let batch = next() { completed(batch.streams.map { _ in .failure(failure) }) }
            return
        }
        var feeding = true
        var resent = Set<HTTPBatchQueue.Tag>()
        var active: [UnsafeMutableRawPointer: Active] = [:]
        active.reserveCapacity(maxConcurrentStreams)
        // Every request in flight or not started fails alike; the connection is dropped.
        func giveUp(_ failure: HTTPClientError) {
            failAll(&active, &batches, multi: multi, failure: failure)
            batches.failUnstarted(failure)
            while let results = batches.popCompleted() { completed(results) }
        }
        while true {
            if cancelLock.withLock({ cancelled }) {
                // As if the process had stopped: the connection goes, and nothing more starts.
                return giveUp(.transport(code: Int(CURLE_ABORTED_BY_CALLBACK.rawValue), message: "cancelled"))
            }
            if feeding && !batches.hasUnstarted {
                if let batch = next() { batches.append(batch) } else { feeding = false }
                while let results = batches.popCompleted() { completed(results) }
                continue
            }
            if !batches.hasUnstarted && active.isEmpty { break }
            var added = 0
            while active.count < maxConcurrentStreams && added < streamsPerRound, let (tag, request, shared) = batches.nextUnstarted() {
                added += 1
                do {
                    let entry = try start(request, tag: tag, shared: shared, multi: multi)
                    active[entry.easy.handle] = entry
                } catch let error as HTTPClientError {
                    batches.record(tag, .failure(error))
                } catch {
                    batches.record(tag, .failure(.transport(code: -1, message: "\(error)")))
                }
            }
            var running: Int32 = 0
            cork.hold()
            let performed = curl_multi_perform(multi, &running)
            cork.release()
            if performed != CURLM_OK && performed != CURLM_CALL_MULTI_PERFORM {
                return giveUp(.transport(code: Int(performed.rawValue), message: String(cString: curl_multi_strerror(performed))))
            }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let entry = active.removeValue(forKey: handle)
                else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(multi, handle)
                if code == CURLE_HTTP2 && entry.easy.info(long: CURLINFO_RESPONSE_CODE) == 0
                    && resent.insert(entry.tag).inserted
                {
                    idle.append(entry.easy)
                    batches.resend(entry.tag)
                    continue
                }
                batches.record(entry.tag, finish(entry, code: code))
            }
            while let results = batches.popCompleted() { completed(results) }
            // Wait for the server only when no stream can start and no batch is to be asked
            // for: a slot freed by this round's answers is filled (and its request written) first.
            let canStart = batches.hasUnstarted && active.count < maxConcurrentStreams
            if !active.isEmpty && !canStart && !(feeding && !batches.hasUnstarted) {
                var ready: Int32 = 0
                _ = curl_multi_poll(multi, nil, 0, 100, &ready)
            }
        }
    }

    /// Makes the `send` running on another thread give up within one wait on the socket (at
    /// most 100 ms): requests not answered yet fail, the feed asks for no more, and the
    /// connection is closed, since streams were cut off in the middle. With no `send` running,
    /// the next one gives up at once. For a worker that stops as it would on a crash, leaving
    /// unanswered work to be sent again.
    public func cancel() {
        cancelLock.withLock { cancelled = true }
    }

    /// The TCP sockets of the client's open connections.
    var connectionSockets: Set<Int32> {
        lock.lock()
        defer { lock.unlock() }
        return cork.sockets
    }

    /// Closes the connection and frees the handles; a later `send` connects again.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        closeLocked()
    }

    private func closeLocked() {
        idle.removeAll()
        if let multi { curl_multi_cleanup(multi) }
        multi = nil
    }

    private func multiHandle() -> UnsafeMutableRawPointer? {
        if let multi { return multi }
        _ = CurlEasy.globalInit
        guard let created = curl_multi_init() else { return nil }
        _ = an_curl_multi_setopt_long(created, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX)
        _ = an_curl_multi_setopt_long(created, CURLMOPT_MAX_HOST_CONNECTIONS, 1)
        _ = an_curl_multi_setopt_long(created, CURLMOPT_MAX_CONCURRENT_STREAMS, maxConcurrentStreams)
        multi = created
        return created
    }

    /// Configures a handle (a kept one when there is one) for the request and adds it to the multi.
    private func start(
        _ request: HTTPStreamRequest, tag: HTTPBatchQueue.Tag, shared: CurlHeaderList?,
        multi: UnsafeMutableRawPointer
    ) throws -> Active {
        let easy = try idle.popLast() ?? CurlEasy()
        let stream = CurlStream(request: request, limit: options.maxResponseBytes, shared: shared)
        do {
            try stream.configure(easy, options: options, cork: cork)
        } catch {
            easy.reset()
            idle.append(easy)
            throw error
        }
        let added = curl_multi_add_handle(multi, easy.handle)
        guard added == CURLM_OK else {
            easy.reset()
            idle.append(easy)
            throw HTTPClientError.transport(code: Int(added.rawValue), message: String(cString: curl_multi_strerror(added)))
        }
        return Active(tag: tag, easy: easy, stream: stream)
    }

    /// The handle goes back to the pool with its options: the next stream of the same shape
    /// sets only its own (see `CurlStream.configure`).
    private func finish(_ entry: Active, code: CURLcode) -> Result<HTTPClientResponse, HTTPClientError> {
        defer { idle.append(entry.easy) }
        return withExtendedLifetime(entry.stream) { entry.stream.finish(code, easy: entry.easy, options: options) }
    }

    /// The multi handle failed as a whole: every transfer in flight fails and the connection
    /// is dropped so the next call starts clean; the caller must not use `multi` afterwards.
    private func failAll(
        _ active: inout [UnsafeMutableRawPointer: Active],
        _ batches: inout HTTPBatchQueue,
        multi: UnsafeMutableRawPointer, failure: HTTPClientError
    ) {
        for (handle, entry) in active {
            curl_multi_remove_handle(multi, handle)
            batches.record(entry.tag, .failure(failure))
        }
        active.removeAll()
        closeLocked()
    }
}
