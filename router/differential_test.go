package router_test

// TestDifferentialGolden pins the answers of the router on random rule
// tables (diffGen: 80 tables, 3,200 requests, 480 builds)
// to testdata/differential/golden.txt. The router of 33c78a6 (before host
// splitting, radix-style static edges, joined static chains and the
// unsure Path walk), with the intended behaviour changes applied to it (any weighs 75, the encoded-slash redirect,
// ServerName's default port), writes the same file. On 15,000 more tables
// (1.07M answers) the two differed only on the host cut of
// "<string(length=2):a>.<b>.example.com" for ab.cd.ef.example.com (105
// answers): a converter refusing its cut now fails the host (package doc). A
// change of behaviour shows as a changed line; when it is meant, rewrite
// the file with FWK_GOLDEN_UPDATE=1 and say why in the commit.

import (
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestDifferentialGolden(t *testing.T) {
	var got []string
	for _, chain := range []bool{false, true} {
		g := &diffGen{r: newRand(16), chain: chain}
		for k := range 40 {
			got = append(got, fmt.Sprintf("# table %d chain=%v", k, chain))
			got = append(got, foldMisses(diffOutcomes(g.table(40, 6)))...)
		}
	}
	file := filepath.Join("testdata", "differential", "golden.txt")
	if os.Getenv("FWK_GOLDEN_UPDATE") != "" {
		if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	reportLines(t, got, want)
}

// reportLines reports the lines of got missing from want and the lines of
// want missing from got (as multisets, so that one added line is one
// error), the first 20 of each.
func reportLines(t *testing.T, got, want []string) {
	t.Helper()
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	var extra []string
	for _, l := range got {
		if count[l]--; count[l] < 0 {
			extra = append(extra, l)
		}
	}
	var missing []string
	for _, l := range want {
		if count[l] > 0 {
			count[l]--
			missing = append(missing, l)
		}
	}
	for i, l := range extra[:min(len(extra), 20)] {
		t.Errorf("new line %d: %s", i+1, l)
	}
	for i, l := range missing[:min(len(missing), 20)] {
		t.Errorf("lost line %d: %s", i+1, l)
	}
	if len(extra)+len(missing) > 0 {
		t.Errorf("%d lines new, %d lost (of %d)", len(extra), len(missing), len(want))
	}
}

// foldMisses keeps every line but plain 404 answers, which it replaces by
// their count and a digest of them, so that the file stays readable.
func foldMisses(lines []string) []string {
	var out []string
	h, n := sha256.New(), 0
	for _, l := range lines {
		if strings.HasSuffix(l, `: 404 route=-1 params=[] loc="" host="" allow=""`) ||
			strings.HasSuffix(l, `: 404 loc="" allow="" body="Not Found\n"`) {
			n++
			io.WriteString(h, l+"\n")
			continue
		}
		out = append(out, l)
	}
	return append(out, fmt.Sprintf("404 answers: %d %x", n, h.Sum(nil)[:8]))
}

// diffOutcomes registers the rules of ts and returns one line per Add, per
// Lookup, per ServeHTTP and per build.
func diffOutcomes(ts *diffTable) []string {
	r := router.New()
	r.ServerName, r.DefaultSubdomain = ts.ServerName, ts.DefaultSub
	r.RedirectCleanPath, r.RedirectDefaults = !ts.NoClean, !ts.NoDefaults
	var out []string
	index := map[*router.Route]int{}
	for i, rs := range ts.Rules {
		rt, err := r.Add(router.Rule{Path: rs.Path, Endpoint: rs.Endpoint, Methods: rs.Methods,
			Defaults: rs.Defaults, StrictSlashes: rs.Strict, MergeSlashes: rs.Merge, RedirectTo: rs.RedirectTo,
			Alias: rs.Alias, Host: rs.Host, Subdomain: rs.Subdomain, Handler: diffHandler(i)})
		if err != nil {
			out = append(out, fmt.Sprintf("add %d %q: %v", i, rs.Path, err))
			continue
		}
		index[rt] = i
		out = append(out, fmt.Sprintf("add %d %q: ok", i, rs.Path))
	}
	for _, q := range ts.Reqs {
		out = append(out, diffLookup(r, index, q))
		if q.Serve {
			out = append(out, diffServe(r, q)...)
		}
		// LookupURL routes u.Path itself when the request had no escape;
		// it must answer as Lookup does on the escaped path.
		if u, err := url.ParseRequestURI(q.Path); err == nil {
			var viaURL router.Match
			r.LookupURL(q.Method, q.Host, u, &viaURL)
			if a, b := diffMatch(index, &viaURL), diffLookup(r, index, diffReq{Method: q.Method, Host: q.Host, Path: u.EscapedPath()}); !strings.HasSuffix(b, a) {
				out = append(out, fmt.Sprintf("LookupURL %s %q: %s, Lookup %s", q.Method, q.Path, a, b))
			}
		}
	}
	for _, b := range ts.Builds {
		out = append(out, diffBuildLine(r, index, b))
	}
	return out
}

// diffHandler writes the rule's index and the parameters it receives.
func diffHandler(i int) router.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request, ps *router.Params) {
		fmt.Fprintf(w, "rule%d", i)
		for j := range ps.Len() {
			p := ps.At(j)
			fmt.Fprintf(w, " %s=%q", p.Key, p.Value)
		}
	}
}

