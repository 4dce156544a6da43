package router_test

// The random rule tables, requests and builds of TestDifferentialGolden.
// The stream of math/rand's seeded source is fixed by the Go 1 promise, so
// the same tables come out on every run; changing this file changes them
// (regenerate the golden file then, see TestDifferentialGolden).

import (
	"fmt"
	"math/rand"
	"strings"
)

// diffTable is one random router: its settings, rules, requests and builds.
type diffTable struct {
	ServerName, DefaultSub string
	NoClean, NoDefaults    bool
	Rules                  []diffRule
	Reqs                   []diffReq
	Builds                 []diffBuild
}

// diffRule holds the Rule fields a table sets.
type diffRule struct {
	Path, Endpoint  string
	Methods         []string
	Defaults        map[string]any
	Strict, Merge   *bool
	RedirectTo      string
	Alias           bool
	Host, Subdomain string
}

// diffReq is one request; Serve also sends it through ServeHTTP.
type diffReq struct {
	Method, Host, Path string
	Serve              bool
}

// diffBuild is one build; Opts sets BuildOptions from the other fields.
type diffBuild struct {
	Endpoint string
	Values   []any
	Opts     bool
	Method   string
	Anchor   string
	Drop     bool
	Host     string
}

// The texts the tables are drawn from: static segments (escapes, spaces,
// non-ASCII, '%' as text), converters (bounds, composites, path), hosts
// and subdomains with parameters, server names with and without a
// (default) port, and parameter values aimed at converters' edges.
var (
	diffStatics = []string{"100%25", "a%25b", "%2541", "a", "b", "api", "v1", "users", "x", "x.json", "%41",
		"caf%C3%A9", "a b", "~u", "repos", "edit"}
	diffChain = []string{"api", "v1", "v2", "users", "items", "edit", "r0", "r1", "r2", "r3", "r4", "r5", "r6",
		"r7", "r8", "r9", "res1", "res2", "res3", "res4", "res5", "res6", "res7", "res8", "res9", "res10", "a",
		"ab", "abc", "x.y", "%41b", "a%2Fb", "ä"}
	diffDyn = []string{"<%s>", "<int:%s>", "<float:%s>", "<path:%s>", "<any(a, b, x):%s>", "<uuid:%s>",
		"<string(length=2):%s>", "x<int:%s>.json", "<%s>.json", "<int(min=1, max=50):%s>",
		"<int(signed=True):%s>", "<string(minlength=2):%s>", "v<%s>", "<path:%s>"}
	diffHosts = []string{"<string(length=2):a>.<b>.example.com", "<a>.<int(max=5):n>.example.com",
		"<a>-<b>.example.com", "<uuid:u>.<b>.example.com", "<int:a>.<int:b>.example.com", "<float:f>.example.com",
		"", "", "example.com", "<lang>.example.com", "<any(en, de):lang>.example.com", "api.example.com",
		"<a>.<int:n>.example.com", "example.com:8080", "<sub>.example.com:8080"}
	diffSubs    = []string{"", "", "api", "<s>", "<int:s>", "<a>.<b>"}
	diffServers = []string{"", "example.com", "example.com:80", "example.com:443", "example.com:8080", "localhost"}
	diffMethods = []string{"GET", "POST", "HEAD", "OPTIONS", "PUT", "PURGE", "get", "DELETE"}
	diffValues  = []string{"1", "42", "0", "-3", "007", "1.5", "a", "b", "x", "en", "de", "ab", "hello", "a/b",
		"a%2Fb", "%2F", "a%2fb/c", "", "..", ".", "%2e%2e", "x.json", "x12.json", "caf%C3%A9", "café", "%00",
		"%zz", "a b", "a%20b", "550e8400-e29b-41d4-a716-446655440000", "vx", "A", "%41", "a//b", "a/", "edit",
		"users", "api/v1", "x.y", "1e3", "%25", "%2541", "a%252Fb", "%25zz", "50%25", "NaN", "%", "\\", "%5C"}
	diffGood     = []string{"1", "42", "a", "b", "x", "hello", "550e8400-e29b-41d4-a716-446655440000", "2.5", "ab"}
	diffReqHosts = []string{"ab.cd.ef.example.com", "ab.cd.example.com", "x.7.3.example.com", "x.3.7.example.com",
		"a-b-c.example.com", "1.2.3.example.com", "1.5.example.com", "a.b.c.d.example.com", "", "example.com",
		"EXAMPLE.com", "en.example.com", "de.example.com", "fr.example.com", "api.example.com",
		"api.example.com:80", "x.3.example.com", "x.y.3.example.com", "example.com:8080", "a.example.com:8080",
		"localhost", "api.localhost", "example.com:80", "a.b.example.com", "1.example.com", "example.com.",
		"[::1]:80", "%41.example.com", "a..example.com", "-1.example.com"}
	diffInserts = []string{"%25", "%252F", "%2541", "%25%32%46", "%2e", "%2E%2e", "%C3%A9", "%FF", "%c3"}
)

