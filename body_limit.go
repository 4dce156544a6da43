package fwk

import (
	"io"
	"net/http"
	"strings"
)

// bodyLimit is the reader the App puts on a request body under
// MAX_CONTENT_LENGTH: it does what http.MaxBytesReader does, but lives in
// the pooled Ctx, so that a request with a body pays no allocation for it.
// Past the limit a read fails with an *http.MaxBytesError, and the server is
// told to close the connection after the response, as MaxBytesReader tells
// it.
type bodyLimit struct {
	r     io.ReadCloser
	w     http.ResponseWriter
	limit int64 // the limit, for the error
	n     int64 // bytes left
	err   error // sticky
}

// limitRequestBody caps the body of the request of c at n bytes (n >= 0),
// as LimitBody does with http.MaxBytesReader; it reports the 413 of a
// declared Content-Length over n.
func (c *Ctx) limitRequestBody(w http.ResponseWriter, n int64) error {
	r := c.req
	if r.ContentLength > n {
		return errBodyTooLarge(n, "MAX_CONTENT_LENGTH")
	}
	c.lim = bodyLimit{r: r.Body, w: w, limit: n, n: n}
	r.Body = &c.lim
	return nil
}

func (l *bodyLimit) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if int64(len(p))-1 > l.n { // one byte more than is left tells whether the body goes past it
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	if int64(n) <= l.n {
		l.n -= int64(n)
		l.err = err
		return n, err
	}
	n, l.n = int(l.n), 0
	tellTooLarge(l.w)
	l.err = &http.MaxBytesError{Limit: l.limit}
	return n, l.err
}

func (l *bodyLimit) Close() error { return l.r.Close() }

// tellTooLarge tells the server of w that the request body was too large,
// through the only way net/http offers: a MaxBytesReader that goes past its
// limit (the server then closes the connection after the response).
func tellTooLarge(w http.ResponseWriter) {
	_, _ = http.MaxBytesReader(w, io.NopCloser(strings.NewReader("x")), 0).Read(make([]byte, 1))
}
