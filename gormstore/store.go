package gormstore

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/fwkgo/fwk"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// Store is an fwk.Store[T] on a GORM database: the models of type T are the
// rows of T's table, as GORM maps them (its naming strategy, `gorm` tags,
// TableName method). Every statement binds its values as parameters; the
// columns it names come from T's schema only. Its methods are safe for
// concurrent use.
type Store[T any] struct {
	db      *gorm.DB
	schema  *schema.Schema
	id      *schema.Field
	version *schema.Field // the version column; nil: versions are hashes
	written []*schema.Field
}

// Option configures a Store made by New.
type Option func(*options)

type options struct{ versionField string }

// VersionField names the integer field of T holding the row's version
// (default: the field named Version, when T has one). The store sets it to
// 1 on Create and adds 1 on every Update, in the UPDATE statement that
// checks it: UPDATE ... SET version = version + 1 WHERE id = ? AND version
// = ?. Without a version field, a row's version is a hash of its columns,
// and a conditional write reads the row in a transaction first (SELECT ...
// FOR UPDATE on PostgreSQL).
func VersionField(name string) Option { return func(o *options) { o.versionField = name } }

// New returns the store of T's table on db. It fails naming the problem
// when GORM cannot map T, T has no primary key, or the version field is
// missing or not an integer. It does not create the table: migrate it
// first (db.AutoMigrate(new(T)), or your own migrations).
func New[T any](db *gorm.DB, opts ...Option) (*Store[T], error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	var zero T
	s, err := schema.Parse(&zero, &sync.Map{}, db.NamingStrategy)
	if err != nil {
		return nil, fmt.Errorf("gormstore: model %T: %w", zero, err)
	}
	st := &Store[T]{db: db, schema: s, id: s.PrioritizedPrimaryField}
	if st.id == nil {
		return nil, fmt.Errorf("gormstore: model %T has no primary key (a field named ID, or tagged gorm:\"primaryKey\")", zero)
	}
	if err := st.findVersion(o.versionField); err != nil {
		return nil, err
	}
	for _, f := range s.Fields {
		if f.DBName == "" || f == st.id || f == st.version || f.AutoCreateTime != 0 || f.AutoUpdateTime != 0 || !f.Updatable {
			continue
		}
		st.written = append(st.written, f)
	}
	return st, nil
}

// findVersion sets st.version from the field named name, else from a field
// named Version.
func (st *Store[T]) findVersion(name string) error {
	explicit := name != ""
	if !explicit {
		name = "Version"
	}
	f := st.schema.FieldsByName[name]
	if f == nil || f.DBName == "" {
		if explicit {
			return fmt.Errorf("gormstore: model %s has no column field %s (VersionField)", st.schema.Name, name)
		}
		return nil
	}
	switch f.FieldType.Kind() {
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64:
		st.version = f
		return nil
	}
	if explicit {
		return fmt.Errorf("gormstore: version field %s.%s is a %s, want an integer", st.schema.Name, name, f.FieldType)
	}
	return nil
}

// DB returns the GORM database the store runs on.
func (st *Store[T]) DB() *gorm.DB { return st.db }

// scoped narrows q to the rows of key: its ID within its scope.
func (st *Store[T]) scoped(q *gorm.DB, key fwk.Key) (*gorm.DB, error) {
	q, err := st.where(q, key.Scope)
	if err != nil {
		return nil, err
	}
	return q.Where(clause.Eq{Column: clause.Column{Table: clause.CurrentTable, Name: st.id.DBName}, Value: key.ID}), nil
}

// Get returns the model key names and its version; fwk.ErrNotFound when
// no row has key's ID within key's scope.
func (st *Store[T]) Get(ctx context.Context, key fwk.Key) (*T, string, error) {
	q, err := st.scoped(st.db.WithContext(ctx), key)
	if err != nil {
		return nil, "", err
	}
	m := new(T)
	if err := q.Take(m).Error; err != nil {
		return nil, "", st.fail("get", err)
	}
	return m, st.versionOf(ctx, m), nil
}

// Create inserts m, filling what GORM fills (an auto-incremented ID,
// CreatedAt, UpdatedAt), and returns its version. A unique value already
// taken is an *fwk.ConflictError naming the field.
func (st *Store[T]) Create(ctx context.Context, m *T) (string, error) {
	if st.version != nil {
		if err := st.version.Set(ctx, reflect.ValueOf(m).Elem(), 1); err != nil {
			return "", fmt.Errorf("gormstore: create %s: %w", st.schema.Name, err)
		}
	}
	if err := st.db.WithContext(ctx).Create(m).Error; err != nil {
		return "", st.fail("create", err)
	}
	return st.versionOf(ctx, m), nil
}

