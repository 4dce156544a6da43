package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
	"github.com/fwkgo/fwk/routes"
)

// An API of every shape the OpenAPI document describes, beside the blog's
// own: a resource with its six methods and a member action, a subresource
// whose member is a UUID, a search with query enums, defaults and bounds;
// typed bodies and results (nullable fields, omitempty, an enum behind a
// pointer, a body limit), writes behind a bearer token checked by a
// decorator, words from struct tags and view options, a body default,
// words of path parameters.
// TestOpenAPIShapesConform sends it
// requests that succeed and fail in every way, and validates each request
// and answer against the document the app serves.

// Visibility is who sees a book.
type Visibility string

// Book is what the shapes API answers.
type Book struct {
	ID         int64      `json:"id" doc:"The book's number." example:"1"`
	Title      string     `json:"title" doc:"Its title." example:"Dune"`
	Visibility Visibility `json:"visibility" validate:"oneof=public private"`
	Pages      int        `json:"pages" validate:"min=1"`
	Tags       []string   `json:"tags"`
	Subtitle   string     `json:"subtitle,omitempty"`
	ArchivedAt *time.Time `json:"archived_at" doc:"When it was archived; null while it is not."`
}

// BookInput is the body of POST and PUT: leaving out pages or visibility
// fails validation, so the document lists them as required.
type BookInput struct {
	Title      string     `json:"title" validate:"required,max=100" doc:"The title." example:"Dune"`
	Visibility Visibility `json:"visibility" validate:"oneof=public private"`
	Pages      int        `json:"pages" validate:"min=1,max=5000"`
	Tags       []string   `json:"tags" validate:"max=5,dive,min=1,max=20"`
	Subtitle   string     `json:"subtitle,omitempty" validate:"omitempty,max=100"`
}

// BookPatch is the body of PATCH: every field may be left out or null.
type BookPatch struct {
	Title      *string     `json:"title" validate:"omitnil,min=1,max=100"`
	Visibility *Visibility `json:"visibility" validate:"omitnil,oneof=public private"`
}

// BookQuery is the query string of the book list.
type BookQuery struct {
	Limit int `query:"limit" default:"20" validate:"min=1,max=100" doc:"How many books, at most."`
}

// Chapter is a book's chapter, named by a UUID.
type Chapter struct {
	ID       string `json:"id" validate:"uuid"`
	Title    string `json:"title"`
	Position int    `json:"position"`
}

// ChapterInput is the body of a new chapter: a position left out is 1, so
// it is not required though 0 fails validation.
type ChapterInput struct {
	Title    string `json:"title" validate:"required,max=100"`
	Position int    `json:"position" default:"1" validate:"min=1,max=999" doc:"Where the chapter goes."`
}

// SearchQuery is the query string of the search: q is needed, sort is an
// enum with a default, limit is bounded.
type SearchQuery struct {
	Q     string `query:"q" validate:"required" doc:"Words of the title."`
	Sort  string `query:"sort" default:"title" validate:"oneof=title pages"`
	Limit int    `query:"limit" default:"10" validate:"min=1,max=50"`
}

// library is the store of the shapes API.
type library struct {
	mu       sync.Mutex
	books    map[int64]*Book
	chapters map[string]*Chapter
	next     int64
}

func (l *library) book(id int64) (*Book, error) {
	b := l.books[id]
	if b == nil {
		return nil, fwk.Abort(http.StatusNotFound, "no such book")
	}
	return b, nil
}

// bearer is the security scheme the writes need.
var bearer = fwk.Auth{Name: "bearerAuth", Scheme: openapi.SecurityScheme{Type: "http", Scheme: "bearer"},
	Methods: []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}}

const shapesToken = "shapes-token"

