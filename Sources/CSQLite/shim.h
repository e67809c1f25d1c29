#ifndef APPNORTH_CSQLITE_SHIM_H
#define APPNORTH_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro that Swift cannot import. */
static inline sqlite3_destructor_type an_sqlite_transient(void) { return SQLITE_TRANSIENT; }
/* sqlite3_config is variadic, which Swift cannot call. Memory statistics cost a global mutex
   on every allocation; nothing reads them. Must run before the library initializes. */
static inline int an_sqlite_disable_memstatus(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
/* sqlite3_db_config is variadic too. A connection that only checkpoints must not checkpoint or
   delete the WAL when it closes: the writer's connection does that, last. */
static inline int an_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
/* The page cache in use (SQLite's own unless replaced), and a replacement for it: both variadic
   calls to sqlite3_config, which must run before the library initializes. */
static inline int an_sqlite_get_page_cache(sqlite3_pcache_methods2 *methods) {
    return sqlite3_config(SQLITE_CONFIG_GETPCACHE2, methods);
}
static inline int an_sqlite_set_page_cache(const sqlite3_pcache_methods2 *methods) {
    return sqlite3_config(SQLITE_CONFIG_PCACHE2, methods);
}
#endif
