package fwk

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// addOpenAPIRoute serves the app's OpenAPI document at Config.OpenAPIPath
// (GET and HEAD, endpoint "openapi"), when set. The document is built on
// the first request, once every route is registered.
func (a *App) addOpenAPIRoute() error {
	path := a.cfg.OpenAPIPath
	if path == "" {
		return nil
	}
	h := &openAPIHandler{app: a}
	r := &Route{
		rule:       path,
		view:       h,
		handler:    h,
		endpoint:   "openapi",
		methods:    []string{http.MethodGet},
		set:        setEndpoint | setMethods,
		declaredAt: "Config.OpenAPIPath (" + keyOpenAPIPath + ")",
	}
	return a.addRoute(r, r.rule, r.endpoint)
}

// openAPIHandler serves the document as JSON.
type openAPIHandler struct {
	app  *App
	once sync.Once
	body []byte
	err  error
}

func (h *openAPIHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.once.Do(h.build)
	if h.err != nil {
		h.app.log.Error("fwk: OpenAPI document", "err", h.err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(h.body)
}

// build makes the document's JSON once; a panic while building it (a
// custom converter's Schema, say) is an error every request answers 500
// to, not an empty document.
func (h *openAPIHandler) build() {
	defer func() {
		if v := recover(); v != nil {
			h.body, h.err = nil, fmt.Errorf("fwk: building the OpenAPI document panicked: %v", v)
		}
	}()
	h.body, h.err = json.Marshal(h.app.OpenAPI())
}

// runOpenAPI is the openapi command: it prints the document, indented.
func (a *App) runOpenAPI(args []string) error {
	if done, err := a.noArgs("openapi", args); done {
		return err
	}
	enc := json.NewEncoder(a.out)
	enc.SetIndent("", "  ")
	return enc.Encode(a.OpenAPI())
}
