package fwk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type Bookmark struct {
	ID    int64
	Title string
}

func TestModelTakenByValue(t *testing.T) {
	load := fwk.RegisterModel(func(ctx context.Context, id string) (*Bookmark, error) { return &Bookmark{}, nil })
	_, err := fwk.New(quietCfg(), tplApp{services: []any{load}}.with(
		routes.Func("/b/<int:id>", func(ctx *fwk.Ctx, b Bookmark) error { return nil })))
	if !errors.Is(err, fwk.ErrBadView) || !strings.Contains(err.Error(), "take it as *fwk_test.Bookmark") {
		t.Errorf("fwk.New = %v, want ErrBadView suggesting *fwk_test.Bookmark", err)
	}
}
