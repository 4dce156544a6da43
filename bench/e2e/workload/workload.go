// Package workload is what every server of the end-to-end benchmark
// serves, and what the driver sends and expects:
//
//	GET  /users/{id}           the user with that int id, as JSON (User)
//	GitHub API set             the 203 routes of ../testdata/github.txt; each
//	                           handler reads every param and answers the values
//	                           joined by commas (text/plain)
//	POST /signup               SignupBody (206 bytes of JSON) decoded into a
//	                           Signup and validated, answered 201 with Created
//
// Each server is a main package in ../servers/<name>; it calls Main with
// its handler. A server serves the GitHub set only when given its route
// file (-routes): the set has GET /users/:user, which gin cannot register
// next to /users/:id.
package workload

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/go-playground/validator/v10"
)

// User is the answer of GET /users/{id}.
type User struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// UserFor returns the user with id.
func UserFor(id int) User {
	return User{ID: id, Name: "Ann Smith", Email: "ann@example.com"}
}

// Signup is the body of POST /signup; gin reads the `binding` tags,
// the others `validate`.
type Signup struct {
	Name     string   `json:"name" validate:"required,min=2" binding:"required,min=2"`
	Email    string   `json:"email" validate:"required,email" binding:"required,email"`
	Age      int      `json:"age" validate:"gte=0,lte=150" binding:"gte=0,lte=150"`
	Country  string   `json:"country" validate:"required,len=2" binding:"required,len=2"`
	City     string   `json:"city" validate:"required" binding:"required"`
	Zip      string   `json:"zip" validate:"max=10" binding:"max=10"`
	Phone    string   `json:"phone" validate:"max=20" binding:"max=20"`
	Tags     []string `json:"tags" validate:"max=5" binding:"max=5"`
	Score    float64  `json:"score" validate:"gte=0" binding:"gte=0"`
	Accepted bool     `json:"accepted"`
}

// SignupBody is the 206-byte body the driver posts.
const SignupBody = `{"name":"Ann Marie Smithson","email":"ann.marie.smith@example.com","age":34,"country":"NO",` +
	`"city":"Bergen","zip":"0150","phone":"+47 22 00 00 00","tags":["admin","beta","early"],"score":9.5,"accepted":true}`

// Created is the answer of POST /signup.
type Created struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// NewValidator is the validator of the servers that bring their own.
func NewValidator() *validator.Validate {
	return validator.New(validator.WithRequiredStructEnabled())
}

// Route is one route of the GitHub set.
type Route struct {
	Method  string
	Pattern string   // colon syntax: /repos/:owner/:repo
	Path    string   // the request path: /repos/owner1/repo1
	Params  []string // the param names, in order
}

// Want is the answer of a route's handler: its param values joined by
// commas.
func (r Route) Want() string {
	vals := make([]string, len(r.Params))
	for i, p := range r.Params {
		vals[i] = p + "1"
	}
	return strings.Join(vals, ",")
}

// Spell returns the pattern with each ":name" segment replaced by
// repl(name).
func (r Route) Spell(repl func(name string) string) string {
	segs := strings.Split(r.Pattern, "/")
	for i, s := range segs {
		if name, ok := strings.CutPrefix(s, ":"); ok {
			segs[i] = repl(name)
		}
	}
	return strings.Join(segs, "/")
}

// LoadRoutes reads a route file ("METHOD /path" lines).
func LoadRoutes(file string) ([]Route, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rs []Route
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		method, pattern, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("%s: bad line %q", file, line)
		}
		rt := Route{Method: method, Pattern: pattern}
		rt.Path = rt.Spell(func(name string) string { rt.Params = append(rt.Params, name); return name + "1" })
		rs = append(rs, rt)
	}
	return rs, sc.Err()
}

// Options are the command line of a server.
type Options struct {
	Addr   string
	Routes []Route
	// Safe: serve with the protections against slow and idle clients (see
	// SafeServer); fwk's server uses its own Serve.
	Safe bool
}

// Parse reads the command line of a server: -addr, -routes, -safe.
func Parse() Options {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	file := flag.String("routes", "", "GitHub route file (none: the GitHub set is not served; its /users/:user would take /users/abc)")
	safe := flag.Bool("safe", false, "serve with read, write and idle timeouts and a header limit")
	flag.Parse()
	var rs []Route
	if *file != "" {
		var err error
		if rs, err = LoadRoutes(*file); err != nil {
			log.Fatal(err)
		}
	}
	return Options{Addr: *addr, Routes: rs, Safe: *safe}
}

// SafeServer is an http.Server with the protections of fwk's serve command
// given to net/http: ReadHeaderTimeout 10s, ReadTimeout 60s, WriteTimeout
// 60s, IdleTimeout 120s, MaxHeaderBytes 64 KiB.
func SafeServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 60 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second, MaxHeaderBytes: 64 << 10}
}

// Main serves h on o.Addr until SIGTERM or SIGINT: with SafeServer when
// o.Safe, else with a bare http.Server.
func Main(o Options, h http.Handler) {
	srv := &http.Server{Handler: h}
	if o.Safe {
		srv = SafeServer(h)
	}
	ln := Listen(o.Addr)
	go func() { _ = srv.Serve(ln) }()
	<-Stopped().Done()
	_ = srv.Close()
}

// Listen listens on addr or exits.
func Listen(addr string) net.Listener {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	return ln
}

// Stopped is done on SIGTERM or SIGINT.
func Stopped() context.Context {
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	return ctx
}

// AppendValues appends the value of each of names, read with get, joined
// by commas: what a GitHub route's handler answers.
func AppendValues(dst []byte, names []string, get func(name string) string) []byte {
	for i, n := range names {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, get(n)...)
	}
	return dst
}

// TextPlain is the Content-Type of the GitHub routes' answers.
const TextPlain = "text/plain; charset=utf-8"

// WriteJSON answers v as JSON with status code, as a handler of plain
// net/http writes it.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteText answers b as text/plain.
func WriteText(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", TextPlain)
	_, _ = w.Write(b)
}

// Signup1 is POST /signup written for plain net/http: decode (unknown
// fields refused), validate, answer 201 with Created.
func Signup1(w http.ResponseWriter, r *http.Request, v *validator.Validate) {
	var in Signup
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := v.Struct(&in); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	WriteJSON(w, http.StatusCreated, Created{ID: 1, Name: in.Name})
}