// diffGen draws tables; chain mode makes deep static chains and crowded
// nodes (many rules, few parameters, paths cut mid-chain).
type diffGen struct {
	r     *rand.Rand
	chain bool
	names int
}

func pick[T any](g *diffGen, s []T) T { return s[g.r.Intn(len(s))] }

func (g *diffGen) maybeBool(p float64) *bool {
	if g.r.Float64() >= p {
		return nil
	}
	b := g.r.Intn(2) == 0
	return &b
}

// param writes a random converter with a fresh name.
func (g *diffGen) param(b *strings.Builder) {
	g.names++
	fmt.Fprintf(b, pick(g, diffDyn), fmt.Sprintf("p%d", g.names))
}

// path returns a random rule path.
func (g *diffGen) path() string {
	var b strings.Builder
	if g.chain {
		for n := 1 + g.r.Intn(6); n > 0; n-- {
			b.WriteByte('/')
			if g.r.Intn(6) == 0 {
				g.param(&b)
			} else {
				b.WriteString(pick(g, diffChain[:g.r.Intn(len(diffChain))+1]))
			}
		}
	} else {
		if g.r.Intn(20) == 0 {
			return "/"
		}
		for n := 1 + g.r.Intn(4); n > 0; n-- {
			b.WriteByte('/')
			switch x := g.r.Intn(10); {
			case x < 5:
				b.WriteString(pick(g, diffStatics))
			case x < 9:
				g.param(&b)
			default: // an empty segment, merged unless MergeSlashes is false
				b.WriteString("/" + pick(g, diffStatics))
			}
		}
	}
	if g.r.Intn(3) == 0 {
		b.WriteByte('/')
	}
	return b.String()
}

// rule returns a random rule: endpoint, methods, defaults, options, host.
func (g *diffGen) rule() diffRule {
	rl := diffRule{Path: g.path(), Endpoint: fmt.Sprintf("e%d", g.r.Intn(4))}
	if g.r.Intn(3) == 0 {
		for k := g.r.Intn(3) + 1; k > 0; k-- {
			rl.Methods = append(rl.Methods, pick(g, diffMethods))
		}
	}
	if g.r.Intn(4) == 0 {
		rl.Defaults = map[string]any{fmt.Sprintf("p%d", g.r.Intn(g.names+2)): pick(g, diffValues)}
		if g.r.Intn(2) == 0 {
			rl.Defaults["k"] = g.r.Intn(5)
		}
	}
	rl.Strict, rl.Merge = g.maybeBool(0.3), g.maybeBool(0.2)
	if g.r.Intn(12) == 0 {
		rl.RedirectTo = pick(g, []string{"/a", "/users/<p1>", "x"})
	}
	rl.Alias = g.r.Intn(10) == 0
	if g.r.Intn(3) == 0 {
		if g.r.Intn(2) == 0 {
			rl.Host = pick(g, diffHosts)
		} else {
			rl.Subdomain = pick(g, diffSubs)
		}
	}
	return rl
}

