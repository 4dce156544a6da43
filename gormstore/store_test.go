package gormstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/gormstore"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// Article has a version column (Version) and a unique index (Slug).
type Article struct {
	ID        int64
	Slug      string `gorm:"uniqueIndex;not null"`
	Title     string `gorm:"not null"`
	Rank      int
	Version   int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Note has no version column (its versions are hashes), a parent
// (ArticleID, the scope of the notes of an article) and a unique
// constraint declared on the field (Code).
type Note struct {
	ID        int64
	ArticleID int64  `gorm:"index;not null"`
	Code      string `gorm:"unique;not null"`
	Body      string
	Hits      int
}

// stores opens the stores of Article and Note on a migrated db.
func stores(t testing.TB, db *gorm.DB) (*gormstore.Store[Article], *gormstore.Store[Note]) {
	t.Helper()
	if err := db.AutoMigrate(&Article{}, &Note{}); err != nil {
		t.Fatal(err)
	}
	a, err := gormstore.New[Article](db)
	if err != nil {
		t.Fatal(err)
	}
	n, err := gormstore.New[Note](db)
	if err != nil {
		t.Fatal(err)
	}
	return a, n
}

// forEachBackend runs f on SQLite and on PostgreSQL.
func forEachBackend(t *testing.T, f func(t *testing.T, db *gorm.DB)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}

// wantIs fails unless err wraps target.
func wantIs(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("%s: error %v, want %v", what, err, target)
	}
}

func TestCRUDWithVersionColumn(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		articles, _ := stores(t, db)
		a := &Article{Slug: "hello", Title: "Hello"}
		v1, err := articles.Create(ctx, a)
		if err != nil || a.ID == 0 || v1 != "1" || a.CreatedAt.IsZero() {
			t.Fatalf("create: %+v, version %q, %v", a, v1, err)
		}
		key := fwk.Key{ID: a.ID}
		got, v, err := articles.Get(ctx, key)
		if err != nil || got.Title != "Hello" || v != v1 {
			t.Fatalf("get: %+v, %q, %v", got, v, err)
		}
		got.Title = "Hello, world"
		v2, err := articles.Update(ctx, key, got, v1)
		if err != nil || v2 == v1 || got.Title != "Hello, world" || got.Version != 2 {
			t.Fatalf("update: %+v, %q, %v", got, v2, err)
		}
		got.Title = "stale"
		_, err = articles.Update(ctx, key, got, v1)
		wantIs(t, "update with a stale version", err, fwk.ErrPreconditionFailed)
		_, err = articles.Update(ctx, key, got, "not-a-number")
		wantIs(t, "update with a version the store never made", err, fwk.ErrPreconditionFailed)
		wantIs(t, "delete with a stale version", articles.Delete(ctx, key, v1), fwk.ErrPreconditionFailed)
		if now, v, _ := articles.Get(ctx, key); now.Title != "Hello, world" || v != v2 {
			t.Fatalf("a refused write changed the row: %+v, %q", now, v)
		}
		// Without a version, the write is unconditional.
		got.Title = "Forced"
		if v3, err := articles.Update(ctx, key, got, ""); err != nil || v3 != "3" {
			t.Fatalf("unconditional update: %q, %v", v3, err)
		}
		if err := articles.Delete(ctx, key, "3"); err != nil {
			t.Fatalf("delete: %v", err)
		}
		_, _, err = articles.Get(ctx, key)
		wantIs(t, "get after delete", err, fwk.ErrNotFound)
		_, err = articles.Update(ctx, key, got, "")
		wantIs(t, "update after delete", err, fwk.ErrNotFound)
		_, err = articles.Update(ctx, key, got, "3")
		wantIs(t, "conditional update after delete", err, fwk.ErrNotFound)
		wantIs(t, "delete twice", articles.Delete(ctx, key, ""), fwk.ErrNotFound)
	})
}

