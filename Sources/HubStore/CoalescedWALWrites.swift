import CSQLite
import Synchronization

/// SQLite's default file system (VFS), with a transaction's WAL frames written to the file
/// in one call instead of two calls a frame.
///
/// A commit appends its pages to the WAL as frames, each written as two `pwrite`s: its 24-byte
/// header, then the page. A group commit of 45 frames made 90 system calls, and as a frame is
/// 24 bytes longer than a page, each call touched one or two of the file's pages in the
/// kernel's cache. Under a load of chat messages, `pwrite` was 17.5% of chatd's writer thread
/// (bench/RESULTS.md, issue 29's twelfth pass).
///
/// Here, what SQLite writes to a WAL at the end of what is already written is gathered in
/// memory, and written out in one call: after the page that follows a commit frame's header
/// (a header whose "database size after commit" is not zero), so a transaction is in the file
/// when its `COMMIT` returns, as before; before anything that must see the file as written,
/// on that connection's handle: a read, a sync, a truncation, its size, a file control, its
/// close, or a write anywhere else; and when the connection gives up the WAL's write lock, so
/// that frames of a transaction rolled back after it wrote them (a cache spill) are written
/// while no other connection can write there, never later over another's commit. Other
/// connections only read frames a commit has published, which are written by then. So nothing
/// changes for durability (a process killed mid-transaction loses only frames no commit
/// covered, which recovery would have ignored) nor for what any reader sees. Frames are
/// gathered only for a WAL paired with its connection's database file (where the write lock
/// shows); every other file, and every call this does not name, goes to SQLite's own VFS
/// unchanged.
enum CoalescedWALWrites {
    /// Writes SQLite made to WAL files, and the writes that reached the file system for them,
    /// since the process started.
    static var counts: (received: Int, written: Int) { (received.load(ordering: .relaxed), written.load(ordering: .relaxed)) }

    /// At most this many bytes are gathered before they are written (a group commit of 64
    /// ideas writes about 45 frames, 185 KB; bigger ones are written in pieces).
    static let capacity = 1 << 20

    /// The file system's name (`sqlite3_vfs_find`).
    static let name: StaticString = "appnorth-coalesced-wal"

    /// Registers the file system as the process's default. Call after `sqlite3_config`'s
    /// settings: looking up SQLite's VFS initializes the library.
    static func install() -> Int32 {
        guard let own = sqlite3_vfs_find(nil) else { return SQLITE_ERROR }
        base = own
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: own.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        vfs.pointee.szOsFile = Int32(File.innerOffset) + own.pointee.szOsFile
        vfs.pointee.xOpen = { _, name, file, flags, outFlags in
            let file = UnsafeMutableRawPointer(file!)
            let inner = File.inner(of: file)
            let base = CoalescedWALWrites.base!
            let rc = base.pointee.xOpen!(base, name, inner, flags, outFlags)
            guard rc == SQLITE_OK, inner.pointee.pMethods != nil else {
                file.assumingMemoryBound(to: sqlite3_file.self).pointee.pMethods = nil
                return rc
            }
            let kind: File.Kind = flags & SQLITE_OPEN_WAL != 0 ? .wal : flags & SQLITE_OPEN_MAIN_DB != 0 ? .database : .other
            let ours = file.bindMemory(to: File.self, capacity: 1)
            ours.initialize(to: File(base: sqlite3_file(pMethods: CoalescedWALWrites.methods), kind: kind))
            if let name { CoalescedWALWrites.pair(ours, name: name) }
            return rc
        }
        return sqlite3_vfs_register(vfs, 1)
    }

    /// One open file: the `sqlite3_file` SQLite sees, the frames gathered for it, and then
    /// SQLite's own file, at `innerOffset`.
    struct File {
        enum Kind { case database, wal, other }

        var base: sqlite3_file
        let kind: Kind
        /// A database's WAL, opened by the same connection, and a WAL's database: frames are
        /// gathered only for a WAL whose database is known, as that is where the end of its
        /// transaction shows.
        var partner: UnsafeMutablePointer<File>? = nil
        /// A database's name as SQLite passed it to `xOpen` (its key in `databases`), or 0.
        var key: UInt = 0
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        /// The file offset of the buffer's first byte, and how many bytes it holds.
        var start: Int64 = 0
        var length = 0
        /// The last write was a commit frame's header: the next one ends the transaction.
        var commitFrameOpen = false

        var gathers: Bool { kind == .wal && partner != nil }

        static let innerOffset = (MemoryLayout<File>.stride + 15) & ~15

        static func inner(of file: UnsafeMutableRawPointer) -> UnsafeMutablePointer<sqlite3_file> {
            (file + innerOffset).assumingMemoryBound(to: sqlite3_file.self)
        }

