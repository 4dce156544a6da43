// Package gormstore stores the models of fwk's model resources in a SQL
// database through GORM (gorm.io/gorm): New[T](db) is an fwk.Store[T] on
// T's table. It runs on every database GORM does; it is tested on SQLite
// (github.com/glebarez/sqlite, pure Go) and PostgreSQL
// (gorm.io/driver/postgres).
//
// What it does for the resource:
//
//   - Conditional writes (If-Match) lose nothing. With a version column
//     (an integer field named Version, or VersionField), Update and Delete
//     are one statement, UPDATE ... SET version = version + 1 WHERE id = ?
//     AND version = ?; without one, the version is a hash of the row, read
//     and locked in the write's transaction (SELECT ... FOR UPDATE). Either
//     way a write whose version is stale is fwk.ErrPreconditionFailed (412)
//     and writes nothing.
//   - A unique-constraint violation (SQLite's SQLITE_CONSTRAINT_UNIQUE,
//     PostgreSQL's 23505) is an *fwk.ConflictError naming the Go field
//     (409), read from the database's message or the index's name.
//   - A database that cannot be reached or cannot serve (connection
//     refused or lost, server shutting down, SQLite busy or locked, a
//     deadline) is fwk.ErrUnavailable (503); the driver's error stays in
//     the chain for the log.
//   - Lists page by keyset: the cursor holds the sort values of the last
//     row of a page, the next page starts after them. Filters, scopes and
//     sorts name Go fields of T; their columns come from T's schema and
//     their values are bound as parameters, never spliced into SQL.
//
// Leave GORM's TranslateError off (the default): the store reads the
// drivers' errors itself, and the translation drops the names they carry.
// On SQLite, open the database with _txlock=immediate (or one connection)
// so that transactions that read before they write do not fail as busy.
package gormstore
