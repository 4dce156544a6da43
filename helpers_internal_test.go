package fwk

import (
	"bytes"
	"io/fs"
	"sync"
)

// Fixtures shared by the internal tests of several topics (flash, sessions,
// CSRF, the WTForms CSRF port) and, for SyncBuffer, by package fwk_test.

// flashBundle is an app bundle with routes and templates.
type flashBundle struct {
	rs  []*Route
	tpl fs.FS
}

func (flashBundle) Name() string       { return "app" }
func (b flashBundle) Routes() []*Route { return b.rs }
func (b flashBundle) Templates() fs.FS { return b.tpl }

// testSecret is the SECRET_KEY of the internal tests.
const testSecret = "0123456789abcdef0123456789ABCDEF-test-key"

// SyncBuffer is a log sink safe for server goroutines (exported for the
// fwk_test package).
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p under the lock.
func (l *SyncBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *SyncBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type aliasBundle struct{}

func (aliasBundle) Name() string { return "alias" }

func (aliasBundle) Routes() []*Route {
	return []*Route{NewRoute("/health", aliasHealth), NewRoute("/x", aliasHealth, Endpoint("a.b"))}
}
