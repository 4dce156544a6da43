package fwk

// The store of a model resource: the small interface a ModelResource[T]
// reads and writes its models through, small enough to write by hand over
// any database. fwk has one in memory (NewMemoryStore); a SQL one lives in
// its own module.

import (
	"context"
	"errors"
)

// Store is what a ModelResource[T] reads and writes its models through.
// Its methods are called concurrently.
//
// Conventions every store follows:
//
//	field names     Key.Scope, Query.Filters, Query.Sort and ConflictError.Field
//	                name Go struct fields of T ("AuthorID", "CreatedAt"), never
//	                JSON or column names
//	values          ids and filter values are Go values of the field's type
//	                (int64 for an int64 field; the element type for a pointer)
//	the ID          the field named ID, or the one tagged `fwk:"id"`
//	versions        an opaque, non-empty token per stored model that changes
//	                on every write of it; it becomes the ETag "<version>", so
//	                it holds visible ASCII without '"' (a counter, a version
//	                column, a hash: the store's choice)
//	errors          ErrNotFound (no such model in scope), ErrPreconditionFailed
//	                (ifVersion given and different), *ConflictError (a unique
//	                value taken), ErrUnavailable (the database cannot answer),
//	                ErrInvalidCursor (a cursor the store did not make); any
//	                other error is answered 500 and logged
type Store[T any] interface {
	// Get returns a copy of the model key names and its version.
	Get(ctx context.Context, key Key) (*T, string, error)
	// List returns one page of the models q selects, in q's order.
	List(ctx context.Context, q Query) (Page[T], error)
	// Create stores m, a new model whose scope fields the resource has set.
	// It sets m's ID when it is zero, and any field the store fills itself
	// (CreatedAt, UpdatedAt as GORM does), and returns the new version.
	Create(ctx context.Context, m *T) (version string, err error)
	// Update replaces the whole model key names with m (whose ID and scope
	// fields equal key's). When ifVersion is not "" the check and the write
	// are one atomic step: a stored version other than ifVersion writes
	// nothing and returns ErrPreconditionFailed (a transaction, or
	// UPDATE ... WHERE id = ? AND version = ?). It sets the fields the
	// store fills (UpdatedAt) on m and returns the new version.
	Update(ctx context.Context, key Key, m *T, ifVersion string) (version string, err error)
	// Delete removes the model key names, under the same condition as
	// Update.
	Delete(ctx context.Context, key Key, ifVersion string) error
}

// Key names one stored model: its ID within its scope.
type Key struct {
	// ID is the value of the model's ID field.
	ID any
	// Scope holds the parents' ids of a subresource: the comments under
	// /posts/<int:post_id> have {Field: "PostID", Values: []any{int64(7)}}.
	// A model out of scope is not found.
	Scope []Filter
}

// Query selects one page of models.
type Query struct {
	// Scope is as Key.Scope, always applied.
	Scope []Filter
	// Filters are the client's filters, all applied.
	Filters []Filter
	// Sort orders the models, first key first. The resource always ends it
	// with the ID ascending unless it is there, so the order is total and
	// pages are stable.
	Sort []Sort
	// Limit is the page size, at least 1: the store returns at most Limit
	// models.
	Limit int
	// Cursor is "" for the first page, else a Page.Next the store returned
	// for the same Scope, Filters and Sort.
	Cursor string
}

// Filter keeps the models whose field Field equals one of Values: one value
// is equality, several are SQL's IN.
type Filter struct {
	Field  string
	Values []any
}

// Sort orders models by the field Field, descending when Desc.
type Sort struct {
	Field string
	Desc  bool
}

// Page is one page of a list.
type Page[T any] struct {
	// Items are the page's models, in the query's order.
	Items []T
	// Next is the cursor of the next page, "" on the last page. It is
	// URL-safe text: it is sent back as ?cursor=.
	Next string
}

// Errors a Store returns, wrapped or not, and how a model resource answers
// them (ErrNotFound, shared with model loaders, is a 404).
var (
	// ErrConflict is a unique value already taken: 409. Return a
	// *ConflictError to name the field.
	ErrConflict = errors.New("conflict")
	// ErrPreconditionFailed is a write whose ifVersion is not the stored
	// version: 412.
	ErrPreconditionFailed = errors.New("precondition failed")
	// ErrUnavailable is a store that cannot answer now (database down,
	// timeout, no connection left): 503, with nothing internal in the body.
	ErrUnavailable = errors.New("store unavailable")
	// ErrInvalidCursor is a List cursor the store did not make: 400.
	ErrInvalidCursor = errors.New("invalid cursor")
)

// ConflictError is a unique-constraint violation on the field Field of the
// model. errors.Is(err, ErrConflict) holds, and so does errors.Is for the
// driver's error Err; a model resource answers 409 naming the field by its
// JSON name, and never shows Err.
type ConflictError struct {
	// Field is the Go name of the field whose value is taken, "" when the
	// store cannot tell.
	Field string
	// Err is the database's error, for logs.
	Err error
}

// Error says which field is in conflict.
func (e *ConflictError) Error() string {
	if e.Field == "" {
		return "conflict: a unique value is taken"
	}
	return "conflict: the value of " + e.Field + " is taken"
}

// Unwrap returns ErrConflict and the database's error.
func (e *ConflictError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrConflict}
	}
	return []error{ErrConflict, e.Err}
}
