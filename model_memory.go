package fwk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"
)

// MemoryStore is a Store kept in memory, for tests and small apps: safe for
// concurrent use, every write atomic with its version check, versions from
// one counter (so a model deleted and created again never repeats an
// ETag). Pages are cut by offset: the cursor is the number of models
// before the page.
//
// It assigns IDs on Create: the next integer for an integer ID, random
// bytes for a 16-byte array (a UUID), 32 random hex digits for a string.
// It sets CreatedAt (when zero) and UpdatedAt fields of type time.Time on
// Create, and UpdatedAt on Update. It keeps copies of the models it is
// given and returns copies, shallow ones: the slices and maps inside a
// model are shared, so do not change them in place.
type MemoryStore[T any] struct {
	info   *modelInfo
	err    error              // a bad model type or option, returned by every method
	unique []*modelField      // fields whose values are unique
	mu     sync.RWMutex       // guards what follows
	rows   map[any]*memRow[T] // by ID
	order  []any              // IDs in creation order
	lastID int64
	clock  uint64 // the last version given
}

type memRow[T any] struct {
	m       T
	version string
}

// MemoryOption configures a MemoryStore.
type MemoryOption func(*memoryOptions)

type memoryOptions struct{ unique []string }

// MemoryUnique declares fields (by Go or JSON name) whose values are unique
// among the stored models: a Create or Update repeating one fails with a
// *ConflictError naming the field, as a unique index of a database does.
func MemoryUnique(fields ...string) MemoryOption {
	return func(o *memoryOptions) { o.unique = append(o.unique, fields...) }
}

// NewMemoryStore returns an empty store of models of type T. A T without
// ID field, or an unknown field in MemoryUnique, is an error every method
// returns, and fwk.New when a model resource uses the store.
func NewMemoryStore[T any](opts ...MemoryOption) *MemoryStore[T] {
	s := &MemoryStore[T]{rows: map[any]*memRow[T]{}}
	var o memoryOptions
	for _, opt := range opts {
		opt(&o)
	}
	s.info, s.err = modelInfoOf(reflect.TypeFor[T]())
	if s.err != nil {
		return s
	}
	for _, name := range o.unique {
		f := s.info.field(name)
		if f == nil {
			s.err = fmt.Errorf("fwk: MemoryStore[%v]: MemoryUnique(%q): no such field", s.info.typ, name)
			return s
		}
		s.unique = append(s.unique, f)
	}
	return s
}

// storeError is the error of a bad store configuration, checked at start-up.
func (s *MemoryStore[T]) storeError() error { return s.err }

// Get returns a copy of the model key names and its version.
func (s *MemoryStore[T]) Get(_ context.Context, key Key) (*T, string, error) {
	if s.err != nil {
		return nil, "", s.err
	}
	id := s.idOf(key.ID)
	s.mu.RLock()
	row := s.rows[id]
	if row == nil || !s.matches(&row.m, key.Scope) {
		s.mu.RUnlock()
		return nil, "", ErrNotFound
	}
	m, v := new(T), row.version
	*m = row.m
	s.mu.RUnlock()
	return m, v, nil
}

// idOf returns x as a value of the ID's type when it is an integer for an
// integer ID or a string for a string ID (Key{ID: 7} for an int64 ID).
func (s *MemoryStore[T]) idOf(x any) any {
	t := s.info.id.typ
	xv := reflect.ValueOf(x)
	if !xv.IsValid() || xv.Type() == t {
		return x
	}
	if isInt(xv.Type()) && isInt(t) || xv.Kind() == reflect.String && t.Kind() == reflect.String {
		return xv.Convert(t).Interface()
	}
	return x
}

// matches reports whether m passes every filter.
func (s *MemoryStore[T]) matches(m *T, filters []Filter) bool {
	if len(filters) == 0 {
		return true
	}
	sv := reflect.ValueOf(m).Elem()
	for _, f := range filters {
		field := s.info.byGo[f.Field]
		if field == nil {
			return false
		}
		fv := field.of(sv)
		if !slices.ContainsFunc(f.Values, func(x any) bool { return equalValue(fv, x) }) {
			return false
		}
	}
	return true
}

