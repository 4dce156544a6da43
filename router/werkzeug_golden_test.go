package router_test

// TestWerkzeugGolden runs the requests and builds of
// testdata/werkzeug/cases.json through fwk and compares each answer with
// Werkzeug's in werkzeug.txt (written by outcomes.py with pallets/werkzeug
// at 1b00618). Where fwk answers otherwise on purpose, differences.txt
// holds fwk's line under a comment saying why. A difference not listed
// there fails, and so does a listed line fwk no longer gives.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// goldenCase is one case of cases.json.
type goldenCase struct {
	Name          string
	Rules         []goldenRule
	ServerName    string `json:"server_name"`
	StrictSlashes *bool  `json:"strict_slashes"`
	MergeSlashes  *bool  `json:"merge_slashes"`
	BuildHost     string `json:"build_host"`
	// Werkzeug's Map options that are Router fields.
	RedirectDefaults *bool  `json:"redirect_defaults"`
	DefaultSubdomain string `json:"default_subdomain"`
	Requests         [][3]string
	Builds           [][]json.RawMessage
}

// goldenRule is a rule of a case, in Werkzeug's field names.
type goldenRule struct {
	Path, Endpoint, Host string
	Subdomain            *string // "" is the bare server name
	RedirectTo           string  `json:"redirect_to"`
	Methods              []string
	Defaults             map[string]json.RawMessage
	StrictSlashes        *bool `json:"strict_slashes"`
	MergeSlashes         *bool `json:"merge_slashes"`
	Alias                bool
	BuildOnly            bool `json:"build_only"`
}

func TestWerkzeugGolden(t *testing.T) {
	var cases []goldenCase
	if err := json.Unmarshal(readTestdata(t, "cases.json"), &cases); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cases {
		got = append(got, goldenOutcomes(t, c)...)
	}
	want := goldenLines(t, "werkzeug.txt")
	if len(got) != len(want) {
		t.Fatalf("%d outcomes, werkzeug.txt has %d", len(got), len(want))
	}
	listed := goldenLines(t, "differences.txt")
	for i, line := range got {
		if line != want[i] && !slices.Contains(listed, line) {
			t.Errorf("fwk:      %s\nWerkzeug: %s", line, want[i])
		}
	}
	for _, line := range listed {
		if i := slices.Index(got, line); i < 0 || got[i] == want[i] {
			t.Errorf("differences.txt: fwk no longer answers %s", line)
		}
	}
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/werkzeug/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// goldenLines returns the lines of a testdata file but comments.
func goldenLines(t *testing.T, name string) []string {
	t.Helper()
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(readTestdata(t, name)))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines
}

// goldenOutcomes says whether the rules of c are accepted, then answers
// its requests and builds.
func goldenOutcomes(t *testing.T, c goldenCase) []string {
	t.Helper()
	r := router.New()
	r.ServerName, r.DefaultSubdomain = c.ServerName, c.DefaultSubdomain
	r.RedirectDefaults = c.RedirectDefaults == nil || *c.RedirectDefaults
	for _, g := range c.Rules {
		rl := router.Rule{Path: g.Path, Endpoint: g.Endpoint, Host: g.Host, RedirectTo: g.RedirectTo,
			Methods: g.Methods, Alias: g.Alias, BuildOnly: g.BuildOnly, StrictSlashes: g.StrictSlashes, MergeSlashes: g.MergeSlashes}
		switch {
		case g.Subdomain == nil:
		case *g.Subdomain == "":
			rl.Host = c.ServerName // Router.DefaultSubdomain's documented spelling
		default:
			rl.Subdomain = *g.Subdomain
		}
		rl.StrictSlashes = cmpOr(rl.StrictSlashes, c.StrictSlashes) // Werkzeug's Map-wide settings
		rl.MergeSlashes = cmpOr(rl.MergeSlashes, c.MergeSlashes)
		if g.Defaults != nil {
			rl.Defaults = map[string]any{}
			for k, v := range g.Defaults {
				rl.Defaults[k] = jsonValue(t, v)
			}
		}
		if _, err := r.Add(rl); err != nil {
			return []string{c.Name + " | map | ERR"}
		}
	}
	out := []string{c.Name + " | map | ok"}
	for _, q := range c.Requests {
		host := orDefault(q[1], "localhost")
		out = append(out, fmt.Sprintf("%s | %s %s %s | %s", c.Name, q[0], host, q[2], goldenLookup(r, q[0], host, q[2])))
	}
	for _, b := range c.Builds {
		var endpoint, method string
		json.Unmarshal(b[0], &endpoint)
		if len(b) > 2 {
			json.Unmarshal(b[2], &method)
		}
		var vals bytes.Buffer
		json.Compact(&vals, b[1])
		url := goldenBuild(t, r, endpoint, method, orDefault(c.BuildHost, "localhost"), b[1])
		out = append(out, fmt.Sprintf("%s | build %s %s %s | %s", c.Name, endpoint, vals.String(), method, url))
	}
	return out
}

