package main

import (
	"database/sql"
	"fmt"

	"github.com/fwkgo/fwk/gormstore"
	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// models are the stores of the JSON API's model resources: GORM on the
// connections of the pages' store, so both see the same rows (and, on
// SQLite, share its one connection). The rows' versions (the API's ETags)
// are hashes of their columns, so an edit made through the admin pages
// changes them too.
type models struct {
	posts    *gormstore.Store[Post]
	comments *gormstore.Store[Comment]
}

// gormDialects are GORM's dialects of the database/sql drivers the blog
// speaks, on an open pool; the postgres build tag adds pgx.
var gormDialects = map[string]func(*sql.DB) gorm.Dialector{
	"sqlite": func(db *sql.DB) gorm.Dialector { return &sqlite.Dialector{Conn: db} },
}

// openModels opens the model stores on db, whose driver is driver.
func openModels(driver string, db *sql.DB) (models, error) {
	dialect, ok := gormDialects[driver]
	if !ok {
		return models{}, fmt.Errorf("blog: no GORM dialect for the %s driver", driver)
	}
	g, err := gorm.Open(dialect(db), &gorm.Config{Logger: logger.Discard, NowFunc: now})
	if err != nil {
		return models{}, fmt.Errorf("blog: open GORM on the %s database: %w", driver, err)
	}
	var m models
	if m.posts, err = gormstore.New[Post](g); err != nil {
		return models{}, err
	}
	if m.comments, err = gormstore.New[Comment](g); err != nil {
		return models{}, err
	}
	return m, nil
}
