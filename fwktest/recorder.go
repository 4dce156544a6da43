package fwktest

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"time"
)

// recorder is the http.ResponseWriter of an in-process request. Unlike
// httptest.ResponseRecorder it answers as net/http's server does: the
// header is taken when the status is written (later changes are lost), a
// missing Content-Type is sniffed from the first 512 bytes of the body, a
// body of at most 2 KiB that was not flushed gets a Content-Length (a larger
// one is chunked), a status without a body refuses writes, and a Date is
// added.
type recorder struct {
	header  http.Header // the handler's
	sent    http.Header // taken at WriteHeader
	status  int
	body    bytes.Buffer
	flushed bool
}

// chunkingSize is net/http's bufferBeforeChunkingSize: a response whose
// handler wrote more before returning (or flushed) is chunked.
const chunkingSize = 2048

func newRecorder() *recorder { return &recorder{header: http.Header{}} }

// Header returns the header the handler sets.
func (w *recorder) Header() http.Header { return w.header }

// WriteHeader takes the status and the header; informational (1xx) and
// repeated calls are ignored.
func (w *recorder) WriteHeader(code int) {
	if w.status != 0 || code < 200 {
		return
	}
	w.status = code
	w.sent = w.header.Clone()
}

// Write buffers b, writing a 200 first if no status was.
func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	return w.body.Write(b)
}

// Flush commits the header, as a flush to a client does.
func (w *recorder) Flush() {
	w.WriteHeader(http.StatusOK)
	if !w.flushed {
		w.sniff(w.body.Bytes())
		w.flushed = true
	}
}

// sniff sets the Content-Type a server would when the handler set none.
func (w *recorder) sniff(p []byte) {
	_, typed := w.sent["Content-Type"]
	if typed || len(p) == 0 || w.sent.Get("Transfer-Encoding") != "" || !bodyAllowed(w.status) {
		return
	}
	w.sent.Set("Content-Type", http.DetectContentType(p[:min(len(p), 512)]))
}

// result returns the response the client receives for req.
func (w *recorder) result(req *http.Request) *http.Response {
	w.WriteHeader(http.StatusOK)
	if !w.flushed {
		w.sniff(w.body.Bytes())
	}
	h := w.sent
	if h.Get("Date") == "" {
		h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	}
	length := int64(-1)
	if cl := h.Get("Content-Length"); cl != "" {
		length, _ = strconv.ParseInt(cl, 10, 64)
	} else if !w.flushed && w.body.Len() <= chunkingSize && bodyAllowed(w.status) {
		length = int64(w.body.Len())
		h.Set("Content-Length", strconv.FormatInt(length, 10))
	}
	body := w.body.Bytes()
	if req.Method == http.MethodHead {
		body = nil
	}
	return &http.Response{
		Status: strconv.Itoa(w.status) + " " + http.StatusText(w.status), StatusCode: w.status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: h, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: length, Request: req,
	}
}

// bodyAllowed reports whether a response of status may have a body.
func bodyAllowed(status int) bool {
	return status != http.StatusNoContent && status != http.StatusNotModified
}
