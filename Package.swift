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
        .target(name: "Shared",
                dependencies: ["CZeroMQ", "CSQLite", "CCurl", "CMicroHTTPD", "CLibCrypto"]),
        .executableTarget(name: "ingest", dependencies: ["Shared"]),
        .executableTarget(name: "chatd", dependencies: ["Shared"]),
        .executableTarget(name: "pushd", dependencies: ["Shared"]),
        .executableTarget(name: "marketd", dependencies: ["Shared"]),
        .executableTarget(name: "asod", dependencies: ["Shared"]),
        .testTarget(name: "SharedTests", dependencies: ["Shared"]),
    ]
)
