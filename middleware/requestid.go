package middleware

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"net/http"
	"strconv"
	"sync/atomic"
)

// RequestIDHeader is the header RequestID reads and sets.
const RequestIDHeader = "X-Request-ID"

// maxRequestIDLen bounds an incoming request id.
const maxRequestIDLen = 64

type requestIDKey struct{}

// RequestID returns middleware giving every request an id: the incoming
// X-Request-ID when it is 1 to 64 characters of letters, digits and "-_.:"
// (so that an id set by a proxy carries through), else a new one, unique
// across processes: a random prefix per middleware value and a counter
// ("K3N2QZLB7YQ4A-42"). The id is set on the response header and in the
// request context; read it with RequestIDFrom.
func RequestID() func(http.Handler) http.Handler {
	var seed [8]byte
	_, _ = rand.Read(seed[:]) // never fails (crypto/rand)
	prefix := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(seed[:]) + "-"
	var n atomic.Uint64
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get(RequestIDHeader)
			if !validRequestID(id) {
				id = prefix + strconv.FormatUint(n.Add(1), 10)
			}
			w.Header().Set(RequestIDHeader, id)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
		})
	}
}

// RequestIDFrom returns the request id RequestID stored in ctx, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// validRequestID reports whether an incoming id may be kept.
func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '-' || c == '_' || c == '.' || c == ':'
		if !ok {
			return false
		}
	}
	return true
}
