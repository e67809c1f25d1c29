import ChatService
import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// `appnorth-bench http-hop <port>`: one `HTTPServer` (ingest's options: 2 pool threads)
/// answering what `GET /api/v1/chat/status` answers, two ways, until killed:
///   `/zmq`     forwards `chat.status` to chatd over ipc as ingest does (asynchronously,
///              the connection suspended meanwhile),
///   `/inproc`  calls the same `ChatStore` method in process (one at a time, as chatd's
///              server thread would).
/// `bench/rpc_hop.sh` puts the same wrk load on both.
enum HTTPHopBench {
    static func serve(port: UInt16) throws {
        let bench = try BenchChatd(prefix: "appnorth-http-hop-")
        let (client, store, owner) = (bench.client, bench.store, bench.owner)
        let storeLock = NSLock()
        func render(_ response: ChatStatus.Response) -> HTTPResponse {
            .jsonBytes(Array("{\"available\":true,\"hasUnread\":\(response.hasUnread)}".utf8))
        }

        let router = Router()
        router.add("GET", "/inproc") { _ in
            render(try storeLock.withLock { try store.status(of: owner) })
        }
        router.addAsync("GET", "/zmq") { _, respond in
            client.call(ChatStatus.self, ChatStatus.Request(owner: owner)) { result in
                respond(result.map(render).mapError { $0 as Error })
            }
        }
        var options = HTTPServerOptions()
        options.port = port
        options.perClientConnections = 4096
        // As ingest reads it: poll on this loopback address unless APPNORTH_HTTP_EVENT_LOOP says otherwise.
        options.eventLoop = try HTTPEventLoop.parse(ProcessInfo.processInfo.environment["APPNORTH_HTTP_EVENT_LOOP"])
        let server = HTTPServer(router: router, options: options, logger: bench.logger)
        try server.start()
        print("listening on \(server.port), event loop \(server.eventLoop.rawValue)")
        fflush(stdout)
        while true { Thread.sleep(forTimeInterval: 3600) }
    }
}