        static func from(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<File> {
            UnsafeMutableRawPointer(file!).assumingMemoryBound(to: File.self)
        }
    }

    /// The databases open through this file system, by the address of their names.
    private static let databases = Mutex<[UInt: UInt]>([:])

    /// Records a database under its name, or finds a WAL's database: SQLite names a WAL within
    /// its database's name (`sqlite3_filename_database` gives the very string the database
    /// was opened by), so each WAL pairs with its own connection's database file.
    static func pair(_ file: UnsafeMutablePointer<File>, name: UnsafePointer<CChar>) {
        switch file.pointee.kind {
        case .database:
            let key = UInt(bitPattern: name)
            file.pointee.key = key
            databases.withLock { $0[key] = UInt(bitPattern: file) }
        case .wal:
            guard let databaseName = sqlite3_filename_database(name),
                let address = databases.withLock({ $0[UInt(bitPattern: databaseName)] }),
                let database = UnsafeMutablePointer<File>(bitPattern: address)
            else { return }
            file.pointee.partner = database
            database.pointee.partner = file
        case .other:
            return
        }
    }

    /// Forgets `file`'s pairing as it closes.
    static func unpair(_ file: UnsafeMutablePointer<File>) {
        if file.pointee.key != 0 {
            let key = file.pointee.key
            databases.withLock { _ = $0.removeValue(forKey: key) }
        }
        file.pointee.partner?.pointee.partner = nil
        file.pointee.partner = nil
    }

    /// Writes out what `file` has gathered. SQLite's result of the write.
    static func flush(_ file: UnsafeMutablePointer<File>) -> Int32 {
        guard file.pointee.length > 0, let buffer = file.pointee.buffer else { return SQLITE_OK }
        let inner = File.inner(of: UnsafeMutableRawPointer(file))
        let write = inner.pointee.pMethods.pointee.xWrite!
        var done = 0
        var rc = SQLITE_OK
        while done < file.pointee.length && rc == SQLITE_OK {
            let piece = min(file.pointee.length - done, largestWrite)
            rc = write(inner, buffer + done, Int32(piece), file.pointee.start + Int64(done))
            done += piece
            written.add(1, ordering: .relaxed)
        }
        file.pointee.length = 0
        file.pointee.commitFrameOpen = false
        return rc
    }

    /// SQLite's unix file system writes at most 128 KiB − 1 bytes a call (it masks the length
    /// with 0x1ffff), so a buffer is written in pieces of 124 KiB, 31 pages.
    static let largestWrite = 31 * 4096

    static func write(_ f: UnsafeMutablePointer<File>, _ data: UnsafeRawPointer, _ amount: Int32, _ offset: Int64) -> Int32 {
        received.add(1, ordering: .relaxed)
        let count = Int(amount)
        if f.pointee.length > 0 && (offset != f.pointee.start + Int64(f.pointee.length) || f.pointee.length + count > capacity) {
            let rc = flush(f)
            guard rc == SQLITE_OK else { return rc }
        }
        if count > largestWrite {
            let inner = File.inner(of: UnsafeMutableRawPointer(f))
            written.add(1, ordering: .relaxed)
            return inner.pointee.pMethods.pointee.xWrite!(inner, data, amount, offset)
        }
        if f.pointee.buffer == nil { f.pointee.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity) }
        if f.pointee.length == 0 { f.pointee.start = offset }
        (f.pointee.buffer! + f.pointee.length).update(from: data.assumingMemoryBound(to: UInt8.self), count: count)
        f.pointee.length += count
        if f.pointee.commitFrameOpen { return flush(f) }
        // A frame's header: page number, then the database's size in pages after the commit
        // (big-endian, not zero only in a transaction's last frame), salts and checksums.
        if count == 24 {
            let bytes = data.assumingMemoryBound(to: UInt8.self)
            f.pointee.commitFrameOpen = bytes[4] | bytes[5] | bytes[6] | bytes[7] != 0
        }
        return SQLITE_OK
    }

    /// For a WAL file, writes out what it has gathered before `body` runs on SQLite's file.
    static func flushed(
        _ file: UnsafeMutablePointer<sqlite3_file>?,
        _ body: (UnsafeMutablePointer<sqlite3_file>, UnsafePointer<sqlite3_io_methods>) -> Int32
    ) -> Int32 {
        let ours = File.from(file)
        if ours.pointee.kind == .wal {
            let rc = flush(ours)
            guard rc == SQLITE_OK else { return rc }
        }
        let inner = File.inner(of: UnsafeMutableRawPointer(ours))
        return body(inner, inner.pointee.pMethods)
    }

