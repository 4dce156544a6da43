package main

import (
	"crypto/rand"
	"fmt"
	"io"

	"github.com/fwkgo/fwk"
)

// configFromEnv is fwk.ConfigFromEnv with the blog's defaults: CSRF
// protection on unless WTF_CSRF_ENABLED says otherwise, and a random
// SECRET_KEY for this run when none is set (said on out: sessions then end
// with the process).
func configFromEnv(out io.Writer) fwk.Config {
	cfg := fwk.ConfigFromEnv()
	if cfg.SecretKey == "" {
		cfg.SecretKey = rand.Text() + rand.Text()
		fmt.Fprintln(out, "SECRET_KEY is not set: using a random key, so sessions end when the server stops")
	}
	return cfg
}
