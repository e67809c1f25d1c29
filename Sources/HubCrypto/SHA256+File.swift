import CLibCrypto
import Foundation
import HubRuntime

extension SHA256 {
    /// The digest of the file at `path` as lowercase hex, read in chunks: stores are far larger
    /// than one would want in memory. Throws `DataDirectoryError.io` naming the file.
    public static func hexOfFile(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DataDirectoryError.io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto: no digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, algorithm, nil) == 1 else { fatalError("libcrypto SHA-256 failed") }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataDirectoryError.io(operation: "read", path: path, errno: errno)
            }
            if n == 0 { break }
            let ok = chunk.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, n) }
            guard ok == 1 else { fatalError("libcrypto SHA-256 failed") }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { fatalError("libcrypto SHA-256 failed") }
        return Hex.encode(digest)
    }
}
