package main

import (
	"context"
	"path/filepath"
	"testing"
)

// backend is a database the store tests run on.
type backend struct {
	name string
	// open returns a fresh, migrated, empty store closed when the test ends.
	open func(t *testing.T) *Store
}

// testBackends returns SQLite, plus PostgreSQL when the tests are built
// with -tags postgres and BLOG_TEST_POSTGRES_DSN names a server.
func testBackends(t *testing.T) []backend {
	t.Helper()
	return append([]backend{{"sqlite", openSQLiteTest}}, postgresBackends(t)...)
}

// openSQLiteTest opens an in-memory SQLite store.
func openSQLiteTest(t *testing.T) *Store {
	t.Helper()
	s, err := OpenStore(context.Background(), "sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// sqliteTestDatabase returns the path of a new SQLite file.
func sqliteTestDatabase(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "blog.db")
}

// forEachBackend runs f as a subtest on each backend.
func forEachBackend(t *testing.T, f func(t *testing.T, s *Store)) {
	t.Helper()
	for _, b := range testBackends(t) {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}
