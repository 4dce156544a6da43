package fwk

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// defaultAddr is where serve listens without -addr, ADDR or PORT: the
// loopback interface only, as Flask's development server does.
const defaultAddr = "127.0.0.1:8080"

// Run is the command line of the app; args are the program name and its
// arguments (os.Args). Commands:
//
//	serve [-addr host:port]   serve HTTP until SIGINT or SIGTERM, then shut
//	                          down gracefully (the default command)
//	urls                      print the route table (methods, rule,
//	                          endpoint, view)
//	openapi [-3.0]            print the OpenAPI document of the JSON views
//	                          (App.OpenAPI; with -3.0, App.OpenAPI30)
//
// serve listens on, first found:
//
//	-addr host:port           the flag
//	ADDR=host:port            the environment
//	ADDR=host, PORT=port      host from ADDR, port from PORT (8080 without it)
//	PORT=port                 127.0.0.1:port
//	(nothing)                 127.0.0.1:8080, reachable from this machine only
//
// To accept connections from other machines (in a container, behind a load
// balancer), say so: -addr :8080, or ADDR=0.0.0.0. The server's timeouts and
// header limit come from the Config (ReadHeaderTimeout, ..., MaxHeaderBytes).
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
	case "openapi":
		return a.runOpenAPI(args)
	case "help":
		a.usage(a.out)
		return nil
	}
	a.usage(a.out)
	return fmt.Errorf("fwk: unknown command %q", cmd)
}

func (a *App) usage(w io.Writer) {
	fmt.Fprint(w, `Commands:
  serve [-addr host:port]  serve HTTP (default command; -addr, else ADDR and
                           PORT, else 127.0.0.1:8080)
  urls                     print the route table
  openapi [-3.0]           print the OpenAPI document of the JSON views
                           (-3.0: as OpenAPI 3.0.3)
`)
}

func (a *App) runURLs(args []string) error {
	if done, err := a.noArgs("urls", args); done {
		return err
	}
	return a.WriteRouteTable(a.out)
}

// noArgs parses the arguments of a command that takes none: done is true
// when the command must not run (-h asked for its usage, or an error).
func (a *App) noArgs(cmd string, args []string) (done bool, err error) {
	fl := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fl.SetOutput(a.out)
	if err := fl.Parse(args); err != nil {
		return true, ignoreHelp(err)
	}
	if fl.NArg() > 0 {
		return true, fmt.Errorf("fwk: %s: unexpected arguments %q", cmd, fl.Args())
	}
	return false, nil
}

func (a *App) runServe(args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return a.serveCommand(ctx, args, os.LookupEnv)
}

// serveCommand is the serve command: it serves until ctx is done; lookupEnv
// reads ADDR and PORT.
func (a *App) serveCommand(ctx context.Context, args []string, lookupEnv func(string) (string, bool)) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(a.out)
	flagAddr := fl.String("addr", "", "listen `address` (host:port; default: ADDR and PORT, else "+defaultAddr+")")
	if err := fl.Parse(args); err != nil {
		return ignoreHelp(err)
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("fwk: serve: unexpected arguments %q", fl.Args())
	}
	addr := serveAddr(*flagAddr, lookupEnv)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("fwk: serve: %w", err)
	}
	fmt.Fprintf(a.out, "serving on http://%s (Ctrl-C to stop)\n", ln.Addr())
	return a.Serve(ctx, ln)
}

// serveAddr picks the listen address as documented on Run.
func serveAddr(flagAddr string, lookupEnv func(string) (string, bool)) string {
	if flagAddr != "" {
		return flagAddr
	}
	addr, _ := lookupEnv("ADDR")
	port, _ := lookupEnv("PORT")
	if addr == "" && port == "" {
		return defaultAddr
	}
	host := strings.Trim(addr, "[]") // a bare host, IPv6 or not
	if h, p, err := net.SplitHostPort(addr); err == nil {
		if p != "" {
			return net.JoinHostPort(h, p)
		}
		host = h // "host:" takes its port from PORT
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if port == "" {
		port = "8080"
	}
	return net.JoinHostPort(host, port)
}

func ignoreHelp(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}
