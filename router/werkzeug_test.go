package router_test

// A port of the applicable cases of Werkzeug's tests/test_routing.py, kept
// as an acceptance suite: each TestWerkzeug<Name> follows test_<name> case
// by case. Outcomes are written as in checkLookups: "200 endpoint k=v",
// "308 /location", "404", "405 Allow". Werkzeug returns converted values
// (2007, 0.5); Params hold their text. Which tests apply, and where each
// is ported, is mapped in the audit table opening the file of
// TestWerkzeugDuplicateRuleCases.

import (
	"errors"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// rule is shorthand for a rule with an endpoint.
func rule(path, endpoint string) router.Rule { return router.Rule{Path: path, Endpoint: endpoint} }

// withMethods returns r with methods set.
func withMethods(r router.Rule, ms ...string) router.Rule { r.Methods = ms; return r }

// checkBuilds builds each endpoint with its values and compares the URL.
func checkBuilds(t *testing.T, r *router.Router, cases []buildCase) {
	t.Helper()
	for _, c := range cases {
		got, _, err := r.AppendBuild(nil, c.endpoint, &router.BuildOptions{Method: c.method}, c.values...)
		if err != nil || string(got) != c.want {
			t.Errorf("Build(%s %v) = %q, %v, want %q", c.endpoint, c.values, got, err, c.want)
		}
	}
}

type buildCase struct {
	endpoint string
	values   []any
	want     string
	method   string
}

func TestWerkzeugBasicRouting(t *testing.T) {
	r := newRouter(t, rule("/", "index"), rule("/foo", "foo"), rule("/bar/", "bar"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/", "200 index"},
		{"GET", "/foo", "200 foo"},
		{"GET", "/bar/", "200 bar"},
		{"GET", "/bar", "308 /bar/"},
		{"GET", "/blub", "404"},
	})
	// The query is kept on the redirect.
	if w := serve(r, "GET", "/bar?aha=muhaha", ""); w.Header().Get("Location") != "/bar/?aha=muhaha" {
		t.Errorf("redirect Location = %q", w.Header().Get("Location"))
	}
}

func TestWerkzeugMergeSlashesMatch(t *testing.T) {
	no := false
	r := newRouter(t,
		rule("/no/tail", "no_tail"),
		rule("/yes/tail/", "yes_tail"),
		rule("/with/<path:path>", "with_path"),
		router.Rule{Path: "/no//merge", Endpoint: "no_merge", MergeSlashes: &no},
		router.Rule{Path: "/no/merging", Endpoint: "no_merging", MergeSlashes: &no},
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/no//tail", "308 /no/tail"},
		{"GET", "/yes//tail", "308 /yes/tail/"},
		{"GET", "/yes/tail//", "308 /yes/tail/"},
		{"GET", "//yes///tail////", "308 /yes/tail/"},
		{"GET", "/no/tail", "200 no_tail"},
		{"GET", "/yes/tail/", "200 yes_tail"},
		{"GET", "/with/http://example.com/", "200 with_path path=http://example.com/"},
		{"GET", "/with/x//y", "200 with_path path=x//y"},
		{"GET", "/no//merge", "200 no_merge"},
		{"GET", "/no/merging", "200 no_merging"},
		{"GET", "/no//merging", "404"},
	})
}

func TestWerkzeugMergeSlashEncoding(t *testing.T) {
	r := newRouter(t, rule("/merge/<some>/path", "m"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/merge/%//path", "308 /merge/%25/path"},
		{"GET", "/merge//st/path", "308 /merge/st/path"},
	})
}

func TestWerkzeugMergeSlashesBuild(t *testing.T) {
	no := false
	r := newRouter(t,
		rule("/yes//merge", "yes_merge"),
		router.Rule{Path: "/no//merge", Endpoint: "no_merge", MergeSlashes: &no},
	)
	checkBuilds(t, r, []buildCase{
		{endpoint: "yes_merge", want: "/yes/merge"},
		{endpoint: "no_merge", want: "/no//merge"},
	})
}

