import Foundation

extension Thread {
    /// A thread (not yet started) that names itself first thing, so that `top -H`, `ps -L`,
    /// `perf` and `/proc/<pid>/task/*/comm` show its name rather than its creator's (on Linux,
    /// Foundation passes a name to the kernel only when a thread sets its own). The kernel
    /// keeps 15 bytes of a name (`kernelName`).
    public static func named(_ name: String, _ body: @escaping @Sendable () -> Void) -> Thread {
        let kernelName = Thread.kernelName(name)
        return Thread {
            Thread.current.name = kernelName
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
}
