import Foundation

#if canImport(Glibc)
    import Glibc
    import HubRuntime
#endif

/// Endpoint strings (`ipc:///path`, `tcp://host:port`).
public enum ZMQEndpoint {
    /// The file path of an `ipc://` endpoint, or nil for other transports and for abstract
    /// (`ipc://@name`) sockets.
    public static func ipcPath(_ endpoint: String) -> String? {
        guard endpoint.hasPrefix("ipc://") else { return nil }
        let path = String(endpoint.dropFirst("ipc://".count))
        guard !path.isEmpty, !path.hasPrefix("@") else { return nil }
        return path
    }

    /// Makes an `ipc://` endpoint bindable: creates the parent directory (0700: it is what
    /// guards an ipc socket) and removes a socket file left behind by a process that did not
    /// close cleanly (`kill -9`). Anything at the path that is not a socket is left alone, so
    /// bind reports it.
    public static func prepareForBind(_ endpoint: String) throws {
        guard let path = ipcPath(endpoint) else { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            try DataDirectory.makeDirectories(parent)
        }
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK {
            unlink(path)
        }
    }

    /// Makes a bound `ipc://` socket file 0600: libzmq creates it with the process umask.
    public static func restrictAfterBind(_ endpoint: String) throws {
        guard let path = ipcPath(endpoint) else { return }
        if chmod(path, 0o600) != 0 { throw DataDirectoryError.io(operation: "chmod", path: path, errno: errno) }
    }
}
