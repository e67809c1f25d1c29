#ifndef APPNORTH_CSQLITE_SHIM_H
#define APPNORTH_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro that Swift cannot import. */
static inline sqlite3_destructor_type an_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
