package fwk_test

import (
	"errors"
	"testing"

	"github.com/fwkgo/fwk"
)

func TestConflictErrorIsConflictAndDriverError(t *testing.T) {
	driver := errors.New("UNIQUE constraint failed: articles.slug")
	var err error = &fwk.ConflictError{Field: "Slug", Err: driver}
	if !errors.Is(err, fwk.ErrConflict) || !errors.Is(err, driver) {
		t.Errorf("errors.Is(%v, ErrConflict / driver) = false, want true", err)
	}
	if got := err.Error(); got != "conflict: the value of Slug is taken" {
		t.Errorf("Error() = %q", got)
	}
	var ce *fwk.ConflictError
	if !errors.As(err, &ce) || ce.Field != "Slug" {
		t.Errorf("errors.As gave %+v", ce)
	}
	if err := (&fwk.ConflictError{}); !errors.Is(err, fwk.ErrConflict) || err.Error() != "conflict: a unique value is taken" {
		t.Errorf("field-less ConflictError = %v", err)
	}
}