func TestCRUDWithHashVersionAndScope(t *testing.T) {
	forEachStore(t, func(t *testing.T, s storeSet) {
		ctx := context.Background()
		articles, notes := s.articles, s.notes
		a1, a2 := &Article{Slug: "a1"}, &Article{Slug: "a2"}
		for _, a := range []*Article{a1, a2} {
			if _, err := articles.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		n := &Note{ArticleID: a1.ID, Code: "n1", Body: "first"}
		v1, err := notes.Create(ctx, n)
		if err != nil || v1 == "" {
			t.Fatalf("create: %q, %v", v1, err)
		}
		mine := fwk.Key{ID: n.ID, Scope: []fwk.Filter{{Field: "ArticleID", Values: []any{a1.ID}}}}
		other := fwk.Key{ID: n.ID, Scope: []fwk.Filter{{Field: "ArticleID", Values: []any{a2.ID}}}}
		got, v, err := notes.Get(ctx, mine)
		if err != nil || v != v1 || got.Body != "first" {
			t.Fatalf("get: %+v, %q, %v", got, v, err)
		}
		_, _, err = notes.Get(ctx, other)
		wantIs(t, "get through another parent", err, fwk.ErrNotFound)
		_, err = notes.Update(ctx, other, got, "")
		wantIs(t, "update through another parent", err, fwk.ErrNotFound)
		wantIs(t, "delete through another parent", notes.Delete(ctx, other, ""), fwk.ErrNotFound)

		got.Body = "second"
		v2, err := notes.Update(ctx, mine, got, v1)
		if err != nil || v2 == v1 {
			t.Fatalf("update: %q, %v", v2, err)
		}
		if _, v, _ := notes.Get(ctx, mine); v != v2 {
			t.Fatalf("the version Update returned, %q, is not the one Get answers, %q", v2, v)
		}
		got.Body = "third"
		_, err = notes.Update(ctx, mine, got, v1)
		wantIs(t, "update with a stale hash", err, fwk.ErrPreconditionFailed)
		wantIs(t, "delete with a stale hash", notes.Delete(ctx, mine, v1), fwk.ErrPreconditionFailed)
		if err := notes.Delete(ctx, mine, v2); err != nil {
			t.Fatalf("delete: %v", err)
		}
		wantIs(t, "delete twice", notes.Delete(ctx, mine, v2), fwk.ErrNotFound)
	})
}

func TestUniqueViolationNamesTheField(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		articles, notes := stores(t, db)
		a := &Article{Slug: "taken"}
		if _, err := articles.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		wantConflict := func(what string, err error, field string) {
			t.Helper()
			var ce *fwk.ConflictError
			if !errors.As(err, &ce) || !errors.Is(err, fwk.ErrConflict) || ce.Field != field {
				t.Fatalf("%s: error %v, want a conflict on %s", what, err, field)
			}
		}
		_, err := articles.Create(ctx, &Article{Slug: "taken"})
		wantConflict("create (unique index)", err, "Slug")
		b := &Article{Slug: "free"}
		if _, err := articles.Create(ctx, b); err != nil {
			t.Fatal(err)
		}
		b.Slug = "taken"
		_, err = articles.Update(ctx, fwk.Key{ID: b.ID}, b, "1")
		wantConflict("update (unique index)", err, "Slug")
		if _, err := notes.Create(ctx, &Note{ArticleID: a.ID, Code: "c"}); err != nil {
			t.Fatal(err)
		}
		_, err = notes.Create(ctx, &Note{ArticleID: a.ID, Code: "c"})
		wantConflict("create (unique constraint)", err, "Code")
		_, err = articles.Create(ctx, &Article{ID: a.ID, Slug: "other"})
		wantConflict("create (primary key)", err, "ID")
	})
}

// TestStoreDown: a database that cannot be reached is fwk.ErrUnavailable,
// with the driver's error kept for the log.
func TestStoreDown(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		articles, _ := stores(t, db)
		sqlDB, err := db.DB()
		if err != nil {
			t.Fatal(err)
		}
		sqlDB.Close()
		_, _, err = articles.Get(ctx, fwk.Key{ID: int64(1)})
		wantIs(t, "get on a closed database", err, fwk.ErrUnavailable)
		_, err = articles.Create(ctx, &Article{Slug: "x"})
		wantIs(t, "create on a closed database", err, fwk.ErrUnavailable)
	})
	t.Run("postgres-no-server", func(t *testing.T) {
		cfg := quiet()
		cfg.DisableAutomaticPing = true // open as an app does before the server is up
		db, err := gorm.Open(postgres.Open("postgres:///postgres?host="+t.TempDir()+"&user=postgres&connect_timeout=5"), cfg)
		if err != nil {
			t.Fatal(err)
		}
		articles, err := gormstore.New[Article](db)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = articles.Get(context.Background(), fwk.Key{ID: int64(1)})
		wantIs(t, "get with no server", err, fwk.ErrUnavailable)
	})
}

// TestNewRefusesBadModels: start-up mistakes are errors naming them.
func TestNewRefusesBadModels(t *testing.T) {
	db := openSQLite(t)
	if _, err := gormstore.New[Note](db, gormstore.VersionField("Rev")); err == nil {
		t.Error("a missing version field was accepted")
	} else if want := "Rev"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not name %s", err, want)
	}
	if _, err := gormstore.New[Note](db, gormstore.VersionField("Body")); err == nil || !strings.Contains(err.Error(), "integer") {
		t.Errorf("a string version field: %v", err)
	}
	type NoKey struct{ Name string }
	if _, err := gormstore.New[NoKey](db); err == nil || !strings.Contains(err.Error(), "primary key") {
		t.Errorf("a model without a key: %v", err)
	}
}
