//go:build postgres

package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"testing"
)

// postgresBackends returns the PostgreSQL backend when
// BLOG_TEST_POSTGRES_DSN is set (a URL such as
// postgres://postgres@127.0.0.1:5432/postgres); each test gets a schema of
// its own, dropped when it ends.
func postgresBackends(t *testing.T) []backend {
	t.Helper()
	dsn := os.Getenv("BLOG_TEST_POSTGRES_DSN")
	if dsn == "" {
		t.Log("BLOG_TEST_POSTGRES_DSN is not set: the store tests run on SQLite only")
		return nil
	}
	return []backend{{"postgres", func(t *testing.T) *Store { return openPostgresTest(t, dsn) }}}
}

// openPostgresTest opens a store on a schema of its own.
func openPostgresTest(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := OpenStore(context.Background(), "pgx", postgresSchema(t, dsn))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// postgresSchema creates a schema, dropped when the test ends, and
// returns dsn with the schema as its search_path.
func postgresSchema(t *testing.T, dsn string) string {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	schema := "blog_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() { admin.Exec("DROP SCHEMA " + schema + " CASCADE") })
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// testDatabase is the database of the running blog in tests: a fresh
// PostgreSQL schema when BLOG_TEST_POSTGRES_DSN is set, else an SQLite
// file.
func testDatabase(t *testing.T) string {
	t.Helper()
	if dsn := os.Getenv("BLOG_TEST_POSTGRES_DSN"); dsn != "" {
		return postgresSchema(t, dsn)
	}
	return sqliteTestDatabase(t)
}

// postgresHint is what run says for a PostgreSQL DSN whose server does not
// answer (port 1), in a build with the driver.
const postgresHint = "blog: migrate"
