package gormstore_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/gormstore"
)

// counter is a row one field of which the writers increment: read, add
// one, write back if the version is still the one read.
type counter[T any] struct {
	store interface {
		Get(context.Context, fwk.Key) (*T, string, error)
		Update(context.Context, fwk.Key, *T, string) (string, error)
	}
	key   fwk.Key
	field func(*T) *int
}

// race runs writers that each make `each` acknowledged increments, and
// returns how many writes were refused as stale. Any other error fails
// the test.
func (c counter[T]) race(t *testing.T, writers, each int) int64 {
	t.Helper()
	ctx := context.Background()
	var lost atomic.Int64
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for acked := 0; acked < each; {
				m, v, err := c.store.Get(ctx, c.key)
				if err != nil {
					t.Errorf("get: %v", err)
					return
				}
				*c.field(m)++
				_, err = c.store.Update(ctx, c.key, m, v)
				switch {
				case err == nil:
					acked++
				case errors.Is(err, fwk.ErrPreconditionFailed):
					lost.Add(1)
				default:
					t.Errorf("update: %v (want success or ErrPreconditionFailed)", err)
					return
				}
			}
		})
	}
	wg.Wait()
	return lost.Load()
}

// TestConcurrentIfMatchWritersLoseNothing: writers read a row and write it
// back with the version they read, all at once: every acknowledged write
// is stored (the count is the number of acknowledgements), and every
// refused one is ErrPreconditionFailed, with a version column and with
// hash versions.
func TestConcurrentIfMatchWritersLoseNothing(t *testing.T) {
	const writers, each = 6, 8
	forEachStore(t, func(t *testing.T, s storeSet) {
		ctx := context.Background()
		articles, notes := s.articles, s.notes
		a := &Article{Slug: "counted"}
		if _, err := articles.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		n := &Note{ArticleID: a.ID, Code: "counted"}
		if _, err := notes.Create(ctx, n); err != nil {
			t.Fatal(err)
		}
		t.Run("version column", func(t *testing.T) {
			c := counter[Article]{store: articles, key: fwk.Key{ID: a.ID}, field: func(a *Article) *int { return &a.Rank }}
			lost := c.race(t, writers, each)
			got, v, _ := articles.Get(ctx, c.key)
			if got.Rank != writers*each {
				t.Errorf("rank %d after %d acknowledged increments: writes were lost", got.Rank, writers*each)
			}
			if _, gorm := articles.(*gormstore.Store[Article]); gorm && v != strconv.Itoa(1+writers*each) {
				t.Errorf("version %s, want %d (one per write)", v, 1+writers*each)
			}
			t.Logf("%d acknowledged, %d refused as stale", writers*each, lost)
		})
		t.Run("hash versions", func(t *testing.T) {
			key := fwk.Key{ID: n.ID, Scope: []fwk.Filter{{Field: "ArticleID", Values: []any{a.ID}}}}
			c := counter[Note]{store: notes, key: key, field: func(n *Note) *int { return &n.Hits }}
			lost := c.race(t, writers, each)
			if got, _, _ := notes.Get(ctx, key); got.Hits != writers*each {
				t.Errorf("hits %d after %d acknowledged increments: writes were lost", got.Hits, writers*each)
			}
			t.Logf("%d acknowledged, %d refused as stale", writers*each, lost)
		})
	})
}
