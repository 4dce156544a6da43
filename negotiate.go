package fwk

// This file holds the one negotiation of JSON against HTML, used for every
// response fwk writes itself (error pages today): prefersJSON; and the JSON
// areas of an app, the URL prefixes under which a request no view matched
// (a 404, a 405) is answered like the JSON views there: the rule of every
// JSON view up to its first variable part ("/api/posts" for
// "/api/posts/<int:id>"), and the prefix of every JSONRoutes group.

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// JSONRoutes returns copies of rs under prefix, as PrefixRoutes does, whose
// views serve JSON (ServesJSON), and makes prefix a JSON area: a request
// under it that no view matches (404, 405) is answered with the JSON error
// body unless the client prefers HTML. routes.JSON is the form for route
// trees.
func JSONRoutes(prefix string, rs []*Route) []*Route {
	out := PrefixRoutes(prefix, rs)
	area := strings.TrimSuffix(prefix, "/")
	for _, r := range out {
		if r.err == nil {
			r.servesJSON = true
			r.jsonArea = area
		}
	}
	return out
}

// addJSONAreas records the JSON areas v brings: its group's prefix, and its
// rule up to the first variable part when it serves JSON.
func (a *App) addJSONAreas(v *view) {
	add := func(area string) {
		area = strings.TrimSuffix(area, "/")
		if area != "" && !slices.Contains(a.jsonAreas, area) {
			a.jsonAreas = append(a.jsonAreas, area)
		}
	}
	add(v.route.jsonArea)
	if v.servesJSON {
		static, _, _ := strings.Cut(v.rule, "<")
		if static != v.rule { // up to the last '/' before the variable part
			static = static[:strings.LastIndexByte(static, '/')+1]
		}
		add(static)
	}
}

// inJSONArea reports whether path is one of the app's JSON areas or below.
func (a *App) inJSONArea(path string) bool {
	for _, area := range a.jsonAreas {
		if strings.HasPrefix(path, area) && (len(path) == len(area) || path[len(area)] == '/') {
			return true
		}
	}
	return false
}

// jsonByDefault reports whether an error response to r should be JSON when
// the client's Accept does not decide: the view serves JSON, or no view
// matched and the path lies in a JSON area.
func (a *App) jsonByDefault(c *Ctx, r *http.Request) bool {
	if c != nil && c.view != nil {
		return c.view.servesJSON
	}
	return a.inJSONArea(r.URL.Path)
}

// prefersJSON reports whether the response to r should be JSON rather than
// HTML. An Accept header that ranks one of them above the other decides
// (JSON: application/json or any +json type; HTML: text/html or
// application/xhtml+xml; on equal quality the first listed wins). When it
// does not (no Accept, "*/*", neither listed), the answer is JSON for a JSON
// view (jsonView: a Resource's, or one declared with ServesJSON) and for a
// request whose body is JSON, HTML otherwise. (An error of a view the
// OpenAPI document lists is JSON before this is asked: App.writeError.)
//
//	Accept                          view    request body   response
//	application/json                any     any            JSON
//	application/problem+json        any     any            JSON
//	text/html                       JSON    any            HTML (but see above)
//	text/html, */*;q=0.8            any     any            HTML
//	application/json;q=0.5, text/html any   any            HTML
//	(none) or */*                   JSON    any            JSON
//	(none) or */*                   HTML    JSON           JSON
//	(none) or */*                   HTML    other          HTML
func prefersJSON(r *http.Request, jsonView bool) bool {
	if json, decided := acceptRanks(r.Header.Get("Accept")); decided {
		return json
	}
	return jsonView || isJSONRequest(r.Header.Get("Content-Type"))
}

// asksForHTML reports whether r's Accept header ranks HTML above JSON, as
// a browser navigating to a page does; a browser loading an image or a
// script, or a fetch, does not list HTML.
func asksForHTML(r *http.Request) bool {
	json, decided := acceptRanks(r.Header.Get("Accept"))
	return decided && !json
}

// acceptRanks compares JSON and HTML in an Accept header: decided is false
// when neither has a positive quality.
func acceptRanks(accept string) (json, decided bool) {
	if accept == "" {
		return false, false
	}
	jsonQ, htmlQ := 0.0, 0.0
	jsonAt, htmlAt := 0, 0
	for i, part := range strings.Split(accept, ",") {
		mt, q := mediaRange(part)
		switch {
		case mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"):
			if q > jsonQ {
				jsonQ, jsonAt = q, i
			}
		case mt == "text/html" || mt == "application/xhtml+xml":
			if q > htmlQ {
				htmlQ, htmlAt = q, i
			}
		}
	}
	if jsonQ == 0 && htmlQ == 0 {
		return false, false
	}
	return jsonQ > htmlQ || (jsonQ == htmlQ && jsonAt < htmlAt), true
}

// mediaRange splits one element of an Accept header into its lower-case
// media type and quality (default 1; an unparsable q counts as 1).
func mediaRange(s string) (string, float64) {
	mt, params, _ := strings.Cut(s, ";")
	q := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
				q = f
			}
		}
	}
	return strings.ToLower(strings.TrimSpace(mt)), q
}