func diffLookup(r *router.Router, index map[*router.Route]int, q diffReq) string {
	var m router.Match
	r.Lookup(q.Method, q.Host, q.Path, &m)
	return fmt.Sprintf("lookup %s %s %q: %s", q.Method, q.Host, q.Path, diffMatch(index, &m))
}

// diffMatch renders every field of m.
func diffMatch(index map[*router.Route]int, m *router.Match) string {
	ri := -1
	if m.Route != nil {
		ri = index[m.Route]
	}
	var ps []string
	for j := range m.Params.Len() {
		p := m.Params.At(j)
		ps = append(ps, fmt.Sprintf("%s=%q", p.Key, p.Value))
	}
	return fmt.Sprintf("%d route=%d params=[%s] loc=%q host=%q allow=%q",
		m.Status, ri, strings.Join(ps, " "), m.Location, m.Host, m.Allow)
}

// diffServe sends the request through ServeHTTP as net/http would parse
// its request line (Path and RawPath), when it parses.
func diffServe(r *router.Router, q diffReq) []string {
	u, err := url.ParseRequestURI(q.Path)
	if err != nil {
		return nil
	}
	req := &http.Request{Method: q.Method, URL: u, Host: q.Host, Header: http.Header{}, Proto: "HTTP/1.1",
		ProtoMajor: 1, ProtoMinor: 1}
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, req)
	return []string{fmt.Sprintf("serve %s %s %q: %d loc=%q allow=%q body=%q", q.Method, q.Host, q.Path,
		rec.Code, rec.Header().Get("Location"), rec.Header().Get("Allow"), rec.Body.String())}
}

func diffBuildLine(r *router.Router, index map[*router.Route]int, b diffBuild) string {
	var opts *router.BuildOptions
	if b.Opts {
		opts = &router.BuildOptions{Method: b.Method, Anchor: b.Anchor, DropUnknown: b.Drop, Host: b.Host}
	}
	s, rt, err := r.AppendBuild(nil, b.Endpoint, opts, b.Values...)
	ri := -1
	if rt != nil {
		ri = index[rt]
	}
	line := fmt.Sprintf("build %s %v opts=%v %q %q %v %q: %q route=%d err=%v", b.Endpoint, b.Values,
		b.Opts, b.Method, b.Anchor, b.Drop, b.Host, s, ri, err)
	// Build is AppendBuild without options: only a difference is written.
	if s2, err2 := r.Build(b.Endpoint, b.Values...); !b.Opts && (s2 != string(s) || fmt.Sprint(err2) != fmt.Sprint(err)) {
		line += fmt.Sprintf(" | Build %q err=%v", s2, err2)
	}
	return line
}
