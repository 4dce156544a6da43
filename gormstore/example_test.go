package gormstore_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/gormstore"
	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Book is a model: GORM maps it to the table books; Version makes every
// conditional write one UPDATE ... WHERE id = ? AND version = ?.
type Book struct {
	ID        int64     `json:"id"`
	ISBN      string    `json:"isbn" gorm:"uniqueIndex;not null"`
	Title     string    `json:"title"`
	Version   int64     `json:"-"`
	CreatedAt time.Time `json:"created_at"`
}

// A store of books on a SQLite file (PostgreSQL: gorm.Open(postgres.Open(dsn))).
// An app lists it in a bundle's Services for its model resource; here it is
// used directly: a write with a stale version is refused, a taken ISBN is a
// conflict naming the field.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "books")
	defer os.RemoveAll(dir)
	db, err := gorm.Open(sqlite.Open(filepath.Join(dir, "books.db")+"?_txlock=immediate&_pragma=busy_timeout(5000)"),
		&gorm.Config{Logger: logger.Discard})
	if err != nil {
		panic(err)
	}
	if err := db.AutoMigrate(&Book{}); err != nil {
		panic(err)
	}
	books, err := gormstore.New[Book](db)
	if err != nil {
		panic(err)
	}
	var _ fwk.Store[Book] = books

	ctx := context.Background()
	b := &Book{ISBN: "978-0", Title: "Go"}
	v1, _ := books.Create(ctx, b)
	b.Title = "Go, 2nd edition"
	v2, _ := books.Update(ctx, fwk.Key{ID: b.ID}, b, v1)
	_, stale := books.Update(ctx, fwk.Key{ID: b.ID}, b, v1)
	_, taken := books.Create(ctx, &Book{ISBN: "978-0"})
	fmt.Println(v1, v2)
	fmt.Println(stale)
	fmt.Println(taken)
	// Output:
	// 1 2
	// gormstore: update Book: precondition failed
	// gormstore: create Book: conflict: the value of ISBN is taken
}