func TestWerkzeugStrictSlashesRedirect(t *testing.T) {
	r := newRouter(t,
		withMethods(rule("/bar/", "get"), "GET"),
		withMethods(rule("/bar", "post"), "POST"),
		withMethods(rule("/foo/", "foo"), "POST"),
		withMethods(rule("/<path:var>/", "path"), "GET"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/bar/", "200 get"},
		{"POST", "/bar", "200 post"},
		{"GET", "/abc/", "200 path var=abc"},
		{"GET", "/bar", "308 /bar/"},
		{"POST", "/bar/", "405 GET, HEAD"},
		{"POST", "/foo", "308 /foo/"},
		{"GET", "/abc", "308 /abc/"},
	})
	r = newRouter(t, withMethods(rule("/bar", "post"), "POST"), withMethods(rule("/bar/", "get"), "GET"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/bar/", "200 get"},
		{"POST", "/bar", "200 post"},
		{"GET", "/bar", "308 /bar/"},
		{"POST", "/bar/", "405 GET, HEAD"},
	})
	r = newRouter(t, withMethods(rule("/bar/", "get"), "GET"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/bar/", "200 get"},
		{"GET", "/bar", "308 /bar/"},
		{"POST", "/bar/", "405 GET, HEAD"},
	})
}

func TestWerkzeugStrictSlashesLeavesDontConsume(t *testing.T) {
	f := false
	lax := func(r router.Rule) router.Rule { r.StrictSlashes = &f; return r }
	// Werkzeug's Map(strict_slashes=False) makes every rule lax; a rule's
	// own setting is what fwk has, so each rule says it.
	r := newRouter(t,
		lax(rule("/path1", "leaf")), lax(rule("/path1/", "branch")),
		lax(rule("/path2", "leaf")), lax(rule("/path2/", "branch")),
		lax(rule("/path3", "leaf")), lax(rule("/path3/", "branch")),
		lax(rule("/path4", "leaf")), lax(rule("/path4/", "branch")),
		lax(rule("/path5", "leaf")),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/path1", "200 leaf"}, {"GET", "/path1/", "200 branch"},
		{"GET", "/path2", "200 leaf"}, {"GET", "/path2/", "200 branch"},
		{"GET", "/path3", "200 leaf"}, {"GET", "/path3/", "200 branch"},
		{"GET", "/path4", "200 leaf"}, {"GET", "/path4/", "200 branch"},
		{"GET", "/path5/", "200 leaf"},
	})
}

// conflicts reports whether adding the rules in order fails with
// ErrConflict.
func conflicts(t *testing.T, rules ...router.Rule) bool {
	t.Helper()
	r := router.New()
	for _, rl := range rules {
		if _, err := r.Add(rl); err != nil {
			if !errors.Is(err, router.ErrConflict) {
				t.Fatalf("Add(%q) = %v", rl.Path, err)
			}
			var ce *router.RuleError
			if !errors.As(err, &ce) {
				t.Fatalf("conflict %v is not a *RuleError", err)
			}
			return true
		}
	}
	return false
}

func TestWerkzeugNoDuplicates(t *testing.T) {
	if !conflicts(t, rule("/a", "a"), rule("/a", "b")) {
		t.Error("duplicate rule accepted")
	}
	if !conflicts(t, rule("/<int:x>", "a"), rule("/<int:y>", "b")) {
		t.Error("duplicate converter accepted")
	}
	if conflicts(t, rule("/<int:x>", "a"), rule("/<float:x>", "b")) {
		t.Error("different converters refused") // test_no_duplicate_different_converters
	}
}

func TestWerkzeugNoDuplicatesHost(t *testing.T) {
	a, b := rule("/", "a"), rule("/", "b")
	a.Host, b.Host = "a.example", "b.example"
	if conflicts(t, a, b) {
		t.Error("rules of different hosts refused")
	}
}

