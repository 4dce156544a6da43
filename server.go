package fwk

// The HTTP server of Run and Serve: App.Serve, the http.Server it builds
// from the Config, and its graceful shutdown (App.drain).

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/fwkgo/fwk/internal/deadline"
)

// Serve serves HTTP on l until ctx is done, then shuts down gracefully: the
// app turns not ready (ReadinessHandler answers 503), the server closes
// connections after their current response and keeps serving for
// Config.DrainDelay so a load balancer takes the replica out, then it
// stops accepting connections and waits up to Config.ShutdownTimeout (15s)
// for requests in flight. The server's read-header, read, write and idle
// timeouts (10s, 60s, 60s, 120s) and header limit (64 KiB) are the Config's
// ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout and
// MaxHeaderBytes; the read timeouts are enforced by a watch that fires up
// to a twentieth of the shortest timeout late (at most 500ms), without
// timer work per request (docs/performance.md). It returns nil after a
// clean shutdown. Before serving it warns of a template that calls
// csrfToken while SECRET_KEY is not set, and, once per App, of HTML forms
// posting to views while CSRF protection is off (WTF_CSRF_ENABLED).
func (a *App) Serve(ctx context.Context, l net.Listener) error {
	a.warnCSRFTemplates()
	a.warnCSRFOff()
	srv := a.cfg.newServer(a)
	srv.ErrorLog = slog.NewLogLogger(a.log.Handler(), slog.LevelWarn)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(a.cfg.serveListener(l)) }()
	select {
	case err := <-done:
		return fmt.Errorf("fwk: serve: %w", err)
	case <-ctx.Done():
	}
	a.drain(srv) // not ready: the balancer stops sending requests
	sctx, cancel := context.Background(), context.CancelFunc(func() {})
	if d := timeout(a.cfg.ShutdownTimeout, defaultShutdownTimeout); d > 0 {
		sctx, cancel = context.WithTimeout(sctx, d)
	}
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("fwk: shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("fwk: serve: %w", err)
	}
	return nil
}

// newServer returns the http.Server of Serve for handler h; Serve accepts
// its connections through serveListener. ReadTimeout and WriteTimeout are
// applied by deadline.Handler and the connections of deadline.Listener,
// not by net/http, and the connections enforce net/http's far read
// deadlines themselves (see package internal/deadline).
func (c Config) newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler: deadline.Handler(h, timeout(c.ReadTimeout, defaultReadTimeout),
			timeout(c.WriteTimeout, defaultWriteTimeout)),
		ReadHeaderTimeout: timeout(c.ReadHeaderTimeout, defaultReadHeaderTimeout),
		IdleTimeout:       timeout(c.IdleTimeout, defaultIdleTimeout),
		MaxHeaderBytes:    c.maxHeaderBytes(),
		ConnState:         deadline.ConnState,
	}
}

// serveListener is l with each connection it accepts wrapped by
// deadline.Listener: the write timeout, and a watch for the read deadlines
// whose tick follows the shortest timeout.
func (c Config) serveListener(l net.Listener) net.Listener {
	ts := [...]time.Duration{timeout(c.ReadHeaderTimeout, defaultReadHeaderTimeout),
		timeout(c.ReadTimeout, defaultReadTimeout), timeout(c.WriteTimeout, defaultWriteTimeout),
		timeout(c.IdleTimeout, defaultIdleTimeout)}
	shortest := time.Duration(0)
	for _, d := range ts {
		if d > 0 && (shortest == 0 || d < shortest) {
			shortest = d
		}
	}
	return deadline.Listener(l, ts[2], shortest)
}

// drain is the start of Serve's shutdown: the app is no longer ready, the
// server closes connections after their current response, and it keeps
// serving for DrainDelay so the balancer sees the readiness change before
// the listener closes.
func (a *App) drain(srv *http.Server) {
	a.SetReady(false)
	srv.SetKeepAlivesEnabled(false)
	if d := a.cfg.DrainDelay; d > 0 {
		a.log.Info("fwk: draining before shutdown", "delay", d.String())
		t := time.NewTimer(d)
		defer t.Stop()
		<-t.C
	}
}
