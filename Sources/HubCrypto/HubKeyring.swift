import Foundation

#if canImport(Glibc)
    import Glibc
    import HubRuntime
#endif

/// The one place every daemon gets the hub's keyring from: `APPNORTH_CREDENTIALS_KEY` when it
/// is set, else `$APPNORTH_DATA_DIR/keys/credentials.key`, generated on first start. Without a
/// default a new hub kept identity secrets in plain text and refused APNs keys.
///
/// The file holds a keyring spec as `Keyring(spec:)` reads it (`v1:<base64 key>`), so an
/// operator can rotate by writing `v2:<new>,v1:<old>` into it. It is never in a backup:
/// without it, sealed secrets cannot be opened.
public enum HubKeyring {
    /// Where the generated keyring lives, under the data directory.
    public static let relativePath = "keys/credentials.key"

    public static func path(dataDirectory: String) -> String { dataDirectory + "/" + relativePath }

    /// The keyring from `credentialsKey` (the variable, `HubConfig.credentialsKey`), else from
    /// the file under `dataDirectory`, made if absent. Says where it came from in the log, never
    /// the key.
    public static func resolve(credentialsKey: String?, dataDirectory: String, logger: Logger) throws -> Keyring {
        if let spec = credentialsKey {
            let keyring = try Keyring(spec: spec)
            logger.info(
                "credentials keyring", ["source": Keyring.environmentVariable, "versions": keyring.versions.joined(separator: ",")])
            return keyring
        }
        let path = path(dataDirectory: dataDirectory)
        let keyring = try loadOrCreate(path: path, logger: logger)
        logger.info("credentials keyring", ["source": path, "versions": keyring.versions.joined(separator: ",")])
        return keyring
    }

    /// The keyring a daemon would use, without generating one: nil when neither the variable
    /// nor the file is there (a backup or restore must not make a key of its own).
    public static func existing(credentialsKey: String?, dataDirectory: String) throws -> Keyring? {
        if let spec = credentialsKey { return try Keyring(spec: spec) }
        return try read(path(dataDirectory: dataDirectory))
    }

    /// Reads the keyring at `path`, or generates one there. Several daemons start at once, so
    /// each writes its candidate to a temp file of its own and links it to `path`: `link(2)`
    /// fails with EEXIST for every one but the first, and they all read the winner's file.
    public static func loadOrCreate(path: String, logger: Logger) throws -> Keyring {
        if let keyring = try read(path) { return keyring }
        let directory = (path as NSString).deletingLastPathComponent
        try DataDirectory.makeDirectories(directory)
        let temp = directory + "/.credentials-" + SecureRandom.token(byteCount: 12)
        let spec = "v1:" + Data(SecureRandom.bytes(AESGCM.keySize)).base64EncodedString() + "\n"
        try DataDirectory.writeNewFile(temp, Array(spec.utf8))
        defer { unlink(temp) }
        if link(temp, path) == 0 {
            syncDirectory(directory)
            logger.info("credentials keyring generated", ["path": path])
        } else if errno != EEXIST {
            throw DataDirectoryError.io(operation: "link", path: path, errno: errno)
        }
        guard let keyring = try read(path) else { throw DataDirectoryError.io(operation: "open", path: path, errno: ENOENT) }
        return keyring
    }

    /// The keyring in the file at `path`; nil when there is none.
    static func read(_ path: String) throws -> Keyring? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw DataDirectoryError.io(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataDirectoryError.io(operation: "read", path: path, errno: errno)
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            // A keyring of a few dozen versions is a few kilobytes; anything far bigger is not one.
            guard bytes.count <= 1 << 20 else { throw CryptoError.invalidKeyring(reason: "\(path) is not a keyring") }
        }
        do {
            return try Keyring(spec: String(decoding: bytes, as: UTF8.self))
        } catch let CryptoError.invalidKeyring(reason) {
            throw CryptoError.invalidKeyring(reason: "\(path): \(reason)")
        }
    }

    /// Makes the new name durable: losing the key after secrets were sealed with it loses them.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