func TestWerkzeugDuplicateMethodOverlap(t *testing.T) {
	if !conflicts(t, withMethods(rule("/", "a"), "GET", "POST"), withMethods(rule("/", "b"), "POST", "PUT")) {
		t.Error("overlapping methods accepted")
	}
}

func TestWerkzeugNoDuplicateHeadOptions(t *testing.T) {
	if conflicts(t, withMethods(rule("/", "a"), "GET", "OPTIONS"), withMethods(rule("/", "b"), "POST", "OPTIONS")) {
		t.Error("HEAD/OPTIONS overlap refused")
	}
}

func TestWerkzeugDuplicateOptionsExact(t *testing.T) {
	if !conflicts(t, withMethods(rule("/", "a"), "HEAD", "OPTIONS"), withMethods(rule("/", "b"), "HEAD", "OPTIONS")) {
		t.Error("equal HEAD/OPTIONS rules accepted")
	}
}

func TestWerkzeugEnvironNonasciiPathinfo(t *testing.T) {
	r := newRouter(t, rule("/", "index"), rule("/лошадь", "horse"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/", "200 index"},
		{"GET", "/%D0%BB%D0%BE%D1%88%D0%B0%D0%B4%D1%8C", "200 horse"},
		{"GET", "/%D0%B1%D0%B0%D1%80%D1%81%D1%83%D0%BA", "404"},
	})
}

func TestWerkzeugBasicBuilding(t *testing.T) {
	r := newRouter(t,
		rule("/", "index"), rule("/foo", "foo"), rule("/bar/<baz>", "bar"),
		rule("/bar/<int:bazi>", "bari"), rule("/bar/<float:bazf>", "barf"),
		rule("/bar/<path:bazp>", "barp"),
	)
	checkBuilds(t, r, []buildCase{
		{endpoint: "index", want: "/"},
		{endpoint: "foo", want: "/foo"},
		{endpoint: "bar", values: []any{"baz", "blub"}, want: "/bar/blub"},
		{endpoint: "bari", values: []any{"bazi", 50}, want: "/bar/50"},
		{endpoint: "barf", values: []any{"bazf", 0.815}, want: "/bar/0.815"},
		{endpoint: "barp", values: []any{"bazp", "la/di"}, want: "/bar/la/di"},
	})
	if _, err := r.Build("urks"); !errors.Is(err, router.ErrUnknownEndpoint) {
		t.Errorf("Build(urks) = %v", err)
	}
}

func TestWerkzeugLongBuild(t *testing.T) {
	var path strings.Builder
	var vals []any
	for i := 0; i < 10000; i++ {
		k := "v" + itoa(i)
		path.WriteString("/<" + k + ">")
		vals = append(vals, k, i)
	}
	r := newRouter(t, router.Rule{Path: path.String(), Endpoint: "bleep", BuildOnly: true})
	url, err := r.Build("bleep", vals...)
	if err != nil {
		t.Fatal(err)
	}
	url += "/"
	for i := 0; i < 10000; i++ {
		if !strings.Contains(url, "/"+itoa(i)+"/") {
			t.Fatalf("value %d missing", i)
		}
	}
}

func TestWerkzeugDefaults(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/foo/", Endpoint: "foo", Defaults: map[string]any{"page": 1}},
		rule("/foo/<int:page>", "foo"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/foo/", "200 foo page=1"},
		{"GET", "/foo/1", "308 /foo/"},
		{"GET", "/foo/2", "200 foo page=2"},
	})
	checkBuilds(t, r, []buildCase{
		{endpoint: "foo", want: "/foo/"},
		{endpoint: "foo", values: []any{"page", 1}, want: "/foo/"},
		{endpoint: "foo", values: []any{"page", 2}, want: "/foo/2"},
	})
}

