package fwk_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
	"github.com/go-playground/validator/v10"
)

type bindAddress struct {
	City string `json:"city" validate:"required"`
	Zip  string `json:"zip" form:"zip_code"`
}

type bindItem struct {
	Name string `json:"name" validate:"required"`
	Qty  int    `json:"qty" validate:"gte=1"`
}

type bindSignup struct {
	Name    string            `json:"name" validate:"required,min=2"`
	Email   string            `json:"email" validate:"required,email"`
	Age     int               `json:"age" validate:"gte=0,lte=150"`
	Nick    *string           `json:"nick"`
	Address *bindAddress      `json:"address"`
	Tags    []string          `json:"tags" validate:"max=3"`
	Attrs   map[string]string `json:"attrs"`
	Born    time.Time         `json:"born"`
	Items   []bindItem        `json:"items" validate:"dive"`
}

type lenientInput struct {
	fwk.AllowUnknownFields
	Name string `json:"name"`
}

type uploadInput struct {
	Title  string                  `form:"title" validate:"required"`
	Avatar *multipart.FileHeader   `form:"avatar"`
	Docs   []*multipart.FileHeader `form:"docs"`
}

// echoBind binds the body into a new T and answers it as JSON.
func echoBind[T any](ctx *fwk.Ctx) error {
	var v T
	if err := ctx.Bind(&v); err != nil {
		return err
	}
	return ctx.JSON(v)
}

func uploadView(ctx *fwk.Ctx) error {
	var in uploadInput
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	out := map[string]any{"title": in.Title, "docs": len(in.Docs)}
	if in.Avatar != nil {
		f, err := in.Avatar.Open()
		if err != nil {
			return err
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		out["avatar"], out["avatar_body"] = in.Avatar.Filename, string(b)
	}
	return ctx.JSON(out)
}

// handledView shows that a view can inspect a validation error itself.
func handledView(ctx *fwk.Ctx) error {
	var in bindSignup
	err := ctx.Bind(&in)
	if ve, ok := errors.AsType[*fwk.ValidationError](err); ok {
		return ctx.JSON(fwk.M{"handled": ve.Fields}, http.StatusOK)
	}
	return err
}

func bindServer(t *testing.T, cfg fwk.Config) *httptest.Server {
	t.Helper()
	a := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/signup", echoBind[bindSignup], fwk.Methods("POST"), fwk.Endpoint("signup")),
		routes.Func("/lenient", echoBind[lenientInput], fwk.Methods("POST"), fwk.Endpoint("lenient")),
		routes.Func("/map", echoBind[map[string]int], fwk.Methods("POST"), fwk.Endpoint("map")),
		routes.Func("/upload", uploadView, fwk.Methods("POST")),
		routes.Func("/handled", handledView, fwk.Methods("POST")),
	)})
	return newServer(t, a)
}

// doBody sends req and returns the response body.
func doBody(t *testing.T, srv *httptest.Server, req *http.Request) string {
	t.Helper()
	_, b := doResponse(t, srv, req)
	return b
}

type bodyCase struct {
	name, path, ctype, body, accept string
	status                          int
	want                            []string // substrings of the response body
}

func runBodyCases(t *testing.T, srv *httptest.Server, cases []bodyCase) {
	t.Helper()
	for _, tc := range cases {
		if tc.accept == "" {
			tc.accept = "application/json"
		}
		req, _ := http.NewRequest("POST", srv.URL+tc.path, strings.NewReader(tc.body))
		if tc.ctype != "" {
			req.Header.Set("Content-Type", tc.ctype)
		}
		if tc.accept != "" {
			req.Header.Set("Accept", tc.accept)
		}
		status, b := doResponse(t, srv, req)
		if status != tc.status {
			t.Errorf("%s: status %d, want %d; body %s", tc.name, status, tc.status, b)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(b, w) {
				t.Errorf("%s: body %s lacks %q", tc.name, b, w)
			}
		}
	}
}

const okSignup = `{"name":"Ann","email":"ann@example.com","age":30,"nick":"a",
 "address":{"city":"Oslo","zip":"0150"},"tags":["x","y"],"attrs":{"k":"v"},
 "born":"2000-01-02T03:04:05Z","items":[{"name":"pen","qty":2}]}`

