// Command blog is the example application of fwk: a small blog with public
// pages, a contact form, a login-protected admin area and a JSON API, on
// SQLite.
//
//	go run ./examples/blog                 # serves on http://127.0.0.1:8080
//	go run ./examples/blog -addr :9000     # another address
//	go run ./examples/blog urls            # prints the route table
//
// Flags (each also read from the environment variable in brackets):
//
//	-addr      listen address [BLOG_ADDR], default 127.0.0.1:8080
//	-driver    database/sql driver [BLOG_DB_DRIVER]: sqlite, or pgx for
//	           PostgreSQL (build with -tags postgres); by default pgx for a
//	           postgres:// or postgresql:// DSN, else sqlite
//	-db        database [BLOG_DB]: an SQLite file (default fwk-blog.db in
//	           the temporary directory; ":memory:" for a throw-away one) or a
//	           PostgreSQL DSN
//	-api-token bearer token of the API's writes [BLOG_API_TOKEN], random
//	           (and printed) when unset
//	-admin-password password of the "admin" user [BLOG_ADMIN_PASSWORD], set
//	           on every run when given; when unset, a new admin gets a
//	           random password (printed) and an existing one keeps its own
//	-redis     Redis server keeping the sessions [BLOG_REDIS_ADDR], host:port;
//	           unset: sessions live in the signed cookie
//
// Prometheus metrics are served on /metrics (METRICS_PATH); BLOG_TRACE=stdout
// prints an OpenTelemetry span per request (see observeBundles).
//
// fwk's own settings come from the environment under their Flask-Unchained names
// (SECRET_KEY, WTF_CSRF_ENABLED, DEBUG, ...): see fwk.ConfigFromEnv.
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/fwkgo/fwk/fwkotel"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Stdout, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// settings are the blog's own flags.
type settings struct {
	addr, driver, dsn, apiToken, adminPassword, redisAddr string
	logins                                                LoginLimits
}

// parseSettings reads the flags of args (after the program name), with
// defaults from the environment; it returns the arguments left (the fwk
// command: serve or urls).
func parseSettings(args []string, out io.Writer, getenv func(string) string) (settings, []string, error) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	var s settings
	fl := flag.NewFlagSet("blog", flag.ContinueOnError)
	fl.SetOutput(out)
	fl.StringVar(&s.addr, "addr", env("BLOG_ADDR", "127.0.0.1:8080"), "listen `address` [BLOG_ADDR]")
	fl.StringVar(&s.driver, "driver", env("BLOG_DB_DRIVER", ""), "database/sql `driver`: sqlite, or pgx with -tags postgres; default: from the DSN [BLOG_DB_DRIVER]")
	fl.StringVar(&s.dsn, "db", env("BLOG_DB", filepath.Join(os.TempDir(), "fwk-blog.db")), "SQLite file, \":memory:\", or PostgreSQL `DSN` [BLOG_DB]")
	fl.StringVar(&s.apiToken, "api-token", env("BLOG_API_TOKEN", ""), "bearer `token` for API writes; random when empty [BLOG_API_TOKEN]")
	fl.StringVar(&s.adminPassword, "admin-password", env("BLOG_ADMIN_PASSWORD", ""), "`password` of the admin user, set on every run; when empty, a new admin gets a random one (printed) [BLOG_ADMIN_PASSWORD]")
	fl.StringVar(&s.redisAddr, "redis", env("BLOG_REDIS_ADDR", ""), "Redis `host:port` keeping the sessions; empty: in the cookie [BLOG_REDIS_ADDR]")
	def := DefaultLoginLimits()
	if err := rateFlag(fl, &s.logins.PerClient, "login-rate", "BLOG_LOGIN_RATE", def.PerClient.String(),
		"login attempts from one client address: N/s, N/m, N/h or off", getenv); err != nil {
		return s, nil, err
	}
	if err := rateFlag(fl, &s.logins.Global, "login-rate-global", "BLOG_LOGIN_RATE_GLOBAL", def.Global.String(),
		"login attempts from all clients together", getenv); err != nil {
		return s, nil, err
	}
	if err := fl.Parse(args); err != nil {
		return s, nil, err
	}
	if s.driver == "" {
		s.driver = driverFor(s.dsn)
	}
	if _, err := dialectFor(s.driver); err != nil {
		return s, nil, err
	}
	return s, fl.Args(), nil
}

