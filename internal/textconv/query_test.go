package textconv_test

import (
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk/internal/textconv"
)

type Paging struct {
	Lang string `default:"en"`
}

type listParams struct {
	Paging
	Page     int        `query:"page" default:"1"`
	PerPage  int        `default:"20"`
	Tags     []string   `query:"tag"`
	IDs      []int      `query:"id,omitempty"`
	Q        string     // key q
	Sort     string     `default:"name"`
	Cursor   *string    // key cursor
	Since    *time.Time // key since
	Level    level      `default:"info"`
	Weights  []float64  `default:"0.5,1.5"`
	UserID   myUUID
	Internal bool `query:"-"`
	secret   string
}

func TestQuery(t *testing.T) {
	since := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	base := listParams{Paging: Paging{Lang: "en"}, Page: 1, PerPage: 20, Sort: "name", Level: 1, Weights: []float64{0.5, 1.5}}
	with := func(f func(*listParams)) listParams {
		p := base
		f(&p)
		return p
	}
	tests := []struct {
		query string
		want  listParams
	}{
		{"", base},
		{"page=3&per_page=50", with(func(p *listParams) { p.Page, p.PerPage = 3, 50 })},
		{"page=2&page=5", with(func(p *listParams) { p.Page = 2 })},
		{"page=", base},
		{"page=&page=4", with(func(p *listParams) { p.Page = 4 })},
		{"tag=a&tag=b&tag=", with(func(p *listParams) { p.Tags = []string{"a", "b", ""} })},
		{"id=&id=3&id=4", with(func(p *listParams) { p.IDs = []int{3, 4} })},
		{"id=", base},
		{"q=&sort=", with(func(p *listParams) { p.Sort = "" })},
		{"q=red+shoes&lang=fr", with(func(p *listParams) { p.Q, p.Lang = "red shoes", "fr" })},
		{"cursor=", with(func(p *listParams) { p.Cursor = ptr("") })},
		{"cursor=abc&since=2024-05-06T07:08:09Z", with(func(p *listParams) { p.Cursor, p.Since = ptr("abc"), &since })},
		{"since=", base},
		{"level=debug", with(func(p *listParams) { p.Level = 0 })},
		{"weights=2", with(func(p *listParams) { p.Weights = []float64{2} })},
		{"user_id=6ba7b8109dad11d180b400c04fd430c8", with(func(p *listParams) { p.UserID = myUUID(uuidBytes) })},
		{"internal=true&secret=x&Internal=true", base},
	}
	binder, err := textconv.Query(reflect.TypeFor[listParams]())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		v, err := url.ParseQuery(tt.query)
		if err != nil {
			t.Fatal(err)
		}
		got, err := binder(v)
		if err != nil {
			t.Errorf("Query(%q) error %v", tt.query, err)
			continue
		}
		if p := got.Interface().(listParams); p.secret != "" {
			t.Errorf("Query(%q) set the unexported field to %q", tt.query, p.secret)
		}
		if !reflect.DeepEqual(got.Interface(), tt.want) {
			t.Errorf("Query(%q) = %+v, want %+v", tt.query, got.Interface(), tt.want)
		}
	}
}

// TestQueryDefaultsNotShared checks that a defaulted slice is fresh per call.
func TestQueryDefaultsNotShared(t *testing.T) {
	binder, err := textconv.Query(reflect.TypeFor[*listParams]())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := binder(url.Values{})
	a.Interface().(*listParams).Weights[0] = 99
	b, _ := binder(url.Values{})
	if got := b.Interface().(*listParams).Weights[0]; got != 0.5 {
		t.Errorf("second call sees Weights[0] = %v, want 0.5", got)
	}
}

func TestQueryPointer(t *testing.T) {
	binder, err := textconv.Query(reflect.TypeFor[*listParams]())
	if err != nil {
		t.Fatal(err)
	}
	got, err := binder(url.Values{"page": {"9"}})
	if err != nil {
		t.Fatal(err)
	}
	p, ok := got.Interface().(*listParams)
	if !ok || p.Page != 9 || p.PerPage != 20 {
		t.Errorf("Query(*listParams) = %#v, want *listParams with Page 9, PerPage 20", got.Interface())
	}
}

