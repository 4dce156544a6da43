//go:build !postgres

package main

import "testing"

// testDatabase is the database of the running blog in tests: an SQLite
// file.
func testDatabase(t *testing.T) string {
	t.Helper()
	return sqliteTestDatabase(t)
}

// postgresBackends is empty without -tags postgres.
func postgresBackends(*testing.T) []backend { return nil }

// postgresHint is what run says for a PostgreSQL DSN in a build without
// the driver.
const postgresHint = "build with -tags postgres"