func TestWerkzeugNegative(t *testing.T) {
	r := newRouter(t,
		rule("/foos/<int(signed=True):page>", "foos"),
		rule("/bars/<float(signed=True):page>", "bars"),
		rule("/foo/<int:page>", "foo"),
		rule("/bar/<float:page>", "bar"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/foos/-2", "200 foos page=-2"},
		{"GET", "/foos/-50", "200 foos page=-50"},
		{"GET", "/bars/-2.0", "200 bars page=-2.0"},
		{"GET", "/bars/-0.185", "200 bars page=-0.185"},
		{"GET", "/foo/-2", "404"},
		{"GET", "/foo/-50", "404"},
		{"GET", "/bar/-0.185", "404"},
		{"GET", "/bar/-2.0", "404"},
	})
}

func TestWerkzeugFloatNoScientific(t *testing.T) {
	r := newRouter(t, rule("/<float:v>", "a"))
	if got, err := r.Build("a", "v", 0.00001); err != nil || strings.Contains(got, "e") {
		t.Errorf("Build = %q, %v", got, err)
	}
}

func TestWerkzeugGreedy(t *testing.T) {
	r := newRouter(t, rule("/foo", "foo"), rule("/<path:bar>", "bar"), rule("/<path:bar>/<path:blub>", "bar"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/foo", "200 foo"},
		{"GET", "/blub", "200 bar bar=blub"},
		{"GET", "/he/he", "200 bar bar=he blub=he"},
	})
	checkBuilds(t, r, []buildCase{
		{endpoint: "foo", want: "/foo"},
		{endpoint: "bar", values: []any{"bar", "blub"}, want: "/blub"},
		{endpoint: "bar", values: []any{"bar", "blub", "blub", "bar"}, want: "/blub/bar"},
	})
}

func TestWerkzeugPath(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/", Endpoint: "page", Defaults: map[string]any{"name": "FrontPage"}},
		rule("/Special", "special"),
		rule("/<int:year>", "year"),
		rule("/<path:name>:foo", "foopage"),
		rule("/<path:name>:<path:name2>", "twopage"),
		rule("/<path:name>", "page"),
		rule("/<path:name>/edit", "editpage"),
		rule("/<path:name>/silly/<path:name2>", "sillypage"),
		rule("/<path:name>/silly/<path:name2>/edit", "editsillypage"),
		rule("/Talk:<path:name>", "talk"),
		rule("/User:<username>", "user"),
		rule("/User:<username>/<path:name>", "userpage"),
		rule("/User:<username>/comment/<int:id>-<int:replyId>", "usercomment"),
		rule("/Files/<path:file>", "files"),
		rule("/<admin>/<manage>/<things>", "admin"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/", "200 page name=FrontPage"},
		{"GET", "/FrontPage", "308 /"},
		{"GET", "/Special", "200 special"},
		{"GET", "/2007", "200 year year=2007"},
		{"GET", "/Some:foo", "200 foopage name=Some"},
		{"GET", "/Some:bar", "200 twopage name=Some name2=bar"},
		{"GET", "/Some/Page", "200 page name=Some/Page"},
		{"GET", "/Some/Page/edit", "200 editpage name=Some/Page"},
		{"GET", "/Foo/silly/bar", "200 sillypage name=Foo name2=bar"},
		{"GET", "/Foo/silly/bar/edit", "200 editsillypage name=Foo name2=bar"},
		{"GET", "/Talk:Foo/Bar", "200 talk name=Foo/Bar"},
		{"GET", "/User:thomas", "200 user username=thomas"},
		{"GET", "/User:thomas/projects/werkzeug", "200 userpage username=thomas name=projects/werkzeug"},
		{"GET", "/User:thomas/comment/123-456", "200 usercomment username=thomas id=123 replyId=456"},
		{"GET", "/Files/downloads/werkzeug/0.2.zip", "200 files file=downloads/werkzeug/0.2.zip"},
		{"GET", "/Jerry/eats/cheese", "200 admin admin=Jerry manage=eats things=cheese"},
	})
}

