import Foundation

extension Thread {
    /// A thread (not yet started) that names itself first thing, so that `top -H`, `ps -L`,
    /// `perf` and `/proc/<pid>/task/*/comm` show its name rather than its creator's. It writes
    /// `/proc/thread-self/comm` itself: Foundation on Linux passes a name set before `start()`
    /// to nothing, and one a thread sets on itself only once `start()` has recorded the thread,
    /// which a thread that runs at once can beat. The kernel keeps 15 bytes (`kernelName`).
    public static func named(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let kernelName = Thread.kernelName(name)
        return Thread {
            nameThisThreadForTheKernel(kernelName)
            body()
        }
    }

    /// `name` cut to the 15 bytes Linux keeps of a thread's name (a longer one is refused and
    /// the thread keeps its creator's), on a character boundary.
    public static func kernelName(_ name: String) -> String {
        var kept = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            guard bytes <= 15 else { break }
            kept.append(character)
        }
        return kept
    }

    /// Writes the calling thread's name where the kernel keeps it; a failure leaves the name
    /// it had (naming is for people reading process listings, never for the hub's own logic).
    /// Glibc declares `pthread_setname_np` only under `_GNU_SOURCE` and `prctl` is variadic, so
    /// neither reaches Swift.
    private static func nameThisThreadForTheKernel(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var bytes = Array(name.utf8)
        _ = write(fd, &bytes, bytes.count)
    }
}