    /// SQLite's own file, for the calls passed on unchanged.
    static func inner(_ file: UnsafeMutablePointer<sqlite3_file>?) -> (
        UnsafeMutablePointer<sqlite3_file>, UnsafePointer<sqlite3_io_methods>
    ) {
        let inner = File.inner(of: UnsafeMutableRawPointer(file!))
        return (inner, inner.pointee.pMethods)
    }

    nonisolated(unsafe) private static var base: UnsafeMutablePointer<sqlite3_vfs>?
    private static let received = Atomic<Int>(0)
    private static let written = Atomic<Int>(0)
    /// Times a connection gave up its write lock with frames still gathered (a transaction
    /// that spilled frames, then rolled back).
    static let writtenAtUnlock = Atomic<Int>(0)

    private static let methods: UnsafePointer<sqlite3_io_methods> = {
        var m = sqlite3_io_methods()
        m.iVersion = 3
        m.xClose = { file in
            let ours = CoalescedWALWrites.File.from(file)
            let flushed = ours.pointee.kind == .wal ? CoalescedWALWrites.flush(ours) : SQLITE_OK
            CoalescedWALWrites.unpair(ours)
            let (inner, methods) = CoalescedWALWrites.inner(file)
            let rc = methods.pointee.xClose!(inner)
            ours.pointee.buffer?.deallocate()
            ours.deinitialize(count: 1)
            return flushed != SQLITE_OK ? flushed : rc
        }
        m.xRead = { file, data, amount, offset in
            CoalescedWALWrites.flushed(file) { inner, methods in methods.pointee.xRead!(inner, data, amount, offset) }
        }
        m.xWrite = { file, data, amount, offset in
            let ours = CoalescedWALWrites.File.from(file)
            guard ours.pointee.gathers else {
                let (inner, methods) = CoalescedWALWrites.inner(file)
                return methods.pointee.xWrite!(inner, data, amount, offset)
            }
            return CoalescedWALWrites.write(ours, data!, amount, offset)
        }
        m.xTruncate = { file, size in CoalescedWALWrites.flushed(file) { inner, methods in methods.pointee.xTruncate!(inner, size) } }
        m.xSync = { file, flags in CoalescedWALWrites.flushed(file) { inner, methods in methods.pointee.xSync!(inner, flags) } }
        m.xFileSize = { file, size in CoalescedWALWrites.flushed(file) { inner, methods in methods.pointee.xFileSize!(inner, size) } }
        m.xFileControl = { file, op, arg in
            CoalescedWALWrites.flushed(file) { inner, methods in methods.pointee.xFileControl!(inner, op, arg) }
        }
        m.xLock = { file, lock in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xLock!(inner, lock)
        }
        m.xUnlock = { file, lock in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xUnlock!(inner, lock)
        }
        m.xCheckReservedLock = { file, out in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xCheckReservedLock!(inner, out)
        }
        m.xSectorSize = { file in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xSectorSize!(inner)
        }
        m.xDeviceCharacteristics = { file in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xDeviceCharacteristics!(inner)
        }
        m.xShmMap = { file, page, size, extend, out in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xShmMap?(inner, page, size, extend, out) ?? SQLITE_IOERR
        }
        m.xShmLock = { file, offset, n, flags in
            // The connection's write lock (offset 0) given up: its transaction committed, and
            // its frames are written, or rolled back, and frames it wrote before its commit
            // and gathered are written now, while no other connection may write to the WAL,
            // as SQLite would have written them (never later, over another's commit).
            let ours = CoalescedWALWrites.File.from(file)
            if offset == 0 && flags == SQLITE_SHM_UNLOCK | SQLITE_SHM_EXCLUSIVE, let wal = ours.pointee.partner {
                if wal.pointee.length > 0 { writtenAtUnlock.add(1, ordering: .relaxed) }
                _ = CoalescedWALWrites.flush(wal)
            }
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xShmLock?(inner, offset, n, flags) ?? SQLITE_IOERR
        }
        m.xShmBarrier = { file in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            methods.pointee.xShmBarrier?(inner)
        }
        m.xShmUnmap = { file, delete in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            return methods.pointee.xShmUnmap?(inner, delete) ?? SQLITE_OK
        }
        m.xFetch = { file, offset, amount, out in
            CoalescedWALWrites.flushed(file) { inner, methods in
                guard let fetch = methods.pointee.xFetch, methods.pointee.iVersion >= 3 else {
                    out?.pointee = nil
                    return SQLITE_OK
                }
                return fetch(inner, offset, amount, out)
            }
        }
        m.xUnfetch = { file, offset, page in
            let (inner, methods) = CoalescedWALWrites.inner(file)
            guard let unfetch = methods.pointee.xUnfetch, methods.pointee.iVersion >= 3 else { return SQLITE_OK }
            return unfetch(inner, offset, page)
        }
        let pointer = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        pointer.initialize(to: m)
        return UnsafePointer(pointer)
    }()
}
