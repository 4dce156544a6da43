package gormstore_test

import (
	"testing"

	"github.com/fwkgo/fwk"
)

// storeSet is the stores of the test models on one backend.
type storeSet struct {
	articles fwk.Store[Article]
	notes    fwk.Store[Note]
}

// storeBackends are the stores the cases that hold for every fwk.Store run
// on: fwk's memory store, as the reference, and gormstore on SQLite and on
// PostgreSQL.
var storeBackends = []struct {
	name string
	open func(testing.TB) storeSet
}{
	{"memory", func(testing.TB) storeSet {
		return storeSet{fwk.NewMemoryStore[Article](fwk.MemoryUnique("Slug")), fwk.NewMemoryStore[Note](fwk.MemoryUnique("Code"))}
	}},
	{"sqlite", func(t testing.TB) storeSet { a, n := stores(t, openSQLite(t)); return storeSet{a, n} }},
	{"postgres", func(t testing.TB) storeSet { a, n := stores(t, openPostgres(t)); return storeSet{a, n} }},
}

// forEachStore runs f on each of storeBackends.
func forEachStore(t *testing.T, f func(t *testing.T, s storeSet)) {
	for _, b := range storeBackends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}