// knownFields refuses a scope or filter naming a field T does not have, as
// a SQL store refuses a column it does not know: matching nothing instead
// would hide a caller's typo.
func (s *MemoryStore[T]) knownFields(lists ...[]Filter) error {
	for _, l := range lists {
		for _, f := range l {
			if s.info.byGo[f.Field] == nil {
				return fmt.Errorf("fwk: MemoryStore[%v]: filter on unknown field %q", s.info.typ, f.Field)
			}
		}
	}
	return nil
}

// equalValue reports whether the field value fv equals x, a value of its
// type (or of its element type for a pointer field).
func equalValue(fv reflect.Value, x any) bool {
	xv := reflect.ValueOf(x)
	if fv.Kind() == reflect.Pointer && xv.Kind() != reflect.Pointer {
		if fv.IsNil() {
			return false
		}
		fv = fv.Elem()
	}
	if !xv.IsValid() || xv.Type() != fv.Type() {
		if xv.IsValid() && xv.Type().ConvertibleTo(fv.Type()) && xv.Kind() == fv.Kind() {
			xv = xv.Convert(fv.Type())
		} else {
			return false
		}
	}
	return compareValues(fv, xv) == 0
}

// List returns one page of the models q selects.
func (s *MemoryStore[T]) List(_ context.Context, q Query) (Page[T], error) {
	if s.err != nil {
		return Page[T]{}, s.err
	}
	if err := s.knownFields(q.Scope, q.Filters); err != nil {
		return Page[T]{}, err
	}
	offset := 0
	if q.Cursor != "" {
		n, err := strconv.Atoi(q.Cursor)
		if err != nil || n < 0 {
			return Page[T]{}, fmt.Errorf("fwk: MemoryStore: cursor %q: %w", q.Cursor, ErrInvalidCursor)
		}
		offset = n
	}
	var all []T
	s.mu.RLock()
	for _, id := range s.order {
		row := s.rows[id]
		if s.matches(&row.m, q.Scope) && s.matches(&row.m, q.Filters) {
			all = append(all, row.m)
		}
	}
	s.mu.RUnlock()
	if err := s.sort(all, q.Sort); err != nil {
		return Page[T]{}, err
	}
	limit := max(q.Limit, 1)
	if offset >= len(all) {
		return Page[T]{Items: []T{}}, nil
	}
	end := min(offset+limit, len(all))
	p := Page[T]{Items: all[offset:end:end]}
	if end < len(all) {
		p.Next = strconv.Itoa(end)
	}
	return p, nil
}

