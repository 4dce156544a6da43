package router_test

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestAddParsesRules(t *testing.T) {
	tests := []struct {
		rule   string
		params []string
	}{
		{"/", nil},
		{"/users/<int:id>", []string{"id"}},
		{"/<name>", []string{"name"}},
		{"/a/<string(length=2):lang>", []string{"lang"}},
		{"/n/<int(min=1, max=99, signed=True):n>", []string{"n"}},
		{"/n/<int(4):n>", []string{"n"}},
		{"/x/<float(signed=True):x>/<uuid:id>", []string{"x", "id"}},
		{"/k/<any(a, b, c):kind>", []string{"kind"}},
		{`/q/<any('a b', "c)d", u'e'):x>`, []string{"x"}},
		{"/p/<path:rest>", []string{"rest"}},
		{"/p/<path:rest>/edit/<int:n>/", []string{"rest", "n"}},
		{"/f/<name>.<ext>", []string{"name", "ext"}},
		{"/v<int:n>-<any(x, y):k>", []string{"n", "k"}},
		{"/docs/", nil},
		{"/a b/c>d/100%", nil},
		{"/héllo/<_x9>", []string{"_x9"}},
		{"/<str(upper=True):code>", []string{"code"}},
		{"/<default:d>/<string(2,3):s>", []string{"d", "s"}},
	}
	for _, tt := range tests {
		r := router.New()
		rt, err := r.Add(router.Rule{Path: tt.rule})
		if err != nil {
			t.Errorf("Add(%q) = %v, want nil", tt.rule, err)
			continue
		}
		if got := rt.ParamNames(); !reflect.DeepEqual(got, tt.params) && !(len(got) == 0 && len(tt.params) == 0) {
			t.Errorf("Add(%q).ParamNames() = %q, want %q", tt.rule, got, tt.params)
		}
		if rt.Path() != tt.rule {
			t.Errorf("Add(%q).Path() = %q", tt.rule, rt.Path())
		}
	}
}

func TestAddRejectsBadRules(t *testing.T) {
	tests := []struct {
		rule   string
		offset int
		want   error
		msg    string
	}{
		{"", 0, router.ErrBadRule, "must start with '/'"},
		{"users", 0, router.ErrBadRule, "must start with '/'"},
		{"/a/./b", 3, router.ErrBadRule, "dot segment"},
		{"/a/..", 3, router.ErrBadRule, "dot segment"},
		{"/<id", 1, router.ErrBadRule, "unclosed '<'"},
		{"/<int:id", 1, router.ErrBadRule, "unclosed '<'"},
		{"/x/<int(4):", 3, router.ErrBadRule, "unclosed '<'"},
		{"/<", 1, router.ErrBadRule, "unclosed '<'"},
		{"/<1id>", 2, router.ErrBadRule, "expected a converter or parameter name"},
		{"/<int:1id>", 6, router.ErrBadRule, "expected a parameter name"},
		{"/<a b>", 3, router.ErrBadRule, "expected ':' or '>'"},
		{"/<int(3)>", 8, router.ErrBadRule, "expected ':' after the converter arguments"},
		{"/<int:a b>", 7, router.ErrBadRule, "expected '>'"},
		{"/<foo:id>", 2, router.ErrUnknownConverter, `"foo"`},
		{"/<int(min=x):id>", 2, router.ErrBadRule, "not an integer"},
		{"/<int(min=1:id>", 5, router.ErrBadRule, "unclosed '('"},
		{"/<int(1, max=2, 3):id>", 16, router.ErrBadRule, "positional argument after named"},
		{"/<int(min=1, min=2):id>", 13, router.ErrBadRule, "given twice"},
		{"/<int(min=1 max=2):id>", 12, router.ErrBadRule, "expected ','"},
		{"/<any('a):id>", 5, router.ErrBadRule, "unclosed '('"},
		{"/<any(a,,b):id>", 8, router.ErrBadRule, "expected a converter argument value"},
		{"/<string(foo=1):x>", 2, router.ErrBadRule, `unknown argument "foo"`},
		{"/<string(minlength=3, maxlength=2):x>", 2, router.ErrBadRule, "below minlength"},
		{"/<int(min=5, max=1):x>", 2, router.ErrBadRule, "below min"},
		{"/<any():x>", 2, router.ErrBadRule, "at least one value"},
		{"/<path(1):x>", 2, router.ErrBadRule, "at most 0 positional"},
		{"/<a>/<a>", 6, router.ErrBadRule, `duplicate parameter "a"`},
		{"/a\x00b", 2, router.ErrBadRule, "control character"},
		{"/a\xffb", 2, router.ErrBadRule, "invalid UTF-8"},
	}
	for _, tt := range tests {
		r := router.New()
		_, err := r.Add(router.Rule{Path: tt.rule})
		var re *router.RuleError
		if !errors.As(err, &re) {
			t.Errorf("Add(%q) = %v, want a *RuleError", tt.rule, err)
			continue
		}
		if re.Offset != tt.offset || re.Rule != tt.rule || !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Add(%q) = %v (offset %d), want offset %d, %v, message containing %q", tt.rule, err, re.Offset, tt.offset, tt.want, tt.msg)
		}
		if !strings.HasPrefix(err.Error(), "fwk: rule ") {
			t.Errorf("Add(%q) error %q lacks the fwk: rule prefix", tt.rule, err)
		}
	}
}

func TestAddRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		rule router.Rule
		msg  string
	}{
		{"bad method", router.Rule{Path: "/a", Methods: []string{"GE T"}}, "not a token"},
		{"empty method", router.Rule{Path: "/a", Methods: []string{""}}, "not a token"},
		{"default for path param", router.Rule{Path: "/a/<id>", Defaults: map[string]any{"id": 1}}, "names a path parameter"},
		{"bad host", router.Rule{Path: "/a", Host: "exa mple.com"}, "bad character"},
		{"bad redirect", router.Rule{Path: "/a", RedirectTo: "b"}, "must start with '/'"},
		{"redirect unknown param", router.Rule{Path: "/a/<id>", RedirectTo: "/b/<other>"}, `unknown parameter "other"`},
	}
	for _, tt := range tests {
		_, err := router.New().Add(tt.rule)
		var re *router.RuleError
		if !errors.As(err, &re) || !errors.Is(err, router.ErrBadRule) || re.Offset != -1 || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Add(%+v) = %v, want ErrBadRule with offset -1 mentioning %q", tt.name, tt.rule, err, tt.msg)
		}
	}
}

func TestRouteAccessors(t *testing.T) {
	r := router.New()
	h := router.HandlerFunc(func(w http.ResponseWriter, r *http.Request, ps *router.Params) {})
	rule := router.Rule{Path: "/u/<int:id>", Endpoint: "user", Methods: []string{"post", "GET"}, Host: "API.example.com", Data: 7, Handler: h}
	rt, err := r.Add(rule)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rt.Methods(), []string{"GET", "HEAD", "POST"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Methods() = %q, want %q", got, want)
	}
	if got := rt.Rule().Methods; !reflect.DeepEqual(got, []string{"POST", "GET"}) {
		t.Errorf("Rule().Methods = %q, want upper-cased as given", got)
	}
	if rt.Endpoint() != "user" || rt.Data() != 7 || rt.Host() != "api.example.com" || rt.Handler() == nil {
		t.Errorf("accessors = %q %v %q %v", rt.Endpoint(), rt.Data(), rt.Host(), rt.Handler())
	}
	if rt.Converter("id") == nil || rt.Converter("nope") != nil {
		t.Errorf("Converter(id) = %v, Converter(nope) = %v", rt.Converter("id"), rt.Converter("nope"))
	}
	if got := rt.String(); got != "GET,HEAD,POST /u/<int:id>" {
		t.Errorf("String() = %q", got)
	}
	if got := r.Routes(); len(got) != 1 || got[0] != rt {
		t.Errorf("Routes() = %v", got)
	}
	if got := r.RoutesFor("user"); len(got) != 1 || got[0] != rt {
		t.Errorf("RoutesFor(user) = %v", got)
	}
	if got := r.RoutesFor("nope"); len(got) != 0 {
		t.Errorf("RoutesFor(nope) = %v", got)
	}
}

func TestRuleMethodsRoundTrip(t *testing.T) {
	many := make([]string, 17)
	for i := range many {
		many[i] = []string{"GET", "put", "TRACE"}[i%3]
	}
	for i, ms := range [][]string{
		nil, {}, {"GET"}, {"head", "GET", "GET"}, {"OPTIONS", "CONNECT", "TRACE", "DELETE", "PATCH", "PUT", "POST", "HEAD", "GET"},
		{"PURGE", "get"}, {"GET", "propfind"}, many[:16], many,
		{"HEAD"}, {"GET", "HEAD"}, {"DELETE", "GET", "PUT"}, {"PUT", "GET"}, {"POST"},
	} {
		r := router.New()
		rt, err := r.Add(router.Rule{Path: "/m" + string(rune('a'+i)) + "/é/<int:id>", Methods: ms})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range ms {
			want = append(want, strings.ToUpper(m))
		}
		if got := rt.Rule().Methods; !reflect.DeepEqual(got, want) {
			t.Errorf("Rule().Methods of %q = %q, want %q", ms, got, want)
		}
	}
}
