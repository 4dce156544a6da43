package fwk_test

import (
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type commentIn struct {
	Author string `json:"author" form:"author" validate:"required"`
}

func commentView(ctx *fwk.Ctx, in fwk.Body[commentIn]) error {
	return ctx.JSON(fwk.M{"author": in.Value.Author}, http.StatusCreated)
}

func bindCommentView(ctx *fwk.Ctx) error {
	var in commentIn
	if err := ctx.Bind(&in); err != nil {
		return err
	}
	return ctx.JSON(fwk.M{"author": in.Author}, http.StatusCreated)
}

// TokenNoteResource is an API authenticated by a header: exempt from CSRF,
// it takes forms too.
type TokenNoteResource struct{ fwk.Resource }

func (r *TokenNoteResource) Meta() fwk.Meta { return fwk.Meta{CSRFExempt: true, AcceptForms: true} }

func (r *TokenNoteResource) Create(ctx *fwk.Ctx, in fwk.Body[commentIn]) error {
	return commentView(ctx, in)
}

// OpenNoteResource is exempt from CSRF and takes JSON only.
type OpenNoteResource struct{ fwk.Resource }

func (r *OpenNoteResource) Meta() fwk.Meta { return fwk.Meta{CSRFExempt: true} }

func (r *OpenNoteResource) Create(ctx *fwk.Ctx, in fwk.Body[commentIn]) error {
	return commentView(ctx, in)
}

// TestCrossSiteFormToJSONAPI: a view exempt from CSRF binds JSON only, so
// that a plain HTML form on another site (which can send url-encoded,
// multipart and text/plain bodies without a CORS preflight, but not
// application/json) cannot write through it. AcceptForms opts back in; a
// view under CSRF protection keeps taking forms.
func TestCrossSiteFormToJSONAPI(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.SecretKey = sessKey
	cfg.CSRFEnabled = true
	a := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/api/comments", commentView, fwk.Methods("POST"), fwk.CSRFExempt()),
		routes.Func("/api/bind", bindCommentView, fwk.Methods("POST"), fwk.CSRFExempt()),
		routes.Func("/api/forms", commentView, fwk.Methods("POST"), fwk.CSRFExempt(), fwk.AcceptForms()),
		routes.Resource("/api/token-notes", &TokenNoteResource{}),
		routes.Resource("/api/open-notes", &OpenNoteResource{}),
	)})
	srv := newServer(t, a)

	form := url.Values{"author": {"mallory"}}.Encode()
	var mp strings.Builder
	mw := multipart.NewWriter(&mp)
	_ = mw.WriteField("author", "mallory")
	_ = mw.Close()
	bodies := []struct{ name, ctype, body string }{
		{"url-encoded", "application/x-www-form-urlencoded", form},
		{"multipart", mw.FormDataContentType(), mp.String()},
		{"text/plain", "text/plain", `{"author":"mallory"}`},
		{"json", "application/json", `{"author":"ann"}`},
	}
	tests := []struct {
		path string
		want map[string]int // status by body name
	}{
		{"/api/comments", map[string]int{"url-encoded": 415, "multipart": 415, "text/plain": 415, "json": 201}},
		{"/api/bind", map[string]int{"url-encoded": 415, "multipart": 415, "text/plain": 415, "json": 201}},
		{"/api/forms", map[string]int{"url-encoded": 201, "multipart": 201, "text/plain": 415, "json": 201}},
		{"/api/token-notes", map[string]int{"url-encoded": 201, "multipart": 201, "text/plain": 415, "json": 201}},
		{"/api/open-notes", map[string]int{"url-encoded": 415, "multipart": 415, "text/plain": 415, "json": 201}},
	}
	for _, tt := range tests {
		for _, b := range bodies {
			req, _ := http.NewRequest("POST", srv.URL+tt.path, strings.NewReader(b.body))
			req.Header.Set("Content-Type", b.ctype)
			req.Header.Set("Origin", "https://evil.example")
			status, body := doResponse(t, srv, req)
			if status != tt.want[b.name] {
				t.Errorf("POST %s %s: %d %s, want %d", tt.path, b.name, status, body, tt.want[b.name])
			}
			if status == 415 && tt.want["url-encoded"] == 415 && !strings.Contains(body, "Content-Type must be application/json") {
				t.Errorf("POST %s %s: 415 %s, want it to name application/json", tt.path, b.name, body)
			}
		}
	}
}

// TestFormsStillBindOnProtectedViews: without CSRFExempt, Bind takes
// forms as before.
func TestFormsStillBindOnProtectedViews(t *testing.T) {
	srv := newServer(t, mustNew(t, fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/comments", commentView, fwk.Methods("POST")),
	)}))
	req, _ := http.NewRequest("POST", srv.URL+"/comments", strings.NewReader("author=ann"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if status, body := doResponse(t, srv, req); status != http.StatusCreated {
		t.Errorf("form POST to a view without CSRFExempt: %d %s, want 201", status, body)
	}
}

// A view exempt from CSRF binds JSON only: a form, which a page on another
// site could post with the user's cookies, is a 415. AcceptForms opts in.
func ExampleAcceptForms() {
	create := func(ctx *fwk.Ctx, in fwk.Body[commentIn]) error {
		return ctx.JSON(fwk.M{"author": in.Value.Author}, http.StatusCreated)
	}
	app, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Tree(
		routes.Func("/api/comments", create, fwk.Methods("POST"), fwk.CSRFExempt()),
		routes.Func("/hooks/comments", create, fwk.Methods("POST"), fwk.CSRFExempt(), fwk.AcceptForms()),
	)})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, req := range []struct{ path, ctype, body string }{
		{"/api/comments", "application/json", `{"author":"ann"}`},
		{"/api/comments", "application/x-www-form-urlencoded", "author=mallory"},
		{"/hooks/comments", "application/x-www-form-urlencoded", "author=bob"},
	} {
		r := httptest.NewRequest("POST", req.path, strings.NewReader(req.body))
		r.Header.Set("Content-Type", req.ctype)
		r.Header.Set("Accept", "application/json")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, r)
		fmt.Println(req.path, rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// /api/comments 201 {"author":"ann"}
	// /api/comments 415 {"error":"Content-Type must be application/json: this endpoint takes no form bodies.","status":415}
	// /hooks/comments 201 {"author":"bob"}
}