// sort orders ms by the keys, stable (creation order breaks ties).
func (s *MemoryStore[T]) sort(ms []T, keys []Sort) error {
	if len(keys) == 0 || len(ms) < 2 {
		return nil
	}
	fields := make([]*modelField, len(keys))
	for i, k := range keys {
		if fields[i] = s.info.byGo[k.Field]; fields[i] == nil {
			return fmt.Errorf("fwk: MemoryStore[%v]: sort on unknown field %q", s.info.typ, k.Field)
		}
	}
	vals := reflect.ValueOf(ms)
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		for i, f := range fields {
			c := compareValues(f.of(vals.Index(a)), f.of(vals.Index(b)))
			if keys[i].Desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	sorted := make([]T, len(ms))
	for i, j := range idx {
		sorted[i] = ms[j]
	}
	copy(ms, sorted)
	return nil
}

// Create stores a copy of m, giving it an ID when it has none.
func (s *MemoryStore[T]) Create(_ context.Context, m *T) (string, error) {
	if s.err != nil {
		return "", s.err
	}
	sv := reflect.ValueOf(m).Elem()
	s.mu.Lock()
	defer s.mu.Unlock()
	idv := s.info.id.of(sv)
	if idv.IsZero() {
		if err := s.newID(idv); err != nil {
			return "", err
		}
	}
	id := idv.Interface()
	if s.rows[id] != nil {
		return "", &ConflictError{Field: s.info.id.name, Err: fmt.Errorf("fwk: MemoryStore: ID %v exists", id)}
	}
	if err := s.checkUnique(sv, nil); err != nil {
		return "", err
	}
	now := time.Now()
	s.setTime(sv, "CreatedAt", now, true)
	s.setTime(sv, "UpdatedAt", now, false)
	row := &memRow[T]{m: *m, version: s.nextVersion()}
	s.rows[id] = row
	s.order = append(s.order, id)
	return row.version, nil
}

// newID sets the zero ID idv to a new one.
func (s *MemoryStore[T]) newID(idv reflect.Value) error {
	switch t := idv.Type(); {
	case isSigned(t):
		s.lastID++
		idv.SetInt(s.lastID)
	case isInt(t):
		s.lastID++
		idv.SetUint(uint64(s.lastID))
	case t.Kind() == reflect.String:
		var b [16]byte
		_, _ = rand.Read(b[:])
		idv.SetString(hex.EncodeToString(b[:]))
	case t.Kind() == reflect.Array && t.Len() == 16 && t.Elem().Kind() == reflect.Uint8:
		var b [16]byte
		_, _ = rand.Read(b[:])
		b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80 // a version 4 UUID
		reflect.Copy(idv, reflect.ValueOf(b[:]))
	default:
		return fmt.Errorf("fwk: MemoryStore[%v]: cannot make an ID of type %v: set it before Create", s.info.typ, t)
	}
	return nil
}

// setTime sets the time.Time field name of sv to now (only when zero if
// onlyZero).
func (s *MemoryStore[T]) setTime(sv reflect.Value, name string, now time.Time, onlyZero bool) {
	f := s.info.byGo[name]
	if f == nil || f.typ != timeType {
		return
	}
	if fv := f.of(sv); !onlyZero || fv.IsZero() {
		fv.Set(reflect.ValueOf(now))
	}
}

// checkUnique returns a *ConflictError when another stored model than self
// holds a unique value of sv.
func (s *MemoryStore[T]) checkUnique(sv reflect.Value, self any) error {
	for _, f := range s.unique {
		v := f.of(sv)
		for id, row := range s.rows {
			if id != self && compareValues(f.of(reflect.ValueOf(&row.m).Elem()), v) == 0 {
				return &ConflictError{Field: f.name, Err: fmt.Errorf("fwk: MemoryStore: %s %v is taken", f.name, v)}
			}
		}
	}
	return nil
}

func (s *MemoryStore[T]) nextVersion() string {
	s.clock++
	return strconv.FormatUint(s.clock, 10)
}

// Update replaces the model key names with a copy of m, when its version is
// ifVersion or ifVersion is "".
func (s *MemoryStore[T]) Update(_ context.Context, key Key, m *T, ifVersion string) (string, error) {
	if s.err != nil {
		return "", s.err
	}
	sv := reflect.ValueOf(m).Elem()
	s.mu.Lock()
	defer s.mu.Unlock()
	key.ID = s.idOf(key.ID)
	if _, err := s.writable(key, ifVersion); err != nil {
		return "", err
	}
	if id := s.info.id.of(sv).Interface(); id != key.ID {
		return "", fmt.Errorf("fwk: MemoryStore[%v]: Update of ID %v with a model of ID %v", s.info.typ, key.ID, id)
	}
	if err := s.checkUnique(sv, key.ID); err != nil {
		return "", err
	}
	s.setTime(sv, "UpdatedAt", time.Now(), false)
	row := &memRow[T]{m: *m, version: s.nextVersion()}
	s.rows[key.ID] = row
	return row.version, nil
}

// writable returns the row key names when a write conditioned on
// ifVersion may change it; s.mu is held.
func (s *MemoryStore[T]) writable(key Key, ifVersion string) (*memRow[T], error) {
	row := s.rows[key.ID]
	if row == nil || !s.matches(&row.m, key.Scope) {
		return nil, ErrNotFound
	}
	if ifVersion != "" && row.version != ifVersion {
		return nil, ErrPreconditionFailed
	}
	return row, nil
}

// Delete removes the model key names, when its version is ifVersion or
// ifVersion is "".
func (s *MemoryStore[T]) Delete(_ context.Context, key Key, ifVersion string) error {
	if s.err != nil {
		return s.err
	}
	key.ID = s.idOf(key.ID)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.writable(key, ifVersion); err != nil {
		return err
	}
	delete(s.rows, key.ID)
	if i := slices.Index(s.order, key.ID); i >= 0 {
		s.order = slices.Delete(s.order, i, i+1)
	}
	return nil
}
