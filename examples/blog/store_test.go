package main

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func TestRebind(t *testing.T) {
	tests := []struct {
		d    dialect
		q    string
		want string
	}{
		{sqliteDialect, "SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = ? AND b = ?"},
		{postgresDialect, "SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = $1 AND b = $2"},
		{postgresDialect, "INSERT INTO t (x) VALUES (?) RETURNING id", "INSERT INTO t (x) VALUES ($1) RETURNING id"},
		{postgresDialect, "SELECT 1", "SELECT 1"},
	}
	for _, tt := range tests {
		if got := tt.d.rebind(tt.q); got != tt.want {
			t.Errorf("%s.rebind(%q) = %q, want %q", tt.d.name, tt.q, got, tt.want)
		}
	}
}

func TestDriverFor(t *testing.T) {
	for dsn, want := range map[string]string{
		"postgres://u@db/blog": "pgx", "postgresql://db/blog": "pgx",
		"/var/lib/blog.db": "sqlite", ":memory:": "sqlite", "postgres.db": "sqlite",
	} {
		if got := driverFor(dsn); got != want {
			t.Errorf("driverFor(%q) = %q, want %q", dsn, got, want)
		}
	}
}

func TestDialectFor(t *testing.T) {
	for driver, want := range map[string]string{"sqlite": "sqlite", "pgx": "postgres", "postgres": "postgres"} {
		d, err := dialectFor(driver)
		if err != nil || d.name != want {
			t.Errorf("dialectFor(%q) = %q, %v; want %q", driver, d.name, err, want)
		}
	}
	if _, err := dialectFor("mysql"); err == nil {
		t.Error("dialectFor(mysql): no error")
	}
}

// TestMigrateOnce opens the same file twice: the second open finds the
// schema current and keeps the data.
func TestMigrateOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "blog.db")
	s, err := OpenStore(ctx, "sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreatePost(ctx, &Post{Title: "kept", Body: "b"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = OpenStore(ctx, "sqlite", path)
	if err != nil {
		t.Fatalf("second open: %v", err)
	}
	defer s.Close()
	v, err := s.SchemaVersion(ctx)
	if err != nil || v != len(migrations) {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, len(migrations))
	}
	posts, err := s.Posts(ctx, false, 10)
	if err != nil || len(posts) != 1 || posts[0].Title != "kept" {
		t.Errorf("after reopening: %v, %v", posts, err)
	}
}

func TestStorePostsAndComments(t *testing.T) { forEachBackend(t, testPostsAndComments) }

func testPostsAndComments(t *testing.T, s *Store) {
	ctx := context.Background()
	draft, pub := &Post{Title: "draft", Body: "d"}, &Post{Title: "pub", Body: "p", Published: true}
	for _, p := range []*Post{draft, pub} {
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if all, _ := s.Posts(ctx, false, 0); len(all) != 2 {
		t.Errorf("all posts: %d, want 2", len(all))
	}
	if only, _ := s.Posts(ctx, true, 0); len(only) != 1 || only[0].ID != pub.ID {
		t.Errorf("published posts: %v", only)
	}
	c := &Comment{PostID: pub.ID, Author: "a", Body: "b"}
	if err := s.CreateComment(ctx, c); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Comment(ctx, draft.ID, c.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("comment through the wrong post: %v, want ErrNotFound", err)
	}
	if err := s.DeletePost(ctx, pub.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Comment(ctx, pub.ID, c.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("comment of a deleted post: %v, want ErrNotFound (cascade)", err)
	}
	if _, err := s.Post(ctx, pub.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted post: %v, want ErrNotFound", err)
	}
	if err := s.UpdatePost(ctx, pub); !errors.Is(err, ErrNotFound) {
		t.Errorf("update of a deleted post: %v, want ErrNotFound", err)
	}
}

func TestAuthenticate(t *testing.T) { forEachBackend(t, testAuthenticate) }

func testAuthenticate(t *testing.T, s *Store) {
	ctx := context.Background()
	if _, err := s.CreateUser(ctx, "ann", "pw-ann", testIterations); err != nil {
		t.Fatal(err)
	}
	if u, err := s.Authenticate(ctx, "ann", "pw-ann"); err != nil || u.Name != "ann" {
		t.Errorf("right password: %v, %v", u, err)
	}
	if _, err := s.Authenticate(ctx, "ann", "pw-bob"); !errors.Is(err, ErrBadLogin) {
		t.Errorf("wrong password: %v, want ErrBadLogin", err)
	}
	if _, err := s.CreateUser(ctx, "ann", "x", testIterations); err == nil {
		t.Error("a second user named ann was created")
	}
}

func TestCheckPassword(t *testing.T) {
	h, err := hashPassword("s3cret", testIterations)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		hash, password string
		want           bool
	}{
		{h, "s3cret", true},
		{h, "s3cret ", false},
		{h, "", false},
		{"", "s3cret", false},
		{"pbkdf2-sha256$0$AAAA$AAAA", "s3cret", false},
		{"pbkdf2-sha256$99999999999$AAAA$AAAA", "s3cret", false},
		{"md5$1$AAAA$AAAA", "s3cret", false},
		{"pbkdf2-sha256$1000$!!$AAAA", "s3cret", false},
	}
	for _, tt := range tests {
		if got := checkPassword(tt.hash, tt.password); got != tt.want {
			t.Errorf("checkPassword(%q, %q) = %v, want %v", tt.hash, tt.password, got, tt.want)
		}
	}
}

// TestDummyHash checks that logging in as an unknown user does the work of
// a real check: the dummy hash parses, with the default work factor.
func TestDummyHash(t *testing.T) {
	iterations, _, key, ok := parseHash(dummyHash)
	if !ok || iterations != passwordIterations || len(key) != 32 {
		t.Errorf("parseHash(dummyHash) = %d, %d-byte key, %v; want %d, 32, true",
			iterations, len(key), ok, passwordIterations)
	}
}

func TestStoreMessages(t *testing.T) { forEachBackend(t, testMessages) }

func testMessages(t *testing.T, s *Store) {
	ctx := context.Background()
	if v, err := s.SchemaVersion(ctx); err != nil || v != len(migrations) {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, len(migrations))
	}
	for _, name := range []string{"ann", "bob"} {
		if err := s.CreateMessage(ctx, &Message{Name: name, Email: name + "@example.com", Body: "hi"}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Messages(ctx)
	if err != nil || len(got) != 2 || got[0].Name != "bob" || got[1].Email != "ann@example.com" {
		t.Errorf("Messages() = %v, %v; want bob's then ann's", got, err)
	}
}

// FuzzCheckPassword feeds stored-hash strings to the parser: no panic, no
// work factor beyond the cap, and a hash that does not parse matches no
// password.
func FuzzCheckPassword(f *testing.F) {
	h, err := hashPassword("pw", testIterations)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{h, dummyHash, "", "$$$", "pbkdf2-sha256$1$$", "pbkdf2-sha256$1$AA$AA", "pbkdf2-sha256$-1$AA$AA"} {
		f.Add(s, "pw")
	}
	f.Fuzz(func(t *testing.T, hash, password string) {
		iterations, _, key, ok := parseHash(hash)
		if !ok {
			if checkPassword(hash, password) {
				t.Fatalf("checkPassword(%q) is true for a hash that does not parse", hash)
			}
			return
		}
		if iterations < 1 || iterations > 10_000_000 || len(key) == 0 {
			t.Fatalf("parseHash(%q) accepted %d iterations, %d-byte key", hash, iterations, len(key))
		}
	})
}
