package fwk

// The view options and Meta fields that say what a view's operations are,
// for the OpenAPI document (App.OpenAPI): words (Summary, Description,
// Tag, Meta.Description, PathParam), what the view answers beyond what its signature
// says (ResponseHeader, ErrorResponse), and how its requests authenticate
// (Secured, Meta.Security). Go keeps no doc comments at run time, and fwk
// cannot see inside a decorator that checks a token: what a reader of the
// document should see is declared here.

import (
	"net/http"
	"slices"
	"strings"

	"github.com/fwkgo/fwk/openapi"
)

// opDoc is what a route says of its operations in the OpenAPI document,
// and the templates it declares (Renders): declarations that change no
// answer, kept behind one pointer so that the Route record stays small.
type opDoc struct {
	renders              []string // Renders
	summary, description string
	deprecated           bool
	tag, tagDescription  string
	headers              []respHeader
	errors               []errResponse
	security             []Auth
	params               []ParamDoc // PathParam
}

// respHeader is a header of the success response (ResponseHeader).
type respHeader struct{ name, description string }

// errResponse is an error answer the view gives itself (ErrorResponse).
type errResponse struct {
	status      int
	description string
}

// inherit takes from base what d does not say.
func (d *opDoc) inherit(base opDoc) {
	if d.summary == "" {
		d.summary = base.summary
	}
	if d.description == "" {
		d.description = base.description
	}
	if d.tag == "" {
		d.tag, d.tagDescription = base.tag, base.tagDescription
	}
	d.deprecated = d.deprecated || base.deprecated
	if len(d.renders) == 0 {
		d.renders = base.renders
	}
	d.headers = append(base.headers[:len(base.headers):len(base.headers)], d.headers...)
	d.errors = append(base.errors[:len(base.errors):len(base.errors)], d.errors...)
	d.security = append(base.security[:len(base.security):len(base.security)], d.security...)
	d.params = append(base.params[:len(base.params):len(base.params)], d.params...)
}

// Summary sets the summary of the view's operations in the OpenAPI
// document (App.OpenAPI, the openapi command). Go keeps no doc comments at
// run time: what a reader of the document should see is given here.
func Summary(text string) ViewOption {
	return func(r *Route) { changeCopy(&r.doc, func(d *opDoc) { d.summary = text }) }
}

// Description sets the description (CommonMark) of the view's operations
// in the OpenAPI document.
func Description(text string) ViewOption {
	return func(r *Route) { changeCopy(&r.doc, func(d *opDoc) { d.description = text }) }
}

// Deprecated marks the view's operations deprecated in the OpenAPI
// document; the view is served as before.
func Deprecated() ViewOption {
	return func(r *Route) { changeCopy(&r.doc, func(d *opDoc) { d.deprecated = true }) }
}

// Tag puts the view's operations under the tag name, described by
// description (CommonMark), instead of its controller's (the type name,
// described by Meta.Description). A plain view has no tag without it.
func Tag(name, description string) ViewOption {
	return func(r *Route) {
		changeCopy(&r.doc, func(d *opDoc) { d.tag, d.tagDescription = name, description })
	}
}

// ResponseHeader documents a header of the view's success answer, such as
// the Location of a 201. The view sets it itself
// (ctx.Writer().Header().Set).
func ResponseHeader(name, description string) ViewOption {
	return func(r *Route) {
		changeCopy(&r.doc, func(d *opDoc) {
			d.headers = append(d.headers[:len(d.headers):len(d.headers)], respHeader{http.CanonicalHeaderKey(name), description})
		})
	}
}

// ErrorResponse documents an error the view answers itself
// (fwk.Abort(http.StatusConflict, "the slug is taken")), besides those fwk
// documents for it (400, 404, 413, 415, 422).
func ErrorResponse(status int, description string) ViewOption {
	return func(r *Route) {
		changeCopy(&r.doc, func(d *opDoc) {
			d.errors = append(d.errors[:len(d.errors):len(d.errors)], errResponse{status, description})
		})
	}
}

// Auth declares a way the requests of views authenticate, for the OpenAPI
// document: a security scheme of the document's components, required by
// the operations of Methods. It documents what a decorator or middleware
// checks (a bearer token, a session); it checks nothing itself.
type Auth struct {
	// Name names the scheme in the document ("bearerAuth").
	Name string
	// Scheme is the scheme: openapi.SecurityScheme{Type: "http", Scheme:
	// "bearer"} for Authorization: Bearer.
	Scheme openapi.SecurityScheme
	// Methods are the methods that need it ("POST", "PATCH"); none: every
	// method.
	Methods []string
}

// needs reports whether the operation of method needs a.
func (a Auth) needs(method string) bool {
	return len(a.Methods) == 0 || slices.ContainsFunc(a.Methods, func(m string) bool { return strings.EqualFold(m, method) })
}

// Secured declares that the view's requests authenticate with auths (see
// Auth): its operations list them as their security, with a 401 answer.
// Meta.Security declares them for every view of a controller.
func Secured(auths ...Auth) ViewOption {
	return func(r *Route) {
		changeCopy(&r.doc, func(d *opDoc) { d.security = append(d.security[:len(d.security):len(d.security)], auths...) })
	}
}
