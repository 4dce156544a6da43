// Package theme is a vendor bundle for the blog example: a page layout,
// shared partials and a stylesheet, as a third-party bundle would ship
// them. The app bundle, listed after it, overrides any of them by path
// (the blog replaces partials/nav.html) or extends them: the blog's
// layouts/base.html redefines the "footer" block and includes this
// bundle's layouts/base.html.
//
// Its templates are:
//
//	layouts/base.html     the page: head, navigation, flashed messages, {{block "content"}}
//	partials/flashes.html the flashed messages, one <p class="flash <category>"> each
//	partials/nav.html     the navigation (links built with urlFor; the app overrides it)
//
// Its stylesheet is served at /theme/static/style.css (endpoint
// "theme.static", param "filename").
package theme

import (
	"embed"
	"io/fs"
)

//go:embed templates static
var files embed.FS

// Bundle is the theme bundle; list it before the app bundle.
type Bundle struct{}

// Name returns "theme": its static files are under /theme/static/.
func (Bundle) Name() string { return "theme" }

// Templates returns the layout and partials.
func (Bundle) Templates() fs.FS { return sub("templates") }

// Static returns the stylesheet.
func (Bundle) Static() fs.FS { return sub("static") }

// sub returns the directory dir of the embedded files.
func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil { // impossible: dir is a literal embedded above
		panic(err)
	}
	return f
}
