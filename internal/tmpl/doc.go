// Package tmpl keeps the html/template sets of an app whose templates come
// from several bundles, each an fs.FS, with the app bundle overriding the
// others.
//
// # Names and overriding
//
// A template is named by its slash-separated path inside its source FS, such
// as "site/index.html". [Load] is given the sources in priority order (app
// bundle first): when several sources hold the same path, the first one's
// file is used and the others are ignored. Every file whose base name
// contains [Options.Ext] is a template, so compound extensions such as
// "index.html.j2" are included; names starting with '.' (editor and VCS
// files) are skipped.
//
// # Layouts and partials
//
// Files under the top-level directories layouts/ and partials/ are shared:
// they are parsed (sorted by path, first source wins per path) into the set
// of every page. Every other file is a page with a set of its own, cloned from
// the shared set, so two pages may both define "content" without clashing:
//
//	layouts/base.html   <html><title>{{block "title" .}}Site{{end}}</title>
//	                    <body>{{template "partials/nav.html" .}}{{block "content" .}}{{end}}</body></html>
//	partials/nav.html   <nav>{{.User}}</nav>
//	site/index.html     {{template "layouts/base.html" .}}
//	                    {{define "title"}}Home{{end}}{{define "content"}}<p>Hi {{.User}}</p>{{end}}
//
// A page's own {{define}} blocks override the shared blocks of the same name.
// Two shared files should not define the same block name: the one whose path
// sorts last would win.
//
// # Per-request functions
//
// [Options.Funcs] fixes the function names when the templates are parsed.
// Its values are defaults (nil means "must be bound at render time"). [Set.Render]
// takes the per-request implementations (a url_for bound to the current
// request, a CSRF token, the flashed messages), which replace the defaults for
// that one execution. Rendering does not clone on the hot path: each page
// keeps a sync.Pool of executable clones made from a pristine, never-executed
// copy; each clone's functions are closures reading a small binding owned by
// that clone. Render takes a clone, sets its binding, executes, clears the
// binding and returns the clone, so concurrent renders never see each other's
// functions.
//
// A bound function may have any signature html/template accepts (one result,
// or a result and an error); arguments arrive as the template evaluated them.
// Common signatures such as func(string, ...any) (string, error) are called
// directly, others through reflection.
//
// # Debug mode
//
// With [Options.Debug], Render and Has read the sources again on every call,
// so edited, added or removed files are seen without a restart. Load still
// parses everything once, so mistakes are reported at start-up.
//
// # Errors
//
// Parse errors name the bundle, the file and the line. A missing template is
// an error wrapping [ErrNotFound] naming the template and the bundles
// searched. Render writes nothing to w when execution fails.
package tmpl