func TestWerkzeugDispatch(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/", Endpoint: "root", Handler: echo("root")}, router.Rule{Path: "/foo/", Endpoint: "foo", Handler: echo("foo")})
	if w := serve(r, "GET", "/", ""); w.Code != 200 || w.Body.String() != "root" {
		t.Errorf("GET / = %d %q", w.Code, w.Body.String())
	}
	if w := serve(r, "GET", "/foo", ""); w.Code != 308 {
		t.Errorf("GET /foo = %d", w.Code)
	}
	if w := serve(r, "GET", "/bar", ""); w.Code != 404 {
		t.Errorf("GET /bar = %d", w.Code)
	}
}

func TestWerkzeugRequestRedirectDefault(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/foo", Endpoint: "foo", Defaults: map[string]any{"bar": 42}},
		rule("/foo/<int:bar>", "foo"),
	)
	checkLookups(t, r, "", []lookupCase{{"GET", "/foo/42", "308 /foo"}})
}

func TestWerkzeugComplexRoutingRules(t *testing.T) {
	r := newRouter(t,
		rule("/", "index"), rule("/<int:blub>", "an_int"), rule("/<blub>", "a_string"),
		rule("/foo/", "nested"), rule("/foobar/", "nestedbar"),
		rule("/foo/<path:testing>/", "nested_show"), rule("/foo/<path:testing>/edit", "nested_edit"),
		router.Rule{Path: "/users/", Endpoint: "users", Defaults: map[string]any{"page": 1}},
		rule("/users/page/<int:page>", "users"), rule("/foox", "foox"),
		rule("/<path:bar>/<path:blub>", "barx_path_path"),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/", "200 index"},
		{"GET", "/42", "200 an_int blub=42"},
		{"GET", "/blub", "200 a_string blub=blub"},
		{"GET", "/foo/", "200 nested"},
		{"GET", "/foobar/", "200 nestedbar"},
		{"GET", "/foo/1/2/3/", "200 nested_show testing=1/2/3"},
		{"GET", "/foo/1/2/3/edit", "200 nested_edit testing=1/2/3"},
		{"GET", "/users/", "200 users page=1"},
		{"GET", "/users/page/2", "200 users page=2"},
		{"GET", "/foox", "200 foox"},
		{"GET", "/1/2/3", "200 barx_path_path bar=1 blub=2/3"},
	})
	checkBuilds(t, r, []buildCase{
		{endpoint: "index", want: "/"},
		{endpoint: "an_int", values: []any{"blub", 42}, want: "/42"},
		{endpoint: "a_string", values: []any{"blub", "test"}, want: "/test"},
		{endpoint: "nested", want: "/foo/"},
		{endpoint: "nestedbar", want: "/foobar/"},
		{endpoint: "nested_show", values: []any{"testing", "1/2/3"}, want: "/foo/1/2/3/"},
		{endpoint: "nested_edit", values: []any{"testing", "1/2/3"}, want: "/foo/1/2/3/edit"},
		{endpoint: "users", values: []any{"page", 1}, want: "/users/"},
		{endpoint: "users", values: []any{"page", 2}, want: "/users/page/2"},
		{endpoint: "foox", want: "/foox"},
		{endpoint: "barx_path_path", values: []any{"bar", "1", "blub", "2/3"}, want: "/1/2/3"},
	})
}

func TestWerkzeugUUIDConverter(t *testing.T) {
	r := newRouter(t, rule("/a/<uuid:a_uuid>", "a"))
	var m router.Match
	r.Lookup("GET", "", "/a/a8098c1a-f86e-11da-bd1a-00112444be1e", &m)
	if m.Route == nil {
		t.Fatal("no match")
	}
	v, err := m.Route.Converter("a_uuid").ToValue(m.Params.Get("a_uuid"))
	if _, ok := v.([16]byte); err != nil || !ok {
		t.Errorf("ToValue = %T %v, want a [16]byte", v, err)
	}
}

