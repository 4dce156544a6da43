package fwk

// M is a shorthand for the map of template data and JSON objects.
type M map[string]any

// App is a configured application: the bundles, their routes and the router
// serving them. Build it with New; it is an http.Handler.
type App struct {
	cfg     Config
	bundles []Bundle
}
