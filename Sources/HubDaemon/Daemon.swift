import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// One daemon of the hub: opens `<dataDir>/<name>.sqlite` (integrity check, migrations),
/// binds its ROUTER, answers `sys.ping` and `sys.backup`, then lets the spec install the
/// rest. Tests build daemons in-process with this; `DaemonMain` runs one as a process.
public final class Daemon: @unchecked Sendable {
    public let context: DaemonContext
    private let spec: DaemonSpec
    private var started = false

    public init(spec: DaemonSpec, config: HubConfig, clock: Clock, logger: Logger) throws {
        self.spec = spec
        try DataDirectory.secure(config.dataDirectory, objectStoreDirectory: config.objectStoreDirectory, logger: logger)
        let store = try StoreOpener.open(
            path: config.storePath(for: spec.name), migrations: spec.migrations,
            logger: logger, clock: clock
        ) { db in try Daemon.verifyOwner(db, spec.name) }
        let rpc: RPCServer
        do {
            try Daemon.verifyOwner(store, spec.name)
            rpc = try RPCServer(
                name: spec.name.rawValue, endpoint: config.endpoint(for: spec.name), clock: clock, logger: logger,
                context: config.rpcContext(for: spec.name), curve: try config.curveServer(for: spec.name))
        } catch {
            store.close()
            throw error
        }
        context = DaemonContext(
            name: spec.name, config: config, clock: clock, logger: logger, store: store,
            rpc: rpc, lifecycle: ServiceLifecycle(logger: logger))
    }

    public var lifecycle: ServiceLifecycle { context.lifecycle }

    /// Registers the common handlers and the spec's, then starts serving.
    public func start() throws {
        guard !started else { return }
        started = true
        let ctx = context
        ctx.lifecycle.onShutdown("store") { ctx.store.close() }
        ctx.rpc.registerSysPing(store: ctx.storeStatus)
        ctx.rpc.register(SysBackup.self) { request, _ in try Daemon.backup(ctx, into: request.directory) }
        ctx.lifecycle.onShutdown("rpc") { ctx.rpc.stop() }
        try spec.install(ctx)
        ctx.rpc.start()
        ctx.logger.info(
            "started",
            [
                "version": AppNorth.version, "endpoint": ctx.config.endpoint(for: ctx.name),
                "store": ctx.store.path,
            ])
    }

    /// Stops intake, drains, closes the store. Same steps as on SIGTERM.
    public func stop() { context.lifecycle.shutdown(reason: "stop") }

    /// A store made by another daemon (its `daemon_meta` names someone else) is refused,
    /// before migrations touch it and again after, for a fresh file.
    public static func verifyOwner(_ db: SQLiteDatabase, _ name: DaemonName) throws {
        guard try db.queryOne("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'daemon_meta'") != nil else { return }
        let owner = try db.queryOne("SELECT value FROM daemon_meta WHERE key = 'daemon'")?.string("value")
        guard owner == name.rawValue else {
            throw ConfigError.invalid(
                name: "APPNORTH_DATA_DIR", value: db.path,
                reason: "this store belongs to \(owner ?? "no daemon"), not \(name.rawValue)")
        }
    }

    /// A caller of `sys.backup` names the directory; the daemon writes only inside its data
    /// directory, so the RPC cannot be used to drop files elsewhere (`ingest backup` moves the
    /// copies where the operator asked).
    static func backup(_ ctx: DaemonContext, into requested: String) throws -> SysBackup.Response {
        guard requested.hasPrefix("/") else {
            throw RPCError(code: SysBackup.invalidDirectory, message: "backup directory must be an absolute path", status: 400, fields: nil)
        }
        let directory: String
        do {
            directory = try DataDirectory.makeConfinedDirectory(requested, in: ctx.config.dataDirectory)
        } catch DataDirectoryError.outsideDataDirectory {
            throw RPCError(
                code: SysBackup.directoryNotAllowed,
                message: "backup directory must be inside the data directory \(ctx.config.dataDirectory)", status: 403)
        } catch let error as DataDirectoryError {
            throw RPCError(code: SysBackup.failed, message: "\(error)", status: 409)
        }
        let path = directory + "/" + ctx.name.rawValue + ".sqlite"
        do {
            try ctx.store.backup(to: path)
        } catch let error as StoreError {
            throw RPCError(code: SysBackup.failed, message: "\(error)", status: 409, fields: nil)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        ctx.logger.info("backup written", ["path": path, "bytes": size])
        return SysBackup.Response(path: path, bytes: size)
    }
}
