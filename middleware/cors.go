package middleware

import (
	"net/http"
	"time"

	"github.com/rs/cors"
)

// CORSOptions configures CORS. Unlike rs/cors, whose empty origin list
// allows every origin, nothing is allowed unless listed.
type CORSOptions struct {
	// AllowedOrigins lists the origins allowed to make cross-origin requests
	// ("https://app.example.com"); one "*" wildcard per entry is allowed
	// ("https://*.example.com"), and "*" alone allows any origin. Empty
	// allows none.
	AllowedOrigins []string
	// AllowedMethods lists the methods allowed; default GET, POST, HEAD.
	AllowedMethods []string
	// AllowedHeaders lists the request headers a client may send; default
	// Accept, Content-Type, X-Requested-With. "*" allows any.
	AllowedHeaders []string
	// ExposedHeaders lists the response headers the client may read.
	ExposedHeaders []string
	// AllowCredentials lets requests carry cookies and HTTP authentication.
	// Browsers refuse credentials with the "*" origin.
	AllowCredentials bool
	// MaxAge is how long a browser may cache a preflight answer; zero leaves
	// the browser's default, a negative value asks it not to cache.
	MaxAge time.Duration
}

// CORS returns middleware answering CORS preflight requests (OPTIONS with
// Access-Control-Request-Method, 204 without calling the handler) and adding
// the Access-Control-* headers to allowed cross-origin requests, with
// rs/cors. A disallowed request is served without those headers, so the
// browser hides the response from the page.
func CORS(o CORSOptions) func(http.Handler) http.Handler {
	opts := cors.Options{
		AllowedOrigins:   o.AllowedOrigins,
		AllowedMethods:   o.AllowedMethods,
		AllowedHeaders:   o.AllowedHeaders,
		ExposedHeaders:   o.ExposedHeaders,
		AllowCredentials: o.AllowCredentials,
		MaxAge:           int(o.MaxAge / time.Second),
	}
	if o.MaxAge < 0 {
		opts.MaxAge = -1
	}
	if len(o.AllowedOrigins) == 0 {
		opts.AllowOriginFunc = func(string) bool { return false }
	}
	return cors.New(opts).Handler
}
