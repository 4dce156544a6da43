package fwk_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// leakInput is bound by the views of the body error tests: nested structs,
// a time and a list give the decoders Go types to name.
type leakInput struct {
	Name  string     `json:"name" form:"name"`
	Inner leakInner  `json:"inner" form:"inner"`
	When  time.Time  `json:"when" form:"when"`
	Tags  []string   `json:"tags" form:"tags"`
	Ptr   *leakInner `json:"ptr" form:"ptr"`
}

type leakInner struct {
	N int `json:"n" form:"n"`
}

func leakView(ctx *fwk.Ctx) error {
	var in leakInput
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	return ctx.NoContent()
}

// leakQuery is a query struct of the built-in kinds.
type leakQuery struct {
	N    int       `query:"n"`
	U    uint8     `query:"u"`
	F    float64   `query:"f"`
	B    bool      `query:"b"`
	When time.Time `query:"when"`
	Ns   []int     `query:"ns"`
}

// leakApp serves leakView at /bind, a query struct at /query and /stall,
// whose view puts the read
// deadline of the connection in the past before binding (a body read that
// times out, as under Config.ReadTimeout).
func leakApp(t testing.TB) *fwk.App {
	t.Helper()
	stall := func(ctx *fwk.Ctx) error {
		if err := http.NewResponseController(ctx.Writer()).SetReadDeadline(time.Now().Add(-time.Second)); err != nil {
			return err
		}
		return leakView(ctx)
	}
	return mustNew(t, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/bind", leakView, fwk.Methods("POST")),
		routes.Func("/stall", stall, fwk.Methods("POST")),
		routes.Func("/query", func(ctx *fwk.Ctx, q leakQuery) error { return ctx.NoContent() }),
	)})
}

var (
	socketAddr = regexp.MustCompile(`\d{1,3}(\.\d{1,3}){3}:\d+|\[[0-9a-fA-F:]+\]:\d+`)
	goTypeName = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*|\[\][a-z*]|\bmap\[|\bstruct \{|\binterface \{|\*[a-z][a-z0-9_]*\.`)
)

// echoable is what an error message may quote of the request inputs: their
// text as sent, URL-decoded (form keys) and the strings of its JSON tokens
// (object keys), so that a key sent as "a%2Eb" or "a\u002eb" may come back
// as "a.b".
func echoable(inputs ...string) string {
	var b strings.Builder
	for _, in := range inputs {
		echoOne(&b, in)
	}
	return b.String()
}

func echoOne(b *strings.Builder, input string) {
	b.WriteString("\n" + input)
	for piece := range strings.FieldsFuncSeq(input, func(r rune) bool { return r == '&' || r == '=' || r == ';' }) {
		if dec, err := url.QueryUnescape(piece); err == nil {
			// as sent, and quoted as an error names it ("\x94" for a byte
			// that is not UTF-8)
			b.WriteString("\n" + dec + "\n" + strconv.Quote(dec))
		}
	}
	dec := json.NewDecoder(strings.NewReader(input))
	for range 10_000 {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if s, ok := tok.(string); ok {
			b.WriteString("\n" + s)
		}
	}
}

// pageHead is the head of an HTML error page (title, styles), which shows
// nothing of the error; detailLocation the "location" of an error detail
// ("body.inner.n": where a value is, named as the client sent it).
var (
	pageHead       = regexp.MustCompile(`(?s)<head>.*</head>|<style>.*</style>`)
	detailLocation = regexp.MustCompile(`"location":"(body|query|path)\.[^"]*"`)
)

// leak says what internal detail body (an error response) shows, or "":
// a socket address, a file path, a Go type or package name, an error text
// of the standard library. What the request itself holds (input) may be
// echoed.
func leak(body string, inputs ...string) string {
	input := echoable(inputs...)
	body = pageHead.ReplaceAllString(body, "")
	body = detailLocation.ReplaceAllString(body, "")
	for _, m := range socketAddr.FindAllString(body, -1) {
		if !strings.Contains(input, m) {
			return "socket address " + m
		}
	}
	for _, m := range goTypeName.FindAllString(body, -1) {
		if !strings.Contains(input, m) {
			return "Go type name " + m
		}
	}
	wd, _ := os.Getwd()
	for _, s := range []string{os.TempDir() + "/", wd, ".go:", "goroutine ", "read tcp", "i/o timeout",
		"json: ", "multipart: ", "mime: ", "http: ", "strconv", "Go value", "Go struct", "multipart-"} {
		if len(s) > 1 && strings.Contains(body, s) && !strings.Contains(input, s) {
			return fmt.Sprintf("%q", s)
		}
	}
	return ""
}

// multipartParts is a multipart body of n small text parts.
func multipartParts(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "--zz\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nt%d\r\n", i)
	}
	b.WriteString("--zz--\r\n")
	return b.String()
}

const multipartZZ = "multipart/form-data; boundary=zz"

