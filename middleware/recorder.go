package middleware

import (
	"io"
	"net/http"
)

// Recorder is an http.ResponseWriter that records the status and the number
// of body bytes written through it. It implements http.Flusher and
// io.ReaderFrom, and Unwrap lets http.NewResponseController reach the
// features of the writer it wraps (Hijack, SetReadDeadline, ...).
type Recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// NewRecorder returns a Recorder writing to w.
func NewRecorder(w http.ResponseWriter) *Recorder { return &Recorder{ResponseWriter: w} }

// Status returns the status sent, 200 when the body was written without
// one, and 0 while nothing was sent (net/http sends 200 when a handler
// returns without writing). Informational (1xx) statuses are not recorded.
func (r *Recorder) Status() int { return r.status }

// Bytes returns the number of body bytes written.
func (r *Recorder) Bytes() int64 { return r.bytes }

// WriteHeader records the first final status and forwards code.
func (r *Recorder) WriteHeader(code int) {
	if r.status == 0 && (code >= 200 || code == http.StatusSwitchingProtocols) {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

// Write forwards b and counts the bytes written.
func (r *Recorder) Write(b []byte) (int, error) {
	r.implicitOK()
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// ReadFrom copies src to the wrapped writer (using its io.ReaderFrom, such
// as sendfile, when it has one) and counts the bytes.
func (r *Recorder) ReadFrom(src io.Reader) (int64, error) {
	r.implicitOK()
	n, err := io.Copy(r.ResponseWriter, src)
	r.bytes += n
	return n, err
}

// Flush sends buffered data to the client, when the wrapped writer can.
func (r *Recorder) Flush() {
	r.implicitOK()
	_ = http.NewResponseController(r.ResponseWriter).Flush()
}

// Unwrap returns the wrapped writer, for http.NewResponseController.
func (r *Recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (r *Recorder) implicitOK() {
	if r.status == 0 {
		r.status = http.StatusOK
	}
}
