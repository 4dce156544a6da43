package routes

import "github.com/fwkgo/fwk"

// JSON is Prefix for a JSON API: its children's views serve JSON
// (fwk.ServesJSON), and a request under prefix that no view matches (an
// unknown sub-path, a wrong method) is answered with the JSON error body,
// {"error": ..., "status": ...}, unless the client prefers HTML. Under a
// Resource's own prefix this holds without JSON.
//
//	routes.JSON("/api",
//		routes.Resource("/posts", &PostResource{}),
//		routes.Get("/health", health),
//	)
func JSON(prefix string, children ...[]*fwk.Route) []*fwk.Route {
	return fwk.JSONRoutes(prefix, flatten(children))
}