// Update replaces the row key names by m, when its version is ifVersion
// (any version when ""), and returns the new version; m gets the row as
// stored (UpdatedAt). A version that differs is fwk.ErrPreconditionFailed,
// and nothing is written.
func (st *Store[T]) Update(ctx context.Context, key fwk.Key, m *T, ifVersion string) (string, error) {
	var version string
	err := st.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q, err := st.guarded(tx, key, ifVersion)
		if err != nil {
			return err
		}
		res := q.Model(new(T)).Updates(st.assignments(ctx, m))
		if err := st.checkWritten(tx, key, res); err != nil {
			return err
		}
		q, _ = st.scoped(tx, key)
		if err := q.Take(m).Error; err != nil {
			return err
		}
		version = st.versionOf(ctx, m)
		return nil
	})
	if err != nil {
		return "", st.fail("update", err)
	}
	return version, nil
}

// Delete removes the row key names, when its version is ifVersion (any
// version when "").
func (st *Store[T]) Delete(ctx context.Context, key fwk.Key, ifVersion string) error {
	err := st.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q, err := st.guarded(tx, key, ifVersion)
		if err != nil {
			return err
		}
		return st.checkWritten(tx, key, q.Delete(new(T)))
	})
	return st.fail("delete", err)
}

// guarded returns the statement writing the row of key within the
// transaction tx, when its version is ifVersion: with a version column,
// the condition is part of the statement; else the row is read and locked
// (SELECT ... FOR UPDATE) and its hash compared here.
func (st *Store[T]) guarded(tx *gorm.DB, key fwk.Key, ifVersion string) (*gorm.DB, error) {
	q, err := st.scoped(tx, key)
	if err != nil || ifVersion == "" {
		return q, err
	}
	if st.version != nil {
		n, err := strconv.ParseInt(ifVersion, 10, 64)
		if err != nil {
			n = -1 // no row has it: the write matches nothing
		}
		return q.Where(clause.Eq{Column: clause.Column{Table: clause.CurrentTable, Name: st.version.DBName}, Value: n}), nil
	}
	cur := new(T)
	locked, _ := st.scoped(tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}), key)
	if err := locked.Take(cur).Error; err != nil {
		return nil, err
	}
	if st.versionOf(tx.Statement.Context, cur) != ifVersion {
		return nil, fwk.ErrPreconditionFailed
	}
	return q, nil
}

// checkWritten turns the result of a guarded write into an error: the
// database's, else, when no row was written, fwk.ErrNotFound if the row is
// not there and fwk.ErrPreconditionFailed if it is (its version differs).
func (st *Store[T]) checkWritten(tx *gorm.DB, key fwk.Key, res *gorm.DB) error {
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	q, _ := st.scoped(tx.Session(&gorm.Session{NewDB: true}), key)
	var n int64
	if err := q.Model(new(T)).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return fwk.ErrNotFound
	}
	return fwk.ErrPreconditionFailed
}

// assignments are the columns an Update writes from m: all but the ID,
// the creation time and the fields GORM may not update; GORM sets the
// update time, and the version column gets its successor.
func (st *Store[T]) assignments(ctx context.Context, m *T) map[string]any {
	rv := reflect.ValueOf(m).Elem()
	set := make(map[string]any, len(st.written)+1)
	for _, f := range st.written {
		v, _ := f.ValueOf(ctx, rv)
		set[f.DBName] = v
	}
	if st.version != nil {
		set[st.version.DBName] = gorm.Expr("? + 1", clause.Column{Name: st.version.DBName})
	}
	return set
}

// fail turns an error of the database into the errors fwk.Store documents:
// fwk.ErrNotFound, fwk.ErrPreconditionFailed, *fwk.ConflictError,
// fwk.ErrUnavailable, with the driver's error kept in the chain for logs.
func (st *Store[T]) fail(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return fmt.Errorf("gormstore: %s %s: %w", op, st.schema.Name, fwk.ErrNotFound)
	case errors.Is(err, fwk.ErrNotFound), errors.Is(err, fwk.ErrPreconditionFailed),
		errors.Is(err, fwk.ErrInvalidCursor), errors.Is(err, errUnknownField):
		return fmt.Errorf("gormstore: %s %s: %w", op, st.schema.Name, err)
	}
	if cols, constraint, ok := uniqueViolation(err); ok {
		return fmt.Errorf("gormstore: %s %s: %w", op, st.schema.Name, &fwk.ConflictError{Field: st.conflictField(cols, constraint), Err: err})
	}
	if unavailable(err) {
		return fmt.Errorf("gormstore: %s %s: %w: %w", op, st.schema.Name, fwk.ErrUnavailable, err)
	}
	return fmt.Errorf("gormstore: %s %s: %w", op, st.schema.Name, err)
}

// conflictField names the field of a unique-constraint violation: the
// first column the database names, else the first field of the unique
// index or constraint it names; "" when neither is known.
func (st *Store[T]) conflictField(columns []string, constraint string) string {
	for _, c := range columns {
		if f := st.schema.FieldsByDBName[c]; f != nil {
			return f.Name
		}
	}
	if constraint == "" {
		return ""
	}
	for _, idx := range st.schema.ParseIndexes() {
		if idx.Name == constraint && len(idx.Fields) > 0 {
			return idx.Fields[0].Name
		}
	}
	for _, f := range st.schema.Fields {
		if f.Unique && st.db.NamingStrategy.UniqueName(st.schema.Table, f.DBName) == constraint {
			return f.Name
		}
	}
	return ""
}