func TestWerkzeugAnyconverter(t *testing.T) {
	r := newRouter(t, rule("/<any(a1, a2):a>", "no_dot"), rule("/<any(a.1, a.2):a>", "yes_dot"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/a1", "200 no_dot a=a1"},
		{"GET", "/a2", "200 no_dot a=a2"},
		{"GET", "/a.1", "200 yes_dot a=a.1"},
		{"GET", "/a.2", "200 yes_dot a=a.2"},
	})
}

func TestWerkzeugAnyConverterBuildValidatesValue(t *testing.T) {
	r := newRouter(t, rule("/<any(patient, provider):value>", "actor"))
	checkBuilds(t, r, []buildCase{
		{endpoint: "actor", values: []any{"value", "patient"}, want: "/patient"},
		{endpoint: "actor", values: []any{"value", "provider"}, want: "/provider"},
	})
	if _, err := r.Build("actor", "value", "invalid"); !errors.Is(err, router.ErrInvalidValue) {
		t.Errorf("Build(invalid) = %v, want ErrInvalidValue", err)
	}
}

func TestWerkzeugMethodFallback(t *testing.T) {
	r := newRouter(t,
		withMethods(rule("/", "index"), "GET"),
		withMethods(rule("/<name>", "hello_name"), "GET"),
		withMethods(rule("/select", "hello_select"), "POST"),
		withMethods(rule("/search_get", "search"), "GET"),
		withMethods(rule("/search_post", "search"), "POST"),
	)
	checkBuilds(t, r, []buildCase{
		{endpoint: "index", want: "/"},
		{endpoint: "index", want: "/", method: "GET"},
		{endpoint: "hello_name", values: []any{"name", "foo"}, want: "/foo"},
		{endpoint: "hello_select", want: "/select"},
		{endpoint: "hello_select", want: "/select", method: "POST"},
		{endpoint: "search", want: "/search_get"},
		{endpoint: "search", want: "/search_get", method: "GET"},
		{endpoint: "search", want: "/search_post", method: "POST"},
	})
}

func TestWerkzeugImplicitHead(t *testing.T) {
	r := newRouter(t, withMethods(rule("/get", "a"), "GET"), withMethods(rule("/post", "b"), "POST"))
	checkLookups(t, r, "", []lookupCase{
		{"HEAD", "/get", "200 a"},
		{"HEAD", "/post", "405 POST"},
	})
}

func TestWerkzeugProtocolJoiningBug(t *testing.T) {
	r := newRouter(t, rule("/<foo>", "x"))
	checkBuilds(t, r, []buildCase{{endpoint: "x", values: []any{"foo", "x:y"}, want: "/x:y"}})
}

func TestWerkzeugAllowedMethodsQuerying(t *testing.T) {
	r := newRouter(t, withMethods(rule("/<foo>", ""), "GET", "HEAD"), withMethods(rule("/foo", ""), "POST"))
	checkLookups(t, r, "", []lookupCase{{"DELETE", "/foo", "405 GET, HEAD, POST"}})
}

func TestWerkzeugPathWeighting(t *testing.T) {
	r := newRouter(t, rule("/<path:path>/c", "simple"), rule("/<path:path>/<a>/<b>", "complex"))
	checkLookups(t, r, "", []lookupCase{{"GET", "/a/b/c", "200 simple path=a/b"}})
}

func TestWerkzeugNewlineMatch(t *testing.T) {
	r := newRouter(t, rule("/hello", "hello"))
	checkLookups(t, r, "", []lookupCase{{"GET", "/hello\n", "404"}, {"GET", "/hello%0A", "404"}})
}

func TestWerkzeugWeighting(t *testing.T) {
	r := newRouter(t, rule("/<int:value>", "int"), rule("/<uuid:value>", "uuid"))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/2b5b0911-fdcf-4dd2-921b-28ace88db8a0", "200 uuid value=2b5b0911-fdcf-4dd2-921b-28ace88db8a0"},
	})
}

