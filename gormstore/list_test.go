package gormstore_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/fwkgo/fwk"
	"gorm.io/gorm"
)

// seedArticles creates n articles whose ranks repeat (ties), and returns
// them as stored.
func seedArticles(t *testing.T, ctx context.Context, articles fwk.Store[Article], n int) []Article {
	t.Helper()
	var out []Article
	for i := range n {
		a := Article{Slug: fmt.Sprintf("a%02d", i), Title: fmt.Sprintf("t%d", i%4), Rank: (i * 7) % 5}
		if _, err := articles.Create(ctx, &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// allPages lists q page by page and returns the IDs in the order read.
func allPages(t *testing.T, ctx context.Context, list func(context.Context, fwk.Query) (fwk.Page[Article], error), q fwk.Query) []int64 {
	t.Helper()
	var ids []int64
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("the cursors never end")
		}
		p, err := list(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Items) > q.Limit {
			t.Fatalf("page of %d items, limit %d", len(p.Items), q.Limit)
		}
		for _, a := range p.Items {
			ids = append(ids, a.ID)
		}
		if p.Next == "" {
			return ids
		}
		q.Cursor = p.Next
	}
}

func TestListPagesFiltersAndSorts(t *testing.T) {
	forEachStore(t, func(t *testing.T, s storeSet) {
		ctx := context.Background()
		articles := s.articles
		seeded := seedArticles(t, ctx, articles, 23)
		tests := []struct {
			name    string
			q       fwk.Query
			keep    func(Article) bool
			compare func(a, b Article) int
		}{
			{"by id", fwk.Query{Limit: 5}, nil, func(a, b Article) int { return cmp.Compare(a.ID, b.ID) }},
			{"rank descending, ties by id", fwk.Query{Limit: 4, Sort: []fwk.Sort{{Field: "Rank", Desc: true}, {Field: "ID"}}}, nil,
				func(a, b Article) int { return cmp.Or(-cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.ID, b.ID)) }},
			{"title then rank descending", fwk.Query{Limit: 3, Sort: []fwk.Sort{{Field: "Title"}, {Field: "Rank", Desc: true}}}, nil,
				func(a, b Article) int {
					return cmp.Or(cmp.Compare(a.Title, b.Title), -cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.ID, b.ID))
				}},
			{"created_at descending", fwk.Query{Limit: 6, Sort: []fwk.Sort{{Field: "CreatedAt", Desc: true}}}, nil,
				func(a, b Article) int { return cmp.Or(-a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID)) }},
			{"filter: one value", fwk.Query{Limit: 2, Filters: []fwk.Filter{{Field: "Rank", Values: []any{3}}}},
				func(a Article) bool { return a.Rank == 3 }, func(a, b Article) int { return cmp.Compare(a.ID, b.ID) }},
			{"filter: IN, sorted", fwk.Query{Limit: 2, Filters: []fwk.Filter{{Field: "Title", Values: []any{"t1", "t3"}}},
				Sort: []fwk.Sort{{Field: "Rank"}}},
				func(a Article) bool { return a.Title == "t1" || a.Title == "t3" },
				func(a, b Article) int { return cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.ID, b.ID)) }},
			{"filter matching nothing", fwk.Query{Limit: 2, Filters: []fwk.Filter{{Field: "Rank", Values: []any{99}}}},
				func(Article) bool { return false }, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				var want []int64
				sorted := slices.Clone(seeded)
				if tt.compare != nil {
					slices.SortFunc(sorted, tt.compare)
				}
				for _, a := range sorted {
					if tt.keep == nil || tt.keep(a) {
						want = append(want, a.ID)
					}
				}
				if got := allPages(t, ctx, articles.List, tt.q); !slices.Equal(got, want) {
					t.Errorf("pages read %v\nwant          %v", got, want)
				}
			})
		}
	})
}

// TestListKeysetCursor: a cursor holds where its page ended, so a row
// added before it does not repeat a row on the next page, and a cursor
// this store did not make, or made for another order, is refused.
func TestListKeysetCursor(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db *gorm.DB) { // keysets: the memory store's cursors are offsets
		ctx := context.Background()
		articles, _ := stores(t, db)
		seedArticles(t, ctx, articles, 6)
		q := fwk.Query{Limit: 3, Sort: []fwk.Sort{{Field: "Slug"}}}
		first, err := articles.List(ctx, q)
		if err != nil || first.Next == "" {
			t.Fatalf("first page: %v, next %q", err, first.Next)
		}
		if _, err := articles.Create(ctx, &Article{Slug: "a00-new"}); err != nil { // sorts into the first page
			t.Fatal(err)
		}
		q.Cursor = first.Next
		second, err := articles.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if got := second.Items[0].Slug; got != "a03" {
			t.Errorf("the second page starts at %s, want a03", got)
		}
		for _, bad := range []string{"garbage", "eyJvIjoieCJ9", first.Next[:len(first.Next)-2], first.Next + "AA"} {
			q.Cursor = bad
			if _, err := articles.List(ctx, q); !errors.Is(err, fwk.ErrInvalidCursor) {
				t.Errorf("cursor %q: error %v, want ErrInvalidCursor", bad, err)
			}
		}
		q.Cursor, q.Sort = first.Next, []fwk.Sort{{Field: "Slug", Desc: true}}
		if _, err := articles.List(ctx, q); !errors.Is(err, fwk.ErrInvalidCursor) {
			t.Errorf("a cursor of another order: error %v, want ErrInvalidCursor", err)
		}
	})
}

// TestListHostileFieldsAndValues: the columns a list names come from the
// model's fields only, and values are bound as parameters: SQL in a sort
// or filter field is refused, SQL in a value is a value.
func TestListHostileFieldsAndValues(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		articles, _ := stores(t, db)
		seedArticles(t, ctx, articles, 3)
		hostile := []fwk.Query{
			{Limit: 10, Sort: []fwk.Sort{{Field: "Rank; DROP TABLE articles; --"}}},
			{Limit: 10, Sort: []fwk.Sort{{Field: "rank"}}}, // a column name, not the Go field
			{Limit: 10, Sort: []fwk.Sort{{Field: "(SELECT 1)"}}},
			{Limit: 10, Filters: []fwk.Filter{{Field: "1=1 OR Rank", Values: []any{1}}}},
			{Limit: 10, Scope: []fwk.Filter{{Field: "Slug) OR (1=1", Values: []any{"x"}}}},
		}
		for _, q := range hostile {
			if _, err := articles.List(ctx, q); err == nil {
				t.Errorf("%+v: no error", q)
			}
		}
		for _, v := range []any{"' OR '1'='1", "a00'; DROP TABLE articles; --", `a00" OR "1"="1`} {
			p, err := articles.List(ctx, fwk.Query{Limit: 10, Filters: []fwk.Filter{{Field: "Slug", Values: []any{v}}}})
			if err != nil || len(p.Items) != 0 {
				t.Errorf("filter value %q: %d items, %v; want none", v, len(p.Items), err)
			}
		}
		if _, _, err := articles.Get(ctx, fwk.Key{ID: "1 OR 1=1"}); !errors.Is(err, fwk.ErrNotFound) && err == nil {
			t.Errorf("an id holding SQL found a row")
		}
		if p, err := articles.List(ctx, fwk.Query{Limit: 10}); err != nil || len(p.Items) != 3 {
			t.Fatalf("after the hostile queries: %d articles, %v; want the 3 seeded", len(p.Items), err)
		}
	})
}
