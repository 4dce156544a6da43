package middleware

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// Compress returns middleware compressing responses with gzip or zstd, as
// the client's Accept-Encoding asks, using klauspost/compress's gzhttp:
// bodies under 1 KiB and already compressed content types (images, archives,
// ...) are sent as they are; Vary: Accept-Encoding is set; ETags get a
// suffix. Flush works through it.
//
// Compressing a response that holds both a secret (a CSRF token) and text
// the client chose can leak the secret to an attacker who can watch sizes
// (BREACH); keep such pages uncompressed or their secrets masked per request.
func Compress() func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler { return gzhttp.GzipHandler(next) }
}