func TestQueryBadValue(t *testing.T) {
	binder, err := textconv.Query(reflect.TypeFor[listParams]())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query   string
		param   string
		value   string
		wantErr error
	}{
		{"page=abc", "page", "abc", strconv.ErrSyntax},
		{"per_page=99999999999999999999", "per_page", "99999999999999999999", strconv.ErrRange},
		{"id=1&id=x", "id", "x", strconv.ErrSyntax},
		{"weights=1,2", "weights", "1,2", strconv.ErrSyntax},
		{"level=loud", "level", "loud", errLevel},
		{"user_id=nope", "user_id", "nope", strconv.ErrSyntax},
	}
	for _, tt := range tests {
		v, _ := url.ParseQuery(tt.query)
		_, err := binder(v)
		var be *textconv.Error
		if !errors.As(err, &be) || be.Param != tt.param || be.Value != tt.value || !errors.Is(err, tt.wantErr) {
			t.Errorf("Query(%q) error = %#v, want *Error{Param: %q, Value: %q} wrapping %v", tt.query, err, tt.param, tt.value, tt.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), strconv.Quote(tt.param)) {
			t.Errorf("Query(%q) error %q does not name the parameter", tt.query, err)
		}
	}
}

type (
	badMap     struct{ M map[string]int }
	badDefault struct {
		N int `default:"x"`
	}
	badSliceDefault struct {
		N []int `default:"1,,2"`
	}
	dupKey struct {
		A int `query:"a"`
		B int `query:"a"`
	}
	dupSnake struct {
		PerPage int
		Other   int `query:"per_page"`
	}
	unexportedTagged struct {
		n int `query:"n"`
	}
	embeddedPtr   struct{ *Paging }
	nestedStruct  struct{ P Paging }
	sliceOfSlices struct{ S [][]int }
)

func TestQueryStartupErrors(t *testing.T) {
	tests := []struct {
		typ  reflect.Type
		want string // part of the message
	}{
		{nil, "<nil>"},
		{reflect.TypeFor[int](), "not a struct"},
		{reflect.TypeFor[*int](), "not a struct"},
		{reflect.TypeFor[badMap](), "field M"},
		{reflect.TypeFor[badDefault](), "field N: default"},
		{reflect.TypeFor[badSliceDefault](), "field N: default"},
		{reflect.TypeFor[dupKey](), `fields A and B: both bind query key "a"`},
		{reflect.TypeFor[dupSnake](), `fields PerPage and Other: both bind query key "per_page"`},
		{reflect.TypeFor[unexportedTagged](), "field n: unexported"},
		{reflect.TypeFor[embeddedPtr](), "field Paging"},
		{reflect.TypeFor[nestedStruct](), "field P"},
		{reflect.TypeFor[sliceOfSlices](), "field S"},
	}
	_ = unexportedTagged{}.n // the field exists only to be rejected
	for _, tt := range tests {
		binder, err := textconv.Query(tt.typ)
		if binder != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Query(%v) error = %v, want one containing %q", tt.typ, err, tt.want)
		}
	}
}

func TestSnakeCaseKeys(t *testing.T) {
	type keys struct {
		Page, PerPage, UserID, HTTPStatus, Page2, ID, X int
	}
	binder, err := textconv.Query(reflect.TypeFor[keys]())
	if err != nil {
		t.Fatal(err)
	}
	got, err := binder(url.Values{"page": {"1"}, "per_page": {"2"}, "user_id": {"3"}, "http_status": {"4"}, "page2": {"5"}, "id": {"6"}, "x": {"7"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (keys{1, 2, 3, 4, 5, 6, 7}); got.Interface() != want {
		t.Errorf("snake_case keys bound %+v, want %+v", got.Interface(), want)
	}
}
