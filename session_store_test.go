package fwk_test

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// memStore is an in-memory fwk.SessionStore for the tests.
type memStore struct {
	mu   sync.Mutex
	data map[string][]byte
	exp  map[string]time.Time
	fail error // returned by every call when set
}

func newMemStore() *memStore {
	return &memStore{data: map[string][]byte{}, exp: map[string]time.Time{}}
}

func (m *memStore) Load(_ context.Context, id string) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return nil, false, m.fail
	}
	d, ok := m.data[id]
	if ok && time.Now().After(m.exp[id]) {
		return nil, false, nil
	}
	return d, ok, nil
}

func (m *memStore) Save(_ context.Context, id string, data []byte, expiry time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	m.data[id] = slices.Clone(data)
	m.exp[id] = expiry
	return nil
}

func (m *memStore) Update(_ context.Context, id string, data []byte, expiry time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return false, m.fail
	}
	if _, ok := m.data[id]; !ok || time.Now().After(m.exp[id]) {
		return false, nil
	}
	m.data[id] = slices.Clone(data)
	m.exp[id] = expiry
	return true, nil
}

func (m *memStore) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	delete(m.data, id)
	return nil
}

func (m *memStore) ids() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Sorted(maps.Keys(m.data))
}

func (m *memStore) setFail(err error) {
	m.mu.Lock()
	m.fail = err
	m.mu.Unlock()
}

func TestSessionStore(t *testing.T) {
	store := newMemStore()
	logs := &syncBuffer{}
	srv, _ := sessServer(t, sessConfig(logs), store)
	cl := jarClient(t)
	sget(t, cl, srv.URL+"/set?k=user&v=ann")
	ids := store.ids()
	if len(ids) != 1 || len(ids[0]) != 43 {
		t.Fatalf("store ids after a save = %q, want one 43-character id", ids)
	}
	if _, body := sget(t, cl, srv.URL+"/get?k=user"); body != "string:ann" {
		t.Fatalf("stored session reads %q", body)
	}
	// A big session is fine on the server side.
	if code, _ := sget(t, cl, srv.URL+"/big?n=12345"); code != http.StatusOK {
		t.Errorf("a 5 KB stored session = %d, want 200", code)
	}
	sget(t, cl, srv.URL+"/renew")
	renewed := store.ids()
	if len(renewed) != 1 || renewed[0] == ids[0] {
		t.Errorf("Renew: ids %q -> %q, want the old one deleted and a new one", ids, renewed)
	}
	if _, body := sget(t, cl, srv.URL+"/get?k=user"); body != "string:ann" {
		t.Errorf("after Renew the session reads %q, want its values kept", body)
	}
	// A store that fails to load fails the request and never overwrites.
	store.setFail(errors.New("connection refused"))
	if code, body := sget(t, cl, srv.URL+"/set?k=user&v=eve"); code != http.StatusInternalServerError || strings.Contains(body, "refused") {
		t.Errorf("a failing store = %d %q, want a 500 that does not leak the reason", code, body)
	}
	if !strings.Contains(logs.String(), "connection refused") {
		t.Errorf("log %q does not give the store's error", logs.String())
	}
	store.setFail(nil)
	if _, body := sget(t, cl, srv.URL+"/get?k=user"); body != "string:ann" {
		t.Errorf("after the failure the session reads %q, want it untouched", body)
	}
	sget(t, cl, srv.URL+"/clear")
	if ids := store.ids(); len(ids) != 0 {
		t.Errorf("Clear left %q in the store", ids)
	}
}
