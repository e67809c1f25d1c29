// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "AppNorthHub",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Shared", targets: ["Shared"]),
        .executable(name: "ingest", targets: ["ingest"]),
        .executable(name: "chatd", targets: ["chatd"]),
        .executable(name: "pushd", targets: ["pushd"]),
        .executable(name: "marketd", targets: ["marketd"]),
        .executable(name: "asod", targets: ["asod"]),
    ],
    targets: [
        .systemLibrary(name: "CZeroMQ", path: "Sources/CZeroMQ", pkgConfig: "libzmq",
                       providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "vips",
                       providers: [.apt(["libvips-dev"])]),
        .target(name: "Shared",
                dependencies: ["CZeroMQ", "CSQLite", "CCurl", "CMicroHTTPD", "CLibCrypto", "CVips"]),
        // Each daemon: a library with its store, handlers and the builder tests call too,
        // and an executable whose main only loads config and runs it.
        .target(name: "IngestService", dependencies: ["Shared"]),
        .target(name: "ChatService", dependencies: ["Shared"]),
        .target(name: "PushService", dependencies: ["Shared"]),
        .target(name: "MarketService", dependencies: ["Shared"]),
        .target(name: "ASOService", dependencies: ["Shared"], resources: [.copy("Pricing/Data/big-mac")]),
        .executableTarget(name: "ingest", dependencies: ["IngestService"]),
        .executableTarget(name: "chatd", dependencies: ["ChatService"]),
        .executableTarget(name: "pushd", dependencies: ["PushService"]),
        .executableTarget(name: "marketd", dependencies: ["MarketService"]),
        .executableTarget(name: "asod", dependencies: ["ASOService"]),
        // Measurements that need the hub's own types (bench/ scripts call it).
        .executableTarget(name: "appnorth-bench", dependencies: ["ChatService"]),
        .target(name: "TestSupport", dependencies: ["Shared"], path: "Tests/TestSupport"),
        .testTarget(name: "SharedTests", dependencies: ["Shared", "TestSupport"]),
        .testTarget(name: "HubTests",
                    dependencies: ["IngestService", "ChatService", "PushService", "MarketService", "ASOService", "TestSupport"]),
    ]
)
