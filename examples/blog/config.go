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

// configFromEnv is fwk.ConfigFromEnv with the blog's defaults, each
// overridden by its variable: CSRF protection on (WTF_CSRF_ENABLED),
// request bodies up to maxBodyBytes (MAX_CONTENT_LENGTH), the API's OpenAPI
// document at /api/openapi.json (OPENAPI_PATH) and as OpenAPI 3.0 at
// /api/openapi-3.0.json (OPENAPI_30_PATH), titled "Blog API"
// (OPENAPI_TITLE) under the MIT license (OPENAPI_LICENSE), and a random
// SECRET_KEY for this run when none is set (said on out: sessions then end
// with the process).
func configFromEnv(out io.Writer) fwk.Config {
	cfg := fwk.ConfigFromEnv()
	if _, ok := os.LookupEnv("WTF_CSRF_ENABLED"); !ok {
		cfg.CSRFEnabled = true
	}
	if _, ok := os.LookupEnv("MAX_CONTENT_LENGTH"); !ok {
		cfg.MaxBodyBytes = maxBodyBytes
	}
	if _, ok := os.LookupEnv("OPENAPI_PATH"); !ok {
		cfg.OpenAPIPath = "/api/openapi.json"
	}
	if _, ok := os.LookupEnv("OPENAPI_30_PATH"); !ok {
		cfg.OpenAPI30Path = "/api/openapi-3.0.json"
	}
	if _, ok := os.LookupEnv("OPENAPI_TITLE"); !ok {
		cfg.OpenAPITitle = "Blog API"
	}
	if _, ok := os.LookupEnv("OPENAPI_LICENSE"); !ok {
		cfg.OpenAPILicense, cfg.OpenAPILicenseURL = "MIT", "https://opensource.org/license/mit"
	}
	if cfg.SecretKey == "" {
		cfg.SecretKey = rand.Text() + rand.Text()
		fmt.Fprintln(out, "SECRET_KEY is not set: using a random key, so sessions end when the server stops")
	}
	return cfg
}
