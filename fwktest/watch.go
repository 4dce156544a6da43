package fwktest

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A request is watched while it is served: the records the app logs
// meanwhile are kept with it (Response.Logs), and a 500, a panic, a failed
// exchange or a record at ERROR fails the test unless the request was sent
// with ExpectError.
//
// A record is the request's when it was logged with its context (the
// request's context carries its *pending), or from the goroutine serving
// it: fwk, and most views, log without a context, and the app serves a
// request in one goroutine (the test's in-process, the server's over
// loopback), which is registered in serving while it does. A record from
// another goroutine (one a view started, a background task) goes to every
// request the client has in flight. Clients of one App in parallel tests
// each receive every record of the App, and keep their own.

// logLevelObserved is the lowest level kept in Response.Logs.
const logLevelObserved = slog.LevelDebug

// pendingKey is the context key of a request's *pending.
type pendingKey struct{}

// pending is a request of the client being served.
type pending struct {
	id     string
	c      *Client
	logs   []slog.Record
	panics []string
	// started and done: the loopback server runs the app for it, and is
	// done (the handler returned).
	started bool
	done    chan struct{}
}

// start registers a new request.
func (f *inflight) start(c *Client) *pending {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.next++
	p := &pending{id: strconv.Itoa(f.next), c: c, done: make(chan struct{})}
	f.pending[p.id] = p
	return p
}

// finish unregisters p once the app is done with it (the loopback server's
// handler may still run when the client has read the response) and
// returns what it collected.
func (f *inflight) finish(p *pending) ([]slog.Record, []string) {
	f.mu.Lock()
	started := p.started
	f.mu.Unlock()
	if started {
		<-p.done
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.pending, p.id)
	return p.logs, p.panics
}

// lookup returns the request of id, marking it started.
func (f *inflight) lookup(id string) *pending {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.pending[id]
	if p != nil && !p.started {
		p.started = true
		return p
	}
	return nil
}

// served marks the end of the loopback handler of p.
func (f *inflight) served(p *pending) { close(p.done) }

// panicked records a panic of the request p.
func (f *inflight) panicked(p *pending, what string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p.panics = append(p.panics, what)
}

// panickedAll records a panic for every request in flight.
func (f *inflight) panickedAll(what string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.pending {
		p.panics = append(p.panics, what)
	}
}

// serverMessage records a line of the loopback server's error log, as a
// warning, for every request in flight.
func (f *inflight) serverMessage(line string) {
	r := slog.NewRecord(time.Now(), slog.LevelWarn, "net/http: "+line, 0)
	f.addAll(r)
}

// add keeps r for p.
func (f *inflight) add(p *pending, r slog.Record) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p.logs = append(p.logs, r)
}

// addAll keeps r for every request in flight.
func (f *inflight) addAll(r slog.Record) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.pending {
		p.logs = append(p.logs, r)
	}
}

// serving maps the id of a goroutine serving a request to its *pending.
// Goroutine ids are the process's, hence a variable of the package.
var serving sync.Map

// servedBy registers the calling goroutine as serving p until the
// returned function is called.
func servedBy(p *pending) (done func()) {
	id := goroutineID()
	serving.Store(id, p)
	return func() { serving.Delete(id) }
}

// goroutineID returns the id of the calling goroutine, from the first line
// of its stack ("goroutine 18 [running]:"); the runtime gives no other way.
func goroutineID() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	s := strings.TrimPrefix(string(buf[:n]), "goroutine ")
	s, _, _ = strings.Cut(s, " ")
	id, _ := strconv.ParseUint(s, 10, 64)
	return id
}

// observe receives the app's log records (fwk.App.ObserveLog).
func (c *Client) observe(ctx context.Context, r slog.Record) {
	p, ok := ctx.Value(pendingKey{}).(*pending)
	if !ok {
		var v any
		if v, ok = serving.Load(goroutineID()); ok {
			p = v.(*pending)
		}
	}
	if ok {
		if p.c == c {
			c.inflight.add(p, r)
		}
		return
	}
	c.inflight.addAll(r)
}

// checkMistakes fails the test when the app failed while serving r.
func (r *Response) checkMistakes(panics []string) {
	var what []string
	if r.Err != nil {
		what = append(what, "the exchange failed: "+r.Err.Error())
	}
	what = append(what, panics...)
	if r.StatusCode == http.StatusInternalServerError {
		what = append(what, "the app answered 500 Internal Server Error")
	}
	for _, rec := range r.Logs {
		if rec.Level >= slog.LevelError {
			what = append(what, "the app logged: "+formatRecord(rec))
		}
	}
	if len(what) == 0 {
		return
	}
	r.client.t.Helper()
	r.client.t.Errorf("fwktest: %s %s: the app failed while serving it:\n  %s\nresponse: %s\n(send the request with fwktest.ExpectError() if the test expects this)",
		r.req.Method, r.req.URL, strings.Join(what, "\n  "), r)
}

// formatRecord writes a record as `LEVEL "message" key=value ...`; a
// multi-line value (a stack) follows on its own lines.
func formatRecord(rec slog.Record) string {
	var b, long strings.Builder
	fmt.Fprintf(&b, "%s %q", rec.Level, rec.Message)
	var attr func(prefix string, a slog.Attr)
	attr = func(prefix string, a slog.Attr) {
		v := a.Value.Resolve()
		if v.Kind() == slog.KindGroup {
			for _, g := range v.Group() {
				attr(prefix+a.Key+".", g)
			}
			return
		}
		s := v.String()
		if strings.Contains(s, "\n") {
			fmt.Fprintf(&long, "\n    %s%s:\n      %s", prefix, a.Key, strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n      "))
			return
		}
		fmt.Fprintf(&b, " %s%s=%s", prefix, a.Key, quoteIfNeeded(s))
	}
	rec.Attrs(func(a slog.Attr) bool { attr("", a); return true })
	return b.String() + long.String()
}

// quoteIfNeeded quotes s when it is empty or holds spaces or quotes.
func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"=") {
		return strconv.Quote(s)
	}
	return s
}
