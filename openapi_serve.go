package fwk

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"sync"

	"github.com/fwkgo/fwk/openapi"
)

// OpenAPI30 returns the app's OpenAPI document (App.OpenAPI) as OpenAPI
// 3.0.3 JSON (openapi.Downgrade), for the client generators and gateways
// that read only 3.0; Config.OpenAPI30Path (OPENAPI_30_PATH) serves it. To
// change the document first, pass json.Marshal(app.OpenAPI()), changed, to
// openapi.Downgrade.
func (a *App) OpenAPI30() ([]byte, error) {
	doc, err := json.Marshal(a.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("fwk: marshalling the OpenAPI document: %w", err)
	}
	return openapi.Downgrade(doc)
}

// OpenAPIYAML returns the app's OpenAPI 3.1 document (App.OpenAPI) as YAML
// (openapi.YAML): the same values, keys in the same order, in the form
// people read and diff more easily; Config.OpenAPIYAMLPath
// (OPENAPI_YAML_PATH) serves it. The 3.0 document as YAML is
// openapi.YAML of App.OpenAPI30's.
func (a *App) OpenAPIYAML() ([]byte, error) {
	doc, err := json.Marshal(a.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("fwk: marshalling the OpenAPI document: %w", err)
	}
	return openapi.YAML(doc)
}

// addOpenAPIRoute serves the app's OpenAPI document at Config.OpenAPIPath
// (GET and HEAD, endpoint "openapi") and its 3.0 form (App.OpenAPI30) at
// Config.OpenAPI30Path (endpoint "openapi_30") and as YAML
// (App.OpenAPIYAML) at Config.OpenAPIYAMLPath (endpoint "openapi_yaml"),
// when set. A document is built on its first request, once every route is
// registered, and then served as built.
func (a *App) addOpenAPIRoute() error {
	if err := a.addDocumentRoute(a.cfg.OpenAPIPath, "openapi", keyOpenAPIPath, "Config.OpenAPIPath", jsonType, func() ([]byte, error) {
		return json.Marshal(a.OpenAPI())
	}); err != nil {
		return err
	}
	if err := a.addDocumentRoute(a.cfg.OpenAPI30Path, "openapi_30", keyOpenAPI30Path, "Config.OpenAPI30Path", jsonType, a.OpenAPI30); err != nil {
		return err
	}
	return a.addDocumentRoute(a.cfg.OpenAPIYAMLPath, "openapi_yaml", keyOpenAPIYAMLPath, "Config.OpenAPIYAMLPath", yamlType, a.OpenAPIYAML)
}

// The Content-Types of the documents: YAML's is registered by RFC 9512.
const (
	jsonType = "application/json"
	yamlType = "application/yaml"
)

// addDocumentRoute serves the document that marshal makes at path, when
// set, under endpoint, as contentType; field and key name the setting in
// errors.
func (a *App) addDocumentRoute(path, endpoint, key, field, contentType string, marshal func() ([]byte, error)) error {
	if path == "" {
		return nil
	}
	h := &openAPIHandler{app: a, marshal: marshal, contentType: contentType}
	r := &Route{
		rule:       path,
		view:       h,
		handler:    h,
		endpoint:   endpoint,
		methods:    []string{http.MethodGet},
		set:        setEndpoint | setMethods,
		declaredAt: field + " (" + key + ")",
	}
	return a.addRoute(r, r.rule, r.endpoint)
}

// openAPIHandler serves a document, built once.
type openAPIHandler struct {
	app         *App
	marshal     func() ([]byte, error) // the document's bytes
	contentType string
	once        sync.Once
	body        []byte
	err         error
}

func (h *openAPIHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.once.Do(h.build)
	if h.err != nil {
		h.app.log.Error("fwk: OpenAPI document", "err", h.err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", h.contentType)
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
	h.body, h.err = h.marshal()
}

// runOpenAPI is the openapi command: it prints the document, indented;
// with -3.0, as OpenAPI 3.0.3 (App.OpenAPI30); with -yaml, as YAML
// (openapi.YAML), either version.
func (a *App) runOpenAPI(args []string) error {
	fl := flag.NewFlagSet("openapi", flag.ContinueOnError)
	fl.SetOutput(a.out)
	v30 := fl.Bool("3.0", false, "print the document as OpenAPI 3.0.3")
	asYAML := fl.Bool("yaml", false, "print the document as YAML")
	if err := fl.Parse(args); err != nil {
		return ignoreHelp(err)
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("fwk: openapi: unexpected arguments %q", fl.Args())
	}
	if *asYAML {
		return a.printOpenAPIYAML(*v30)
	}
	if !*v30 {
		enc := json.NewEncoder(a.out)
		enc.SetIndent("", "  ")
		return enc.Encode(a.OpenAPI())
	}
	doc, err := a.OpenAPI30()
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, doc, "", "  "); err != nil {
		return fmt.Errorf("fwk: openapi -3.0: %w", err)
	}
	out.WriteByte('\n')
	_, err = out.WriteTo(a.out)
	return err
}

// printOpenAPIYAML prints the document as YAML, as OpenAPI 3.0.3 when v30.
func (a *App) printOpenAPIYAML(v30 bool) error {
	yamlOf := a.OpenAPIYAML
	if v30 {
		yamlOf = func() ([]byte, error) {
			doc, err := a.OpenAPI30()
			if err != nil {
				return nil, err
			}
			return openapi.YAML(doc)
		}
	}
	doc, err := yamlOf()
	if err != nil {
		return err
	}
	_, err = a.out.Write(doc)
	return err
}