func TestWerkzeugStrictSlashesFalse(t *testing.T) {
	f := false
	lax := func(r router.Rule) router.Rule { r.StrictSlashes = &f; return r }
	r := newRouter(t, lax(rule("/path1", "leaf_path")), lax(rule("/path2/", "branch_path")), lax(rule("/<path:path>", "leaf_path_converter")))
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/path1", "200 leaf_path"},
		{"GET", "/path1/", "200 leaf_path"},
		{"GET", "/path2", "200 branch_path"},
		{"GET", "/path2/", "200 branch_path"},
		{"GET", "/any", "200 leaf_path_converter path=any"},
		{"GET", "/any/", "200 leaf_path_converter path=any/"},
	})
}

func TestWerkzeugInvalidRule(t *testing.T) {
	if _, err := router.New().Add(rule("/<int()>", "test")); !errors.Is(err, router.ErrBadRule) {
		t.Errorf("Add = %v, want ErrBadRule", err)
	}
}

func TestWerkzeugMultipleConvertersPerPart(t *testing.T) {
	r := newRouter(t, rule("/v<int:major>.<int:minor>", "version"))
	checkLookups(t, r, "", []lookupCase{{"GET", "/v1.2", "200 version major=1 minor=2"}})
}

func TestWerkzeugStaticRegexEscape(t *testing.T) {
	r := newRouter(t, rule("/.<int:value>", "dotted"))
	checkLookups(t, r, "", []lookupCase{{"GET", "/.2", "200 dotted value=2"}, {"GET", "/a2", "404"}})
}

func TestWerkzeugAliasRedirects(t *testing.T) {
	alias := func(r router.Rule) router.Rule { r.Alias = true; return r }
	page1 := map[string]any{"page": 1}
	r := newRouter(t,
		rule("/", "index"),
		alias(rule("/index.html", "index")),
		router.Rule{Path: "/users/", Endpoint: "users", Defaults: page1},
		alias(router.Rule{Path: "/users/index.html", Endpoint: "users", Defaults: page1}),
		rule("/users/page/<int:page>", "users"),
		alias(rule("/users/page-<int:page>.html", "users")),
	)
	checkLookups(t, r, "", []lookupCase{
		{"GET", "/index.html", "308 /"},
		{"GET", "/users/index.html", "308 /users/"},
		{"GET", "/users/page-2.html", "308 /users/page/2"},
		{"GET", "/users/page-1.html", "308 /users/"},
	})
	if w := serve(r, "GET", "/users/page-1.html?foo=bar", ""); w.Header().Get("Location") != "/users/?foo=bar" {
		t.Errorf("Location = %q", w.Header().Get("Location"))
	}
	checkBuilds(t, r, []buildCase{
		{endpoint: "index", want: "/"},
		{endpoint: "users", values: []any{"page", 1}, want: "/users/"},
		{endpoint: "users", values: []any{"page", 2}, want: "/users/page/2"},
	})
}

func TestWerkzeugBuildAppendUnknown(t *testing.T) {
	r := newRouter(t, rule("/", "a"))
	tests := []struct {
		v    any
		want string
	}{
		{nil, ""}, {"", "?v="}, {0, "?v=0"}, {1.0, "?v=1.0"},
		{[]any{1, 2}, "?v=1&v=2"}, {[]any{1, nil, 2}, "?v=1&v=2"}, {[]any{1, "", 2}, "?v=1&v=&v=2"},
	}
	for _, tt := range tests {
		checkBuilds(t, r, []buildCase{{endpoint: "a", values: []any{"v", tt.v}, want: "/" + tt.want}})
		got, _, err := r.AppendBuild(nil, "a", &router.BuildOptions{DropUnknown: true}, "v", tt.v)
		if err != nil || string(got) != "/" {
			t.Errorf("Build(a, v=%v, DropUnknown) = %q, %v, want /", tt.v, got, err)
		}
	}
}