func cmpOr(a, b *bool) *bool {
	if a != nil {
		return a
	}
	return b
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// goldenLookup writes a Lookup's answer as outcomes.py writes Werkzeug's:
// parameter values as Werkzeug's converters return them, sorted by name.
func goldenLookup(r *router.Router, method, host, path string) string {
	var m router.Match
	r.Lookup(method, host, path, &m)
	switch {
	case m.Status == 308 && m.Host != "":
		return "308 http://" + m.Host + m.Location
	case m.Status == 308:
		return "308 " + m.Location
	case m.Status == 405:
		return "405 " + m.Allow
	case m.Route == nil:
		return strconv.Itoa(m.Status)
	}
	var kv []string
	for i := range m.Params.Len() {
		p := m.Params.At(i)
		v := any(p.Value)
		if c := m.Route.Converter(p.Key); c != nil {
			v, _ = c.ToValue(p.Value)
		}
		kv = append(kv, " "+p.Key+"="+pythonText(v))
	}
	slices.Sort(kv)
	return "200 " + m.Route.Endpoint() + strings.Join(kv, "")
}

// pythonText formats a converted value as Python's str does.
func pythonText(v any) string {
	switch x := v.(type) {
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	case [16]byte:
		return fmt.Sprintf("%x-%x-%x-%x-%x", x[:4], x[4:6], x[6:8], x[8:10], x[10:])
	}
	return fmt.Sprint(v)
}

// goldenBuild builds endpoint from the [[key, value], ...] pairs in JSON for
// a request to host, absolute when the rule's host is another.
func goldenBuild(t *testing.T, r *router.Router, endpoint, method, host string, pairs json.RawMessage) string {
	t.Helper()
	var kvs [][]json.RawMessage
	if err := json.Unmarshal(pairs, &kvs); err != nil {
		t.Fatal(err)
	}
	var vals []any
	for _, kv := range kvs {
		var k string
		json.Unmarshal(kv[0], &k)
		vals = append(vals, k, jsonValue(t, kv[1]))
	}
	url, rt, err := r.AppendBuild(nil, endpoint, &router.BuildOptions{Host: host, Method: method}, vals...)
	if err != nil {
		return "ERR"
	}
	if h, _ := rt.BuildHost(host, vals...); h != "" {
		return "http://" + h + string(url)
	}
	return string(url)
}

// jsonValue decodes a JSON value as Python's json does: numbers with a
// point or an exponent are floats, other numbers ints.
func jsonValue(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return pythonNumbers(v)
}

func pythonNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			f, _ := x.Float64()
			return f
		}
		i, _ := x.Int64()
		return int(i)
	case []any:
		for i := range x {
			x[i] = pythonNumbers(x[i])
		}
	}
	return v
}
