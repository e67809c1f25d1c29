import CSQLite
import Synchronization

/// SQLite's own page cache, with the truncations that can drop nothing left out.
///
/// At the end of every write transaction the pager asks its cache to drop the pages numbered
/// past the database's end (`xTruncate`). SQLite's cache (pcache1) remembers the largest page
/// number it has held since its last truncation; when that is further past the limit than its
/// hash table has slots, it walks every slot and every cached page to find them: some 8,000
/// pages, each a likely cache miss, for a connection's 32 MiB. When a B-tree rebalances, it
/// renumbers the new pages in order, parking one of them for a moment at the number of the
/// lock-byte page (page 262,145 with 4 KiB pages, a gigabyte into the file). So nearly every
/// commit that split a page paid that walk for a page that had long moved back: 4.5% of
/// ingest's writer thread under a load of new ideas (bench/RESULTS.md, issue 29's twelfth pass).
///
/// Every call goes to SQLite's cache as before. Alongside, each cache here keeps a bound of
/// the page numbers it may hold: the largest it has handed out or been renumbered to, except
/// a page renumbered past that bound, which is held apart ("parked") until it is renumbered
/// again. A truncation no page can be at or past is not passed on; any other is, and lowers
/// the bound. A page that leaves the cache otherwise (unpinned and discarded, or recycled)
/// only makes the bound looser, never wrong.
enum PageCacheTruncation {
    /// Truncations passed on to SQLite's cache, and those left out, since the process started.
    static var counts: (forwarded: Int, skipped: Int) { (forwarded.load(ordering: .relaxed), skipped.load(ordering: .relaxed)) }

    /// Puts the wrapper in place of SQLite's page cache. Must run before SQLite initializes
    /// (`SQLiteDatabase.libraryConfigured`); refused (SQLITE_MISUSE) and harmless after.
    static func install() -> Int32 {
        var own = sqlite3_pcache_methods2()
        let got = an_sqlite_get_page_cache(&own)
        guard got == SQLITE_OK else { return got }
        wrapped = own
        var methods = sqlite3_pcache_methods2()
        methods.iVersion = own.iVersion
        methods.pArg = nil
        methods.xInit = { _ in PageCacheTruncation.wrapped.xInit?(PageCacheTruncation.wrapped.pArg) ?? SQLITE_OK }
        methods.xShutdown = { _ in PageCacheTruncation.wrapped.xShutdown?(PageCacheTruncation.wrapped.pArg) }
        methods.xCreate = { pageSize, extraSize, purgeable in
            guard let inner = PageCacheTruncation.wrapped.xCreate?(pageSize, extraSize, purgeable) else { return nil }
            let cache = UnsafeMutablePointer<Cache>.allocate(capacity: 1)
            cache.initialize(to: Cache(inner: inner, methods: PageCacheTruncation.wrapped))
            return OpaquePointer(cache)
        }
        methods.xCachesize = { cache, size in
            let cache = Cache.from(cache)
            cache.pointee.methods.xCachesize?(cache.pointee.inner, size)
        }
        methods.xPagecount = { cache in
            let cache = Cache.from(cache)
            return cache.pointee.methods.xPagecount?(cache.pointee.inner) ?? 0
        }
        methods.xFetch = { cache, key, create in
            let cache = Cache.from(cache)
            let page = cache.pointee.methods.xFetch?(cache.pointee.inner, key, create)
            if page != nil && key > cache.pointee.bound { cache.pointee.bound = key }
            return page
        }
        methods.xUnpin = { cache, page, discard in
            let cache = Cache.from(cache)
            cache.pointee.methods.xUnpin?(cache.pointee.inner, page, discard)
        }
        methods.xRekey = { cache, page, old, new in
            let cache = Cache.from(cache)
            cache.pointee.methods.xRekey?(cache.pointee.inner, page, old, new)
            cache.pointee.renumbered(from: old, to: new)
        }
        methods.xTruncate = { cache, limit in
            let cache = Cache.from(cache)
            guard cache.pointee.mayHold(atOrPast: limit) else {
                PageCacheTruncation.skipped.add(1, ordering: .relaxed)
                return
            }
            cache.pointee.methods.xTruncate?(cache.pointee.inner, limit)
            cache.pointee.truncated(at: limit)
            PageCacheTruncation.forwarded.add(1, ordering: .relaxed)
        }
        methods.xDestroy = { cache in
            let cache = Cache.from(cache)
            cache.pointee.methods.xDestroy?(cache.pointee.inner)
            cache.deinitialize(count: 1)
            cache.deallocate()
        }
        methods.xShrink = { cache in
            let cache = Cache.from(cache)
            cache.pointee.methods.xShrink?(cache.pointee.inner)
        }
        return an_sqlite_set_page_cache(&methods)
    }

    /// One cache: SQLite's, its methods (copied, so a page fetch reads no global), and the
    /// bound of the page numbers it may hold.
    struct Cache {
        let inner: OpaquePointer
        let methods: sqlite3_pcache_methods2
        /// No page handed out or renumbered (outside `parked`) has a larger number.
        var bound: UInt32 = 0
        /// Pages renumbered past `bound`, while they stay there (0: none). A B-tree parks one
        /// at a time; a third would raise `bound` instead.
        var parked: (UInt32, UInt32) = (0, 0)

        static func from(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<Cache> {
            UnsafeMutablePointer<Cache>(pointer!)
        }

        mutating func renumbered(from old: UInt32, to new: UInt32) {
            if parked.0 == old {
                parked.0 = 0
            } else if parked.1 == old {
                parked.1 = 0
            }
            guard new > bound else { return }
            if parked.0 == 0 {
                parked.0 = new
            } else if parked.1 == 0 {
                parked.1 = new
            } else {
                bound = new
            }
        }

        func mayHold(atOrPast limit: UInt32) -> Bool {
            max(bound, parked.0, parked.1) >= limit
        }

        /// After SQLite's cache dropped every page numbered `limit` or more.
        mutating func truncated(at limit: UInt32) {
            let below = limit > 0 ? limit - 1 : 0
            bound = min(bound, below)
            if parked.0 >= limit { parked.0 = 0 }
            if parked.1 >= limit { parked.1 = 0 }
        }
    }

    /// SQLite's own methods, set once by `install` before any cache is created.
    nonisolated(unsafe) private static var wrapped = sqlite3_pcache_methods2()
    private static let forwarded = Atomic<Int>(0)
    private static let skipped = Atomic<Int>(0)
}
