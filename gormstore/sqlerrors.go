package gormstore

// This file reads the errors of the SQL databases the store runs on
// without importing their drivers: PostgreSQL's (pgx's *pgconn.PgError,
// which has SQLState() and marshals its fields to JSON) and SQLite's
// (glebarez/go-sqlite's and modernc.org/sqlite's *Error, which have
// Code()). GORM's TranslateError turns some of them into gorm errors
// without the names they carry; the store reads the driver's error
// itself, so leave TranslateError off (its default).

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"net"
	"strings"
)

// SQLite result codes (https://www.sqlite.org/rescode.html).
const (
	sqliteBusy             = 5
	sqliteLocked           = 6
	sqliteIOErr            = 10
	sqliteFull             = 13
	sqliteCantOpen         = 14
	sqliteConstraintPK     = 1555 // SQLITE_CONSTRAINT_PRIMARYKEY
	sqliteConstraintUnique = 2067 // SQLITE_CONSTRAINT_UNIQUE
)

// sqliteCode returns the result code of an SQLite error in err's chain.
func sqliteCode(err error) (int, bool) {
	var e interface{ Code() int }
	if errors.As(err, &e) {
		return e.Code(), true
	}
	return 0, false
}

// pgState returns the SQLSTATE of a PostgreSQL error in err's chain, and
// the error itself.
func pgState(err error) (string, error, bool) {
	var e interface{ SQLState() string }
	if errors.As(err, &e) {
		return e.SQLState(), e.(error), true
	}
	return "", nil, false
}

// uniqueViolation reports whether err is a unique-constraint violation,
// with the columns the database names (none when it names only the
// constraint) and the constraint's name (PostgreSQL only).
func uniqueViolation(err error) (columns []string, constraint string, ok bool) {
	if code, isSQLite := sqliteCode(err); isSQLite {
		if code != sqliteConstraintUnique && code != sqliteConstraintPK {
			return nil, "", false
		}
		// "UNIQUE constraint failed: posts.slug, posts.site (2067)"
		msg := err.Error()
		_, list, found := strings.Cut(msg, " constraint failed: ")
		if !found {
			return nil, "", true
		}
		list, _, _ = strings.Cut(list, " (")
		for col := range strings.SplitSeq(list, ", ") {
			if i := strings.LastIndexByte(col, '.'); i >= 0 {
				col = col[i+1:]
			}
			columns = append(columns, strings.TrimSpace(col))
		}
		return columns, "", true
	}
	state, pgErr, isPG := pgState(err)
	if !isPG || state != "23505" {
		return nil, "", false
	}
	// pgconn.PgError marshals its fields: Detail is
	// "Key (slug, site)=(...) already exists."
	var fields struct{ Detail, ConstraintName string }
	if b, err := json.Marshal(pgErr); err == nil {
		_ = json.Unmarshal(b, &fields)
	}
	if rest, found := strings.CutPrefix(fields.Detail, "Key ("); found {
		if list, _, found := strings.Cut(rest, ")=("); found {
			for col := range strings.SplitSeq(list, ", ") {
				columns = append(columns, strings.Trim(col, `"`))
			}
		}
	}
	return columns, fields.ConstraintName, true
}

// unavailable reports whether err says the database cannot be reached or
// cannot serve now (rather than that the query was wrong): a connection
// refused, lost or closed, a server shutting down or out of connections,
// a lock or disk problem of SQLite, a deadline.
func unavailable(err error) bool {
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	if code, ok := sqliteCode(err); ok {
		switch code & 0xff { // the primary result code
		case sqliteBusy, sqliteLocked, sqliteIOErr, sqliteFull, sqliteCantOpen:
			return true
		}
		return false
	}
	if state, _, ok := pgState(err); ok {
		// Class 08: connection exception; 53: insufficient resources;
		// 57P01-57P03: admin or crash shutdown, cannot connect now.
		return strings.HasPrefix(state, "08") || strings.HasPrefix(state, "53") ||
			state == "57P01" || state == "57P02" || state == "57P03"
	}
	// database/sql's own error for a closed *sql.DB has no variable.
	return strings.Contains(err.Error(), "sql: database is closed")
}
