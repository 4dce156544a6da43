//go:build postgres

package main

// Built with -tags postgres, the blog also runs on PostgreSQL through pgx's
// database/sql driver ("pgx"), and GORM's PostgreSQL dialect on the same
// connections for the JSON API:
//
//	go run -tags postgres ./examples/blog -driver pgx -db 'postgres://user:pw@localhost/blog'

import (
	"database/sql"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

func init() {
	pg := func(db *sql.DB) gorm.Dialector { return postgres.New(postgres.Config{Conn: db}) }
	gormDialects["pgx"] = pg
	gormDialects["postgres"] = pg
}
