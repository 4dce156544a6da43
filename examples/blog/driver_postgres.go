//go:build postgres

package main

// Built with -tags postgres, the blog also runs on PostgreSQL through pgx's
// database/sql driver ("pgx"):
//
//	go run -tags postgres ./examples/blog -driver pgx -db 'postgres://user:pw@localhost/blog'

import _ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