func TestBindJSON(t *testing.T) {
	srv := bindServer(t, fwk.DefaultConfig())
	const js = "application/json"
	runBodyCases(t, srv, []bodyCase{
		{"ok", "/signup", js, okSignup, "", 200, []string{`"city":"Oslo"`, `"nick":"a"`, `"born":"2000-01-02T03:04:05Z"`, `"qty":2`}},
		{"charset and +json", "/signup", "application/vnd.api+json; charset=utf-8", okSignup, "", 200, nil},
		{"trailing space ok", "/signup", js, okSignup + " \n", "", 200, nil},
		{"syntax", "/signup", js, `{"name": "Ann",}`, "", 400, []string{"invalid JSON at offset 16"}},
		{"truncated", "/signup", js, `{"name": "Ann"`, "", 400, []string{"unexpected end of input"}},
		{"type", "/signup", js, `{"name": "Ann", "age": "old"}`, "", 422, []string{`"errors":{"age":["Must be a whole number in range."]}`}},
		{"nested type", "/signup", js, `{"name": "Ann", "age": [1]}`, "", 422, []string{`"age":[`}},
		{"top-level type", "/signup", js, `[1, 2]`, "", 400, []string{"invalid JSON at offset"}},
		{"unknown field", "/signup", js, `{"name": "Ann", "emial": "x"}`, "", 400, []string{`unknown field \"emial\"`}},
		{"unknown allowed", "/lenient", js, `{"name": "Ann", "extra": 1}`, "", 200, []string{`"name":"Ann"`}},
		{"trailing data", "/signup", js, okSignup + `{}`, "", 400, []string{"data after the value"}},
		{"empty", "/signup", js, ``, "", 400, []string{"request body is empty"}},
		{"not a struct", "/map", js, `{"a": 1, "b": 2}`, "", 200, []string{`"a":1`}},
		{"no content type", "/signup", "", okSignup, "", 415, []string{"Content-Type must be"}},
		{"text/plain", "/signup", "text/plain", okSignup, "", 415, nil},
		{"case and parameters", "/signup", "Application/JSON; =x", okSignup, "", 200, nil},
		{"json suffix of another top type", "/signup", "text/x+json", okSignup, "", 415, nil},
		{"invalid", "/signup", js, `{"name":"A","email":"nope","age":200,"tags":["1","2","3","4"],
		  "address":{"zip":"1"},"items":[{"name":"","qty":0}]}`, "", 422, []string{
			`"status":422`,
			`"name":["Field must be at least 2 characters long."]`,
			`"email":["Invalid email address."]`,
			`"age":["Number must be between 0 and 150."]`,
			`"tags":["Field must have at most 3 items."]`,
			`"address.city":["This field is required."]`,
			`"items[0].name":["This field is required."]`,
			`"items[0].qty":["Number must be at least 1."]`,
		}},
		{"invalid HTML", "/signup", js, `{"name":"A","email":"ann@example.com"}`, "text/html", 422,
			[]string{"<li><code>name</code>: Field must be at least 2 characters long.</li>"}},
		{"handled by the view", "/handled", js, `{"name":"A","email":"ann@example.com"}`, "", 200,
			[]string{`{"handled":{"name":["Field must be at least 2 characters long."]}}`}},
	})
}

func TestBindURLEncoded(t *testing.T) {
	srv := bindServer(t, fwk.DefaultConfig())
	const form = "application/x-www-form-urlencoded"
	ok := "name=Ann&email=ann%40example.com&age=30&nick=a&address.city=Oslo&address.zip_code=0150" +
		"&tags=x&tags=y&attrs[k]=v&born=2000-01-02&items[0].name=pen&items[0].qty=2&items[1].name=ink&items[1].qty=1"
	runBodyCases(t, srv, []bodyCase{
		{"ok", "/signup", form, ok, "", 200, []string{`"city":"Oslo"`, `"zip":"0150"`, `"tags":["x","y"]`,
			`"attrs":{"k":"v"}`, `"nick":"a"`, `"born":"2000-01-02T00:00:00Z"`, `{"name":"ink","qty":1}`}},
		{"datetime-local", "/signup", form, "name=Ann&email=a%40b.co&born=2000-01-02T03:04", "", 200, []string{`"born":"2000-01-02T03:04:00Z"`}},
		{"bad int", "/signup", form, "name=Ann&email=a%40b.co&age=old", "", 400, []string{`invalid value for form field \"age\"`}},
		{"bad time", "/signup", form, "name=Ann&email=a%40b.co&born=yesterday", "", 400, []string{`\"born\"`}},
		{"bad escape", "/signup", form, "name=%zz", "", 400, []string{"Malformed request body: invalid URL escape"}},
		{"invalid", "/signup", form, "name=A&items[0].qty=0&items[0].name=x", "application/json", 422, []string{
			`"name":["Field must be at least 2 characters long."]`, `"email":["This field is required."]`, `"items[0].qty":["Number must be at least 1."]`}},
		{"unbalanced bracket", "/signup", form, "name=Ann&tags[0=x", "", 400, []string{"without ']'"}},
		{"stray bracket", "/signup", form, "name]=Ann", "", 400, []string{"']' without '['"}},
		{"nested brackets", "/signup", form, "a[b[c]]=1", "", 400, []string{"inside brackets"}},
		{"big index", "/signup", form, "tags[1000000000]=x", "", 400, []string{"index over 999"}},
		{"index at the limit", "/signup", form, "name=Ann&email=a%40b.co&items[999].name=x&items[999].qty=1", "application/json", 422,
			[]string{`"items[0].name"`, `"items[998].qty"`}},
	})
}

