package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"os"

	"github.com/fwkgo/fwk"
)

// maxBodyBytes is the blog's default MAX_CONTENT_LENGTH: posts are text,
// a megabyte is plenty.
const maxBodyBytes = 1 << 20

// configFromEnv is fwk.ConfigFromEnv with the blog's defaults: request
// bodies up to maxBodyBytes unless MAX_CONTENT_LENGTH says otherwise, and a
// random SECRET_KEY for this run when none is set (said on out: sessions
// then end with the process).
func configFromEnv(out io.Writer) fwk.Config {
	cfg := fwk.ConfigFromEnv()
	if _, ok := os.LookupEnv("MAX_CONTENT_LENGTH"); !ok {
		cfg.MaxBodyBytes = maxBodyBytes
	}
	if cfg.SecretKey == "" {
		cfg.SecretKey = rand.Text() + rand.Text()
		fmt.Fprintln(out, "SECRET_KEY is not set: using a random key, so sessions end when the server stops")
	}
	return cfg
}