// rateFlag defines the flag name holding a Rate, whose default is the
// value of the environment variable key, else def.
func rateFlag(fl *flag.FlagSet, r *Rate, name, key, def, usage string, getenv func(string) string) error {
	v := getenv(key)
	if v == "" {
		v = def
	}
	var err error
	if *r, err = ParseRate(v); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	fl.Func(name, fmt.Sprintf("%s (default %s) [%s]", usage, v, key), func(s string) (err error) {
		*r, err = ParseRate(s)
		return err
	})
	return nil
}

// run is main without the exit: args are os.Args; it serves until ctx is
// done. Mistakes in the arguments and the address are reported before the
// database is touched.
func run(ctx context.Context, args []string, out io.Writer, getenv func(string) string) error {
	s, rest, err := parseSettings(args[1:], out, getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 && rest[0] != "serve" { // urls, help
		return runCommand(ctx, s, append([]string{args[0]}, rest...), out)
	}
	if len(rest) > 1 {
		return fmt.Errorf("blog: serve: unexpected arguments %q (flags go before the command)", rest[1:])
	}
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return fmt.Errorf("blog: %w", err)
	}
	defer ln.Close()
	store, err := OpenStore(ctx, s.driver, s.dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	if s.apiToken == "" {
		s.apiToken = rand.Text()
		fmt.Fprintf(out, "API token for this run (set BLOG_API_TOKEN to choose one): %s\n", s.apiToken)
	}
	if err := seedAdmin(ctx, store, s.adminPassword, out); err != nil {
		return err
	}
	sessions, closeSessions, err := redisSessions(ctx, s.redisAddr)
	if err != nil {
		return err
	}
	defer closeSessions()
	observe, stopTraces, err := observeBundles(out, getenv)
	if err != nil {
		return err
	}
	defer stopTraces(context.Background())
	// The access log and the app's errors, with the trace id when traced.
	logger := slog.New(fwkotel.LogHandler(slog.NewTextHandler(out, nil)))
	app, err := NewApp(configFromEnv(out), Options{Store: store, APIToken: s.apiToken, Logger: logger,
		Sessions: sessions, LoginLimits: &s.logins, Observe: observe})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "database: %s (%s)\nserving on http://%s (Ctrl-C to stop)\n", redactDSN(s.dsn), s.driver, ln.Addr())
	return app.Serve(ctx, ln)
}

// runCommand runs an fwk command other than serve (urls, help) on the
// blog's app; args are the program name and the command's arguments.
func runCommand(ctx context.Context, s settings, args []string, out io.Writer) error {
	store, err := OpenStore(ctx, s.driver, s.dsn)
	if err != nil {
		return err
	}
	defer store.Close()
	app, err := NewApp(configFromEnv(io.Discard), Options{Store: store}) // the served app's: "openapi" prints its document
	if err != nil {
		return err
	}
	app.SetOutput(out)
	return app.Run(args)
}

// seedAdmin makes sure the "admin" user exists, and says on out how to
// log in. With a password (BLOG_ADMIN_PASSWORD), the admin has it on every
// run, created or not, so re-runs are predictable. Without one, a new
// admin gets a random password, printed once; an existing one keeps its
// password, and out says how to set a new one.
func seedAdmin(ctx context.Context, store *Store, password string, out io.Writer) error {
	if password != "" {
		found, err := store.SetPassword(ctx, adminName, password, adminIterations)
		if err != nil || found {
			if found {
				fmt.Fprintf(out, "user %s: password set from BLOG_ADMIN_PASSWORD\n", adminName)
			}
			return err
		}
		if _, err := store.CreateUser(ctx, adminName, password, adminIterations); err != nil {
			return err
		}
		fmt.Fprintf(out, "user %s created with the password of BLOG_ADMIN_PASSWORD\n", adminName)
		return nil
	}
	n, err := store.CountUsers(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		fmt.Fprintf(out, "user %s: password unchanged (printed when it was created); "+
			"set BLOG_ADMIN_PASSWORD to set it on every run\n", adminName)
		return nil
	}
	password = rand.Text()
	if _, err := store.CreateUser(ctx, adminName, password, adminIterations); err != nil {
		return err
	}
	fmt.Fprintf(out, "user %s created with password %s "+
		"(kept in the database; set BLOG_ADMIN_PASSWORD to choose it)\n", adminName, password)
	return nil
}

// adminName is the user seedAdmin creates.
const adminName = "admin"

// redactDSN hides the password of a URL-shaped DSN before it is printed;
// other DSNs (key=value lists) are printed only when they hold no password.
func redactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		return u.Redacted()
	}
	if strings.Contains(strings.ToLower(dsn), "password") {
		return "(DSN with a password, not shown)"
	}
	return dsn
}
