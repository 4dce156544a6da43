package fwk_test

import (
	"fmt"
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing/fstest"

	"github.com/fwkgo/fwk"
)

// themeBundle serves static files.
type themeBundle struct{}

func (themeBundle) Name() string { return "theme" }
func (themeBundle) Static() fs.FS {
	return fstest.MapFS{
		"index.html":  {Data: []byte("<h1>theme</h1>")},
		"css/app.css": {Data: []byte("body{}")},
		".env":        {Data: []byte("SECRET_KEY=...")},
	}
}

func (themeBundle) Routes() []*fwk.Route { return nil }

// Static files are served exactly by name; directories and dotfiles are
// 404s, rendered like every error of the app.
func Example_staticFiles() {
	app, err := fwk.New(fwk.DefaultConfig(), themeBundle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, path := range []string{"/theme/static/index.html", "/theme/static/css/", "/theme/static/.env"} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("Accept", "application/json")
		app.ServeHTTP(w, r)
		fmt.Println(path, w.Code, strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// /theme/static/index.html 200 <h1>theme</h1>
	// /theme/static/css/ 404 {"error":"Not Found","status":404}
	// /theme/static/.env 404 {"error":"Not Found","status":404}
}