// bodyErrorCases are malformed bodies and the status each one gets.
var bodyErrorCases = []struct {
	name, ctype, body string
	status            int
}{
	{"1001 multipart parts", multipartZZ, multipartParts(1001), http.StatusRequestEntityTooLarge},
	{"1000 multipart parts", multipartZZ, multipartParts(1000), http.StatusNoContent},
	{"json string for an object", "application/json", `"x"`, http.StatusBadRequest},
	{"json list for an object", "application/json", `[1]`, http.StatusBadRequest},
	{"json string for a nested object", "application/json", `{"inner":"x"}`, http.StatusUnprocessableEntity},
	{"json string for a pointer", "application/json", `{"ptr":"x"}`, http.StatusUnprocessableEntity},
	{"json object for a list", "application/json", `{"tags":{}}`, http.StatusUnprocessableEntity},
	{"json bad time", "application/json", `{"when":"yesterday"}`, http.StatusBadRequest},
	{"json number for a time", "application/json", `{"when":1}`, http.StatusBadRequest},
	{"json syntax", "application/json", `{"name":}`, http.StatusBadRequest},
	{"json cut", "application/json", `{"name":"a`, http.StatusBadRequest},
	{"json unknown field", "application/json", `{"nope":1}`, http.StatusBadRequest},
	{"json trailing data", "application/json", `{} {}`, http.StatusBadRequest},
	{"json escaped unknown key", "application/json", `{"time\u002eNow":1}`, http.StatusBadRequest},
	{"form bad escape", "application/x-www-form-urlencoded", "name=%zz", http.StatusBadRequest},
	{"form semicolon", "application/x-www-form-urlencoded", "name=a;b", http.StatusBadRequest},
	{"form bad int", "application/x-www-form-urlencoded", "inner.n=x", http.StatusBadRequest},
	{"form bad int, escaped key", "application/x-www-form-urlencoded", "inner%2En=x", http.StatusBadRequest},
	{"form bad time", "application/x-www-form-urlencoded", "when=x", http.StatusBadRequest},
	{"form bad key", "application/x-www-form-urlencoded", "tags[=x", http.StatusBadRequest},
	{"multipart no boundary", "multipart/form-data", "--zz\r\n", http.StatusBadRequest},
	{"multipart broken", multipartZZ, "--zz\r\nbad", http.StatusBadRequest},
	{"multipart no end", multipartZZ, "--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1", http.StatusBadRequest},
	{"multipart bad header", multipartZZ, "--zz\r\nContent-Disposition: form-data; name=\"a\"\r\nbad header\r\n\r\n1\r\n--zz--\r\n", http.StatusBadRequest},
	{"unsupported type", "text/plain", "x", http.StatusUnsupportedMediaType},
	{"bad content type", "multipart/form-data; boundary=\"", "x", http.StatusBadRequest},
}

// TestBodyErrorsOverListener: each malformed body gets its documented
// status, and no error page (JSON or HTML) shows an internal detail.
func TestBodyErrorsOverListener(t *testing.T) {
	srv := newServer(t, leakApp(t))
	for _, tc := range bodyErrorCases {
		for _, accept := range []string{"application/json", "text/html"} {
			req, _ := http.NewRequest("POST", srv.URL+"/bind", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.ctype)
			req.Header.Set("Accept", accept)
			status, body := doResponse(t, srv, req)
			if status != tc.status {
				t.Errorf("%s (%s): %d %.200q, want %d", tc.name, accept, status, body, tc.status)
			}
			if what := leak(body, tc.ctype, tc.body); what != "" {
				t.Errorf("%s (%s): the error shows %s: %.300q", tc.name, accept, what, body)
			}
		}
	}
}

// TestQueryErrorsLeakNothing: a query value that does not convert is a 400
// naming the parameter and the value, and nothing internal.
func TestQueryErrorsLeakNothing(t *testing.T) {
	srv := newServer(t, leakApp(t))
	for _, q := range []string{"n=x", "n=99999999999999999999", "u=256", "u=-1", "f=NaN", "f=1e999",
		"b=maybe", "when=yesterday", "when=2026-13-01", "ns=1&ns=x", "n=%00"} {
		req, _ := http.NewRequest("GET", srv.URL+"/query?"+q, nil)
		req.Header.Set("Accept", "application/json")
		status, body := doResponse(t, srv, req)
		if status != http.StatusBadRequest {
			t.Errorf("?%s: %d %q, want 400", q, status, body)
		}
		if what := leak(body, q); what != "" {
			t.Errorf("?%s: the error shows %s: %q", q, what, body)
		}
	}
}

// TestBodyReadTimeoutOverListener: a body whose read times out is a 408
// that names no socket address.
func TestBodyReadTimeoutOverListener(t *testing.T) {
	srv := newServer(t, leakApp(t))
	for _, ctype := range []string{"application/x-www-form-urlencoded", "application/json", multipartZZ} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		// Content-Length promises more than is sent: the view's read waits,
		// and its deadline has passed.
		fmt.Fprintf(conn, "POST /stall HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: 100\r\nAccept: application/json\r\n\r\n{\"na", ctype)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("%s: %d %q, want 408", ctype, resp.StatusCode, body)
		}
		if what := leak(string(body)); what != "" {
			t.Errorf("%s: the error shows %s: %q", ctype, what, body)
		}
	}
}

// FuzzBodyErrorsLeakNothing: whatever the body and Content-Type, an error
// answer shows no internal detail and is a 4xx.
func FuzzBodyErrorsLeakNothing(f *testing.F) {
	for _, tc := range bodyErrorCases {
		if len(tc.body) < 1000 {
			f.Add(tc.ctype, tc.body)
		}
	}
	app := leakApp(f)
	f.Fuzz(func(t *testing.T, ctype, body string) {
		req := httptest.NewRequest("POST", "/bind", strings.NewReader(body))
		req.RemoteAddr = "192.0.2.7:4321"
		req.Header.Set("Content-Type", ctype)
		req.Header.Set("Accept", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("Content-Type %q body %q: %d %q", ctype, body, rec.Code, rec.Body)
		}
		if what := leak(rec.Body.String(), ctype, body); what != "" {
			t.Fatalf("Content-Type %q body %q: the error shows %s: %q", ctype, body, what, rec.Body)
		}
	})
}