// writesNeedBearer answers 401 to a write without the token.
func writesNeedBearer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Header.Get("Authorization") != "Bearer "+shapesToken {
			w.Header().Set("WWW-Authenticate", `Bearer realm="shapes"`)
			fwk.WriteError(w, r, fwk.Abort(http.StatusUnauthorized, "a token is needed"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// BookResource is the books: six methods and the member action Archive.
type BookResource struct {
	fwk.Resource
	Lib *library `fwk:"inject"`
}

// Meta declares the member action, the token check of the writes and the
// words of the tag.
func (r *BookResource) Meta() fwk.Meta {
	return fwk.Meta{
		CSRFExempt:  true,
		Description: "The books of the library.",
		Decorators:  []func(http.Handler) http.Handler{writesNeedBearer},
		Security:    []fwk.Auth{bearer},
		PathParams:  []fwk.ParamDoc{{Name: "id", Description: "The book's number.", Examples: []any{1}}},
		Views: []fwk.ViewSpec{
			fwk.View(r.Archive, "/archive", fwk.IsMember(), fwk.Methods(http.MethodPost),
				fwk.Summary("Archive a book"), fwk.ErrorResponse(http.StatusConflict, "The book is archived already.")),
			fwk.View(r.Create, "", fwk.Methods(http.MethodPost),
				fwk.ResponseHeader("Location", "The URL of the new book.")),
		},
	}
}

// List answers the books, by number.
func (r *BookResource) List(ctx *fwk.Ctx, q BookQuery) ([]Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	var out []Book
	for id := int64(1); id <= r.Lib.next && len(out) < q.Limit; id++ {
		if b := r.Lib.books[id]; b != nil {
			out = append(out, *b)
		}
	}
	return out, nil
}

// Create adds a book: 201 with its Location.
func (r *BookResource) Create(ctx *fwk.Ctx, in fwk.Body[BookInput]) (*Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	r.Lib.next++
	b := &Book{ID: r.Lib.next}
	fill(b, in.Value)
	r.Lib.books[b.ID] = b
	ctx.Writer().Header().Set("Location", "/api/books/"+strconv.FormatInt(b.ID, 10))
	return b, nil
}

func fill(b *Book, in BookInput) {
	b.Title, b.Visibility, b.Pages, b.Tags, b.Subtitle = in.Title, in.Visibility, in.Pages, in.Tags, in.Subtitle
}

// Get answers one book.
func (r *BookResource) Get(ctx *fwk.Ctx, id int64) (*Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	return r.Lib.book(id)
}

// Put replaces a book.
func (r *BookResource) Put(ctx *fwk.Ctx, id int64, in fwk.Body[BookInput]) (*Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	b, err := r.Lib.book(id)
	if err == nil {
		fill(b, in.Value)
	}
	return b, err
}

// Patch changes the fields given.
func (r *BookResource) Patch(ctx *fwk.Ctx, id int64, in fwk.Body[BookPatch]) (*Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	b, err := r.Lib.book(id)
	if err != nil {
		return nil, err
	}
	if in.Value.Title != nil {
		b.Title = *in.Value.Title
	}
	if in.Value.Visibility != nil {
		b.Visibility = *in.Value.Visibility
	}
	return b, nil
}

// Delete removes a book: 204.
func (r *BookResource) Delete(ctx *fwk.Ctx, id int64) error {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	if _, err := r.Lib.book(id); err != nil {
		return err
	}
	delete(r.Lib.books, id)
	return ctx.NoContent()
}

// Archive archives a book once: 409 the second time.
func (r *BookResource) Archive(ctx *fwk.Ctx, id int64) (*Book, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	b, err := r.Lib.book(id)
	if err != nil {
		return nil, err
	}
	if b.ArchivedAt != nil {
		return nil, fwk.Abort(http.StatusConflict, "archived already")
	}
	now := time.Now().UTC()
	b.ArchivedAt = &now
	return b, nil
}

// ChapterResource is the chapters of a book, named by UUIDs.
type ChapterResource struct {
	fwk.Resource
	Lib *library `fwk:"inject"`
}

// Meta: the chapter's member is a UUID; writes need the token.
func (r *ChapterResource) Meta() fwk.Meta {
	return fwk.Meta{CSRFExempt: true, MemberParam: "<uuid:id>", Description: "The chapters of a book.",
		Decorators: []func(http.Handler) http.Handler{writesNeedBearer}, Security: []fwk.Auth{bearer},
		PathParams: []fwk.ParamDoc{{Name: "book_id", Description: "The book's number."}, {Name: "id", Description: "The chapter's UUID."}}}
}

// List answers the chapters of a book.
func (r *ChapterResource) List(ctx *fwk.Ctx, bookID int64) ([]Chapter, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	if _, err := r.Lib.book(bookID); err != nil {
		return nil, err
	}
	var out []Chapter
	for _, c := range r.Lib.chapters {
		out = append(out, *c)
	}
	return out, nil
}

// Create adds a chapter named by a new UUID.
func (r *ChapterResource) Create(ctx *fwk.Ctx, bookID int64, in fwk.Body[ChapterInput]) (*Chapter, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	if _, err := r.Lib.book(bookID); err != nil {
		return nil, err
	}
	r.Lib.next++
	c := &Chapter{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", r.Lib.next), Title: in.Value.Title, Position: in.Value.Position}
	r.Lib.chapters[c.ID] = c
	return c, nil
}

// Get answers one chapter.
func (r *ChapterResource) Get(ctx *fwk.Ctx, bookID int64, id string) (*Chapter, error) {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	c := r.Lib.chapters[id]
	if c == nil {
		return nil, fwk.Abort(http.StatusNotFound, "no such chapter")
	}
	return c, nil
}

// Delete removes a chapter.
func (r *ChapterResource) Delete(ctx *fwk.Ctx, bookID int64, id string) error {
	r.Lib.mu.Lock()
	defer r.Lib.mu.Unlock()
	if r.Lib.chapters[id] == nil {
		return fwk.Abort(http.StatusNotFound, "no such chapter")
	}
	delete(r.Lib.chapters, id)
	return ctx.NoContent()
}

// search finds books by title words.
func search(lib *library) func(*fwk.Ctx, SearchQuery) ([]Book, error) {
	return func(ctx *fwk.Ctx, q SearchQuery) ([]Book, error) {
		lib.mu.Lock()
		defer lib.mu.Unlock()
		var out []Book
		for _, b := range lib.books {
			if strings.Contains(strings.ToLower(b.Title), strings.ToLower(q.Q)) && len(out) < q.Limit {
				out = append(out, *b)
			}
		}
		return out, nil
	}
}

// shapesBundle is the shapes API under /api.
type shapesBundle struct{ lib *library }

func (shapesBundle) Name() string { return "shapes" }

func (b shapesBundle) Services() []any { return []any{b.lib} }

func (b shapesBundle) Routes() []*fwk.Route {
	return routes.Prefix("/api",
		routes.Resource("/books", &BookResource{}, routes.Subresources(
			routes.Resource("/chapters", &ChapterResource{}),
		)),
		routes.Func("/search", search(b.lib), fwk.Endpoint("search"), fwk.ServesJSON(),
			fwk.Tag("Search", "Finding books."), fwk.Summary("Search the books")),
	)
}

// newShapesApp returns the shapes API, its errors in fwk's shape or as
// problem details (errorFormat "problem+json").
func newShapesApp(errorFormat string) (*fwk.App, error) {
	cfg := fwk.DefaultConfig()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.SecretKey = testSecretKey
	cfg.MaxBodyBytes = 2048
	cfg.OpenAPIPath = "/api/openapi.json"
	cfg.OpenAPITitle, cfg.OpenAPIVersion = "Library", "1.0.0"
	cfg.OpenAPILicense, cfg.OpenAPILicenseURL = "MIT", "https://opensource.org/licenses/MIT"
	cfg.OpenAPIContactEmail = "api@example.com"
	cfg.ErrorFormat = errorFormat
	lib := &library{books: map[int64]*Book{}, chapters: map[string]*Chapter{}}
	return fwk.New(cfg, shapesBundle{lib: lib})
}