// table returns a random table with nreq requests and nbuild builds.
func (g *diffGen) table(nreq, nbuild int) *diffTable {
	ts := &diffTable{ServerName: pick(g, diffServers), NoClean: g.r.Intn(6) == 0, NoDefaults: g.r.Intn(6) == 0}
	if g.r.Intn(6) == 0 {
		ts.DefaultSub = pick(g, diffSubs)
	}
	g.names = 0
	nr := 1 + g.r.Intn(10)
	if g.chain {
		nr = 1 + g.r.Intn(40)
	}
	for range nr {
		ts.Rules = append(ts.Rules, g.rule())
	}
	for range nreq {
		ts.Reqs = append(ts.Reqs, g.request(ts))
	}
	for range nbuild {
		ts.Builds = append(ts.Builds, g.build())
	}
	return ts
}

// build returns a random build of an endpoint (e4 has no rule).
func (g *diffGen) build() diffBuild {
	b := diffBuild{Endpoint: fmt.Sprintf("e%d", g.r.Intn(5))}
	for k := g.r.Intn(4); k > 0; k-- {
		var v any = pick(g, diffValues)
		switch g.r.Intn(6) {
		case 0:
			v = g.r.Intn(100) - 10
		case 1:
			v = float64(g.r.Intn(10)) / 2
		}
		b.Values = append(b.Values, fmt.Sprintf("p%d", g.r.Intn(g.names+2)), v)
	}
	if g.r.Intn(2) == 0 {
		b.Opts, b.Method, b.Drop = true, pick(g, []string{"", "", "GET", "POST"}), g.r.Intn(2) == 0
		b.Anchor = pick(g, []string{"", "", "x y", "#a"})
		b.Host = pick(g, diffReqHosts)
	}
	return b
}

// request fills a rule's parameters with values and mutates the path.
func (g *diffGen) request(ts *diffTable) diffReq {
	q := diffReq{Method: pick(g, diffMethods[:6]), Host: pick(g, diffReqHosts), Serve: g.r.Intn(3) == 0}
	p := pick(g, ts.Rules).Path
	for {
		i := strings.IndexByte(p, '<')
		j := strings.IndexByte(p[max(i, 0):], '>')
		if i < 0 || j < 0 {
			break
		}
		v := pick(g, diffValues)
		if g.r.Intn(2) == 0 {
			v = pick(g, diffGood)
		}
		p = p[:i] + v + p[i+j+1:]
	}
	for k := g.r.Intn(3); k > 0; k-- {
		p = g.mutate(p)
	}
	if !strings.HasPrefix(p, "/") && g.r.Intn(4) != 0 {
		p = "/" + p
	}
	q.Path = p
	return q
}

// mutate changes p at a random place: slashes, escapes (%2F, %25, dot
// segments), NUL, non-ASCII, backslash, case, cuts and long tails.
func (g *diffGen) mutate(p string) string {
	if p == "" {
		return "/"
	}
	if j := strings.LastIndexByte(p, '/'); g.chain && j > 0 && g.r.Intn(3) == 0 {
		return p[:j] // ends mid-chain
	}
	i := g.r.Intn(len(p) + 1)
	if g.r.Intn(5) == 0 {
		return p[:i] + pick(g, diffInserts) + p[i:]
	}
	switch g.r.Intn(14) {
	case 0:
		return p + "/"
	case 1:
		return strings.TrimSuffix(p, "/")
	case 2, 3, 4, 5, 7, 8, 12:
		return p[:i] + pick(g, []string{"/", "%2F", "/..", "/.", "%00", "é", "\\"}) + p[i:]
	case 6:
		if i < len(p) {
			return p[:i] + fmt.Sprintf("%%%02X", p[i]) + p[i+1:]
		}
		return p + "%2f"
	case 9:
		return p + strings.Repeat("/a", 1+g.r.Intn(40))
	case 10:
		return strings.ToUpper(p)
	case 11:
		return p[:i]
	default:
		return p[:i] + pick(g, diffStatics) + p[i:]
	}
}

// newRand returns math/rand's generator seeded with seed.
func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