func TestWerkzeugBuildDropNone(t *testing.T) {
	r := newRouter(t, rule("/flob/<flub>", "endp"))
	if _, err := r.Build("endp", "flub", nil, "flop", nil); !errors.Is(err, router.ErrMissingParam) {
		t.Errorf("Build with flub=None = %v, want ErrMissingParam", err)
	}
	if got, err := r.Build("endp", "flub", "x", "flop", nil); err != nil || strings.Contains(got, "flop") {
		t.Errorf("Build = %q, %v", got, err)
	}
}

// buildErrorText returns the error text of a failed build.
func buildErrorText(t *testing.T, r *router.Router, method, endpoint string, vals ...any) string {
	t.Helper()
	_, _, err := r.AppendBuild(nil, endpoint, &router.BuildOptions{Method: method}, vals...)
	if err == nil {
		t.Fatalf("Build(%s) succeeded", endpoint)
	}
	return err.Error()
}

func TestWerkzeugFindingClosestMatchByEndpoint(t *testing.T) {
	r := newRouter(t, rule("/foo/", "users.here"), rule("/wat/", "admin.users"), rule("/woop", "foo.users"))
	if msg := buildErrorText(t, r, "", "admin.user"); !strings.Contains(msg, `did you mean "admin.users"?`) {
		t.Errorf("error %q does not suggest admin.users", msg)
	}
}

func TestWerkzeugFindingClosestMatchByValues(t *testing.T) {
	r := newRouter(t, rule("/user/id/<id>/", "users"), rule("/user/<slug>/", "users"), rule("/user/emails/<email>/", "users"))
	// Werkzeug asks with an endpoint that does not exist; fwk suggests a
	// rule of the endpoint asked for, here one lacking a value.
	if msg := buildErrorText(t, r, "", "users", "slug", nil, "x", 1); !strings.Contains(msg, `"/user/id/<id>/"`) {
		t.Errorf("error %q does not name the closest rule", msg)
	}
}

func TestWerkzeugFindingClosestMatchWhenNoneExist(t *testing.T) {
	if msg := buildErrorText(t, router.New(), "", "invalid"); strings.Contains(msg, "did you mean") {
		t.Errorf("error %q suggests something", msg)
	}
}

func TestWerkzeugErrorMessageWithoutSuggestedRule(t *testing.T) {
	r := newRouter(t, withMethods(rule("/foo/", "world"), "GET"))
	if msg := buildErrorText(t, r, "", "urks"); !strings.HasPrefix(msg, `fwk: build "urks" with values []`) {
		t.Errorf("error %q", msg)
	}
	if msg := buildErrorText(t, r, "POST", "world"); !strings.HasPrefix(msg, `fwk: build "world" (POST)`) {
		t.Errorf("error %q", msg)
	}
	if msg := buildErrorText(t, r, "", "urks", "user_id", 5); !strings.HasPrefix(msg, `fwk: build "urks" with values [user_id]`) {
		t.Errorf("error %q", msg)
	}
}

func TestWerkzeugErrorMessageSuggestion(t *testing.T) {
	r := newRouter(t, withMethods(rule("/foo/<id>/", "world"), "GET"))
	if msg := buildErrorText(t, r, "", "helloworld"); !strings.Contains(msg, `did you mean "world"?`) {
		t.Errorf("error %q", msg)
	}
	msg := buildErrorText(t, r, "", "world")
	if !strings.Contains(msg, `did you forget to specify values ["id"]?`) || strings.Contains(msg, "methods") {
		t.Errorf("error %q", msg)
	}
	if msg := buildErrorText(t, r, "POST", "world", "id", 2); !strings.Contains(msg, "did you mean to use methods [GET HEAD]?") {
		t.Errorf("error %q", msg)
	}
}

// The audit table opening the file of TestWerkzeugDuplicateRuleCases maps
// every test of test_routing.py to its port, or says why it does not apply.
