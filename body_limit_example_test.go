package fwk_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

func ExampleLimitBody() {
	w := httptest.NewRecorder()
	declared := httptest.NewRequest("POST", "/upload", strings.NewReader("twenty bytes of body"))
	err := fwk.LimitBody(w, declared, 10) // refused before reading
	fmt.Println(fwk.StatusCode(err), err)

	chunked := httptest.NewRequest("POST", "/upload", strings.NewReader("twenty bytes of body"))
	chunked.ContentLength = -1
	fmt.Println(fwk.LimitBody(w, chunked, 10))
	_, err = io.ReadAll(chunked.Body) // fails past the limit
	var tooLarge *http.MaxBytesError
	fmt.Println(fwk.StatusCode(err), errors.As(err, &tooLarge))
	// Output:
	// 413 fwk: 413 The request body is larger than 10 bytes (MAX_CONTENT_LENGTH).
	// <nil>
	// 413 true
}

// uploadBundle has a comment view under the app's body limit and an upload
// view that takes more.
type uploadBundle struct{}

func (uploadBundle) Name() string { return "files" }
func (uploadBundle) Routes() []*fwk.Route {
	read := func(c *fwk.Ctx) error {
		n, err := io.Copy(io.Discard, c.Request().Body)
		if err != nil {
			return err
		}
		return c.Respond(http.StatusOK, fmt.Sprint(n, " bytes"))
	}
	return routes.Tree(
		routes.Func("/comment", read, fwk.Methods("POST")),
		routes.Func("/upload", read, fwk.Methods("POST"), fwk.MaxBodyBytes(1<<20)),
	)
}

func ExampleMaxBodyBytes() {
	cfg := fwk.DefaultConfig()
	cfg.MaxBodyBytes = 1 << 10 // 1 KiB for the whole app
	app, err := fwk.New(cfg, uploadBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/comment", "/upload"} {
		w := httptest.NewRecorder()
		app.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(strings.Repeat("x", 4<<10))))
		fmt.Println(path, w.Code)
	}
	// Output:
	// /comment 413
	// /upload 200
}
