import Foundation
import XCTest

/// Room for many sockets in this process: raises the soft limit of open descriptors to
/// `wanted` (within the hard limit), or skips the test when the hard limit is lower.
public func requireDescriptors(_ wanted: rlim_t) throws {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < wanted {
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    if limit.rlim_cur < wanted { throw XCTSkip("needs \(wanted) open descriptors; the hard limit is \(limit.rlim_max)") }
}