func multipartOf(t *testing.T, fields map[string]string, files map[string][]string) (string, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for k, contents := range files {
		for i, c := range contents {
			fw, _ := w.CreateFormFile(k, k+string(rune('a'+i))+".txt")
			_, _ = fw.Write([]byte(c))
		}
	}
	_ = w.Close()
	return w.FormDataContentType(), b.String()
}

func TestBindMultipart(t *testing.T) {
	srv := bindServer(t, fwk.DefaultConfig())
	ct, body := multipartOf(t, map[string]string{"title": "hi"}, map[string][]string{"avatar": {"PNG"}, "docs": {"1", "2", "3"}})
	ct2, body2 := multipartOf(t, map[string]string{"title": "hi", "avatar.Filename": "forged", "avatar.Size": "9"}, nil)
	ct3, body3 := multipartOf(t, nil, map[string][]string{"avatar": {"x"}})
	runBodyCases(t, srv, []bodyCase{
		{"files", "/upload", ct, body, "", 200, []string{`"avatar":"avatara.txt"`, `"avatar_body":"PNG"`, `"docs":3`}},
		{"no forged header", "/upload", ct2, body2, "", 200, []string{`{"docs":0,"title":"hi"}`}},
		{"invalid", "/upload", ct3, body3, "application/json", 422, []string{`"title":["This field is required."]`}},
		{"no boundary", "/upload", "multipart/form-data", body, "", 400, []string{"no multipart boundary"}},
	})
	cfg := fwk.DefaultConfig()
	cfg.MaxFormMemory = 64
	small := bindServer(t, cfg)
	ct4, body4 := multipartOf(t, map[string]string{"title": strings.Repeat("x", 100)}, nil)
	runBodyCases(t, small, []bodyCase{
		{"values over MaxFormMemory", "/upload", ct4, body4, "", 413, []string{"MAX_FORM_MEMORY_SIZE"}},
		{"files spill to disk", "/upload", ct, body, "", 200, []string{`"avatar_body":"PNG"`}},
	})
}

func TestBindBodyLimit(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.MaxBodyBytes = 64
	srv := bindServer(t, cfg)
	big := `{"name":"` + strings.Repeat("x", 100) + `"}`
	runBodyCases(t, srv, []bodyCase{
		{"content-length", "/signup", "application/json", big, "", 413, []string{"larger than 64 bytes"}},
		{"form", "/signup", "application/x-www-form-urlencoded", "name=" + strings.Repeat("x", 100), "", 413, nil},
	})
	// Without Content-Length (chunked), the limit stops the reading.
	req, _ := http.NewRequest("POST", srv.URL+"/signup", io.MultiReader(strings.NewReader(big)))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked: status %d, want 413", res.StatusCode)
	}
}

func TestBindNeedsPointer(t *testing.T) {
	a := mustNew(t, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/x", func(ctx *fwk.Ctx) error {
			var v bindSignup
			return ctx.Bind(v)
		}, fwk.Methods("POST")),
	)})
	req := httptest.NewRequest("POST", "/x", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, req)
	if rec.Code != 500 {
		t.Errorf("Bind(non-pointer) = %d, want 500", rec.Code)
	}
}

func TestValidationErrorShape(t *testing.T) {
	srv := bindServer(t, fwk.DefaultConfig())
	req, _ := http.NewRequest("POST", srv.URL+"/signup", strings.NewReader(`{"name":"A","email":"a@b.co"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		Error  string              `json:"error"`
		Status int                 `json:"status"`
		Errors map[string][]string `json:"errors"`
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Status != 422 || got.Error != "Unprocessable Entity" || len(got.Errors) != 1 || got.Errors["name"][0] != "Field must be at least 2 characters long." {
		t.Errorf("422 body = %+v", got)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
}

type slugInput struct {
	Slug string `json:"slug" validate:"required,slug"`
}

func TestAppValidatorCustomRule(t *testing.T) {
	a := mustNew(t, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/slug", echoBind[slugInput], fwk.Methods("POST")),
	)})
	err := a.Validator().RegisterValidation("slug", func(fl validator.FieldLevel) bool {
		s := fl.Field().String()
		return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
	})
	if err != nil {
		t.Fatal(err)
	}
	runBodyCases(t, newServer(t, a), []bodyCase{
		{"custom rule passes", "/slug", "application/json", `{"slug":"hello-world"}`, "", 200, []string{`"slug":"hello-world"`}},
		{"custom rule fails", "/slug", "application/json", `{"slug":"Hello World"}`, "", 422, []string{`"slug":["Failed the \"slug\" check."]`}},
	})
}
