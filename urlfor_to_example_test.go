package fwk_test

import (
	"errors"
	"fmt"
	"net/http/httptest"
	"testing/fstest"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// Library names its redirect target and its template so that mistakes
// are found by the compiler (fwk.To) and by fwk.New (fwk.Renders).
type Library struct{ fwk.Controller }

func (c *Library) Meta() fwk.Meta {
	return fwk.Meta{Views: []fwk.ViewSpec{
		fwk.View(c.Index, "/", fwk.Renders("index")),
		fwk.View(c.Old, "/old"),
	}}
}

func (c *Library) Index(ctx *fwk.Ctx) error { return ctx.Render("index") }

// Old redirects to Index: a renamed Index is a compile error here.
func (c *Library) Old(ctx *fwk.Ctx) error { return ctx.Redirect(fwk.To(c.Index)) }

func ExampleTo() {
	tpl := fstest.MapFS{"library/index.html": {Data: []byte("books")}}
	app, err := fwk.New(fwk.DefaultConfig(), tplApp{tpl: tpl}.with(routes.Controller("", &Library{})))
	if err != nil {
		fmt.Println(err)
		return
	}
	w := httptest.NewRecorder()
	app.ServeHTTP(w, httptest.NewRequest("GET", "/old", nil))
	fmt.Println(fwk.To((*Library).Index), w.Code, w.Header().Get("Location"))
	// Output: Library.Index 302 /
}

func ExampleRenders() {
	tpl := fstest.MapFS{"library/indx.html": {Data: []byte("books")}} // a typo in the file name
	_, err := fwk.New(fwk.DefaultConfig(), tplApp{tpl: tpl}.with(routes.Controller("", &Library{})))
	fmt.Println(errors.Is(err, fwk.ErrTemplateNotFound))
	// Output: true
}
