package fwk

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Timeouts and limits of the server started by Run and Serve.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 60 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 64 << 10
	shutdownTimeout   = 15 * time.Second
)

// Run is the command line of the app; args are the program name and its
// arguments (os.Args). Commands:
//
//	serve [-addr host:port]   serve HTTP until SIGINT or SIGTERM, then shut
//	                          down gracefully (the default command;
//	                          -addr defaults to ":8080")
//	urls                      print the route table (methods, rule,
//	                          endpoint, view)
//
// Output goes to os.Stdout unless SetOutput was called.
func (a *App) Run(args []string) error {
	if len(args) > 0 {
		args = args[1:]
	}
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return a.runServe(args)
	case "urls":
		return a.runURLs(args)
	case "help":
		a.usage(a.out)
		return nil
	}
	a.usage(a.out)
	return fmt.Errorf("fwk: unknown command %q", cmd)
}

func (a *App) usage(w io.Writer) {
	fmt.Fprint(w, `Commands:
  serve [-addr host:port]  serve HTTP (default command; -addr defaults to ":8080")
  urls                     print the route table
`)
}

func (a *App) runURLs(args []string) error {
	fl := flag.NewFlagSet("urls", flag.ContinueOnError)
	fl.SetOutput(a.out)
	if err := fl.Parse(args); err != nil {
		return ignoreHelp(err)
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("fwk: urls: unexpected arguments %q", fl.Args())
	}
	return a.WriteRouteTable(a.out)
}

func (a *App) runServe(args []string) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(a.out)
	addr := fl.String("addr", ":8080", "listen `address` (host:port)")
	if err := fl.Parse(args); err != nil {
		return ignoreHelp(err)
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("fwk: serve: unexpected arguments %q", fl.Args())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("fwk: serve: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(a.out, "serving on http://%s (Ctrl-C to stop)\n", ln.Addr())
	return a.Serve(ctx, ln)
}

func ignoreHelp(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// Serve serves HTTP on l until ctx is done, then shuts down gracefully: it
// stops accepting connections and waits up to 15 seconds for requests in
// flight. The server has read-header, read, write and idle timeouts (10s,
// 60s, 60s, 120s) and a 64 KiB header limit. It returns nil after a clean
// shutdown.
func (a *App) Serve(ctx context.Context, l net.Listener) error {
	srv := &http.Server{
		Handler:           a,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	select {
	case err := <-done:
		return fmt.Errorf("fwk: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("fwk: shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("fwk: serve: %w", err)
	}
	return nil
}
