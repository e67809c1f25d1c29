// swift-tools-version:5.10
import PackageDescription

// The shared modules' generic code (RPC calls and handlers, group commit, JSON readers) is
// specialized in the daemons that call it: unspecialized, a chat.status call looked up generic
// metadata about 30 times (bench/RESULTS.md, issue 29's sixth pass). Release builds only.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "AppNorthHub",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ingest", targets: ["ingest"]),
        .executable(name: "chatd", targets: ["chatd"]),
        .executable(name: "pushd", targets: ["pushd"]),
        .executable(name: "marketd", targets: ["marketd"]),
        .executable(name: "asod", targets: ["asod"]),
    ],
    targets: [
        .systemLibrary(
            name: "CZeroMQ", path: "Sources/CZeroMQ", pkgConfig: "libzmq",
            providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CVips", path: "Sources/CVips", pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]),
        // The shared pieces by concern, each linking only the system library it wraps, so a
        // daemon maps only the libraries it uses (libvips and libmicrohttpd only in ingest).
        .target(name: "HubRuntime", swiftSettings: crossModule),
        .target(name: "HubCrypto", dependencies: ["CLibCrypto", "HubRuntime"]),
        .target(name: "HubStore", dependencies: ["CSQLite", "HubRuntime"], swiftSettings: crossModule),
        .target(name: "HubMessaging", dependencies: ["CZeroMQ", "HubRuntime"], swiftSettings: crossModule),
        .target(name: "HubDaemon", dependencies: ["HubRuntime", "HubStore", "HubMessaging"], swiftSettings: crossModule),
        .target(name: "HubHTTPServer", dependencies: ["CMicroHTTPD", "HubRuntime"]),
        .target(name: "HubHTTPClient", dependencies: ["CCurl", "HubRuntime"]),
        .target(name: "HubImaging", dependencies: ["CVips"]),
        .target(name: "HubAppStoreConnect", dependencies: ["HubRuntime", "HubCrypto", "HubHTTPClient"]),
        // The team's dashboard and the hosted pages: HTML built with one escaping builder, and
        // the static files compiled into the binary. ingest serves them.
        .target(
            name: "Dashboard", dependencies: ["HubRuntime", "HubCrypto", "HubHTTPServer"],
            resources: [.embedInCode("Resources/whats_new.json")]),
        // Each daemon: a library with its store, handlers and the builder tests call too,
        // and an executable whose main only loads config and runs it.
        .target(
            name: "IngestService",
            dependencies: ["HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPServer", "HubImaging", "Dashboard"]),
        .target(name: "ChatService", dependencies: ["HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon"]),
        .target(name: "PushService", dependencies: ["HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPClient"]),
        .target(
            name: "MarketService", dependencies: ["HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPClient"]),
        .target(
            name: "ASOService",
            dependencies: ["HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPClient", "HubAppStoreConnect"],
            resources: [.copy("Pricing/Data/big-mac")]),
        .executableTarget(name: "ingest", dependencies: ["IngestService", "HubDaemon"]),
        .executableTarget(name: "chatd", dependencies: ["ChatService", "HubDaemon"]),
        .executableTarget(name: "pushd", dependencies: ["PushService", "HubDaemon"]),
        .executableTarget(name: "marketd", dependencies: ["MarketService", "HubDaemon"]),
        .executableTarget(name: "asod", dependencies: ["ASOService", "HubDaemon"]),
        // Measurements that need the hub's own types (bench/ scripts call it).
        .executableTarget(
            name: "appnorth-bench",
            dependencies: [
                "ChatService", "PushService", "HubRuntime", "HubCrypto", "HubMessaging", "HubDaemon", "HubHTTPClient", "HubStore",
                "CZeroMQ", "HubHTTPServer", "CSQLite",
            ]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SharedTests",
            dependencies: [
                "HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPServer", "HubHTTPClient",
                "HubImaging", "HubAppStoreConnect", "Dashboard", "TestSupport",
            ]),
        .testTarget(
            name: "HubTests",
            dependencies: [
                "IngestService", "ChatService", "PushService", "MarketService", "ASOService",
                "HubRuntime", "HubCrypto", "HubStore", "HubMessaging", "HubDaemon", "HubHTTPServer", "HubHTTPClient",
                "Dashboard", "TestSupport",
            ]),
    ]
)
