package fwk_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/openapi"
)

// TestOpenAPI30Served: OpenAPI30Path serves App.OpenAPI30, a 3.0.3
// document of the same operations as the 3.1 one, with or without
// OpenAPIPath; without it nothing is served.
func TestOpenAPI30Served(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	cfg.OpenAPI30Path = "/openapi-3.0.json"
	app := docApp(t, cfg)
	rec := get(app, "GET", "/openapi-3.0.json")
	body := rec.Body.Bytes()
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("GET /openapi-3.0.json: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	want, err := app.OpenAPI30()
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != string(want) {
		t.Error("the served 3.0 document is not App.OpenAPI30's")
	}
	var doc30 struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc30); err != nil || doc30.OpenAPI != openapi.Version30 {
		t.Fatalf("served: %v %q", err, doc30.OpenAPI)
	}
	body31 := get(app, "GET", "/openapi.json").Body.Bytes()
	var doc31 openapi.Document
	if err := json.Unmarshal(body31, &doc31); err != nil || doc31.OpenAPI != openapi.Version {
		t.Fatalf("the 3.1 document: %v %q", err, doc31.OpenAPI)
	}
	if got, want := operations(doc30.Paths), operations31(doc31.Paths); !reflect.DeepEqual(got, want) || len(got) == 0 {
		t.Errorf("3.0 operations %v, 3.1 operations %v", got, want)
	}

	only := fwk.DefaultConfig()
	only.OpenAPI30Path = "/api/openapi-3.0.json"
	app = docApp(t, only)
	if code := get(app, "GET", "/api/openapi-3.0.json").Code; code != 200 {
		t.Errorf("without OpenAPIPath: %d, want 200", code)
	}
	if code := get(docApp(t, fwk.DefaultConfig()), "GET", "/openapi-3.0.json").Code; code != 404 {
		t.Errorf("without OpenAPI30Path: %d, want 404", code)
	}
}

// operations lists the "METHOD path" of a decoded document's paths.
func operations(paths map[string]map[string]any) []string {
	var out []string
	for p, item := range paths {
		for m := range item {
			out = append(out, strings.ToUpper(m)+" "+p)
		}
	}
	sort.Strings(out)
	return out
}

// operations31 lists the "METHOD path" of a document's paths.
func operations31(paths map[string]*openapi.PathItem) []string {
	var out []string
	for p, item := range paths {
		for _, m := range []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"} {
			if item.Operation(m) != nil {
				out = append(out, m+" "+p)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestOpenAPI30PathClash: the 3.0 document at the path of the 3.1 one
// fails fwk.New, naming OPENAPI_30_PATH.
func TestOpenAPI30PathClash(t *testing.T) {
	cfg := quietConfig()
	cfg.OpenAPIPath, cfg.OpenAPI30Path = "/openapi.json", "/openapi.json"
	_, err := fwk.New(cfg, docBundle{})
	if err == nil || !strings.Contains(err.Error(), "OPENAPI_30_PATH") {
		t.Errorf("fwk.New: %v, want an error naming OPENAPI_30_PATH", err)
	}
}

// TestOpenAPICommand30: "openapi -3.0" prints App.OpenAPI30, indented;
// an argument it does not take is an error.
func TestOpenAPICommand30(t *testing.T) {
	app := docApp(t, fwk.DefaultConfig())
	var out strings.Builder
	app.SetOutput(&out)
	if err := app.Run([]string{"app", "openapi", "-3.0"}); err != nil {
		t.Fatal(err)
	}
	want, err := app.OpenAPI30()
	if err != nil {
		t.Fatal(err)
	}
	var printed, direct any
	if err := json.Unmarshal([]byte(out.String()), &printed); err != nil {
		t.Fatalf("printed: %v", err)
	}
	if err := json.Unmarshal(want, &direct); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(printed, direct) || !strings.Contains(out.String(), "\n  \"openapi\": \"3.0.3\"") {
		t.Errorf("openapi -3.0 printed %.200s, want App.OpenAPI30 indented", out.String())
	}
	if err := app.Run([]string{"app", "openapi", "extra"}); err == nil || !strings.Contains(err.Error(), "unexpected arguments") {
		t.Errorf("openapi extra: %v, want an error", err)
	}
}

// TestOpenAPIYAMLServed: OpenAPIYAMLPath serves App.OpenAPIYAML, the 3.1
// document as YAML, as application/yaml (RFC 9512), to GET and HEAD, with
// or without OpenAPIPath; the JSON document is unchanged beside it;
// without the setting nothing is served.
func TestOpenAPIYAMLServed(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPIPath = "/openapi.json"
	cfg.OpenAPIYAMLPath = "/openapi.yaml"
	app := docApp(t, cfg)
	rec := get(app, "GET", "/openapi.yaml")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/yaml" {
		t.Fatalf("GET /openapi.yaml: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	want, err := app.OpenAPIYAML()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(app.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := openapi.YAML(doc)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Body.String() != string(want) || string(want) != string(fromJSON) {
		t.Error("the served YAML is not App.OpenAPIYAML's, openapi.YAML of App.OpenAPI")
	}
	if !strings.HasPrefix(rec.Body.String(), "openapi: \""+openapi.Version+"\"\n") {
		t.Errorf("served %.80q, want the openapi field first", rec.Body.String())
	}
	if got := get(app, "GET", "/openapi.json").Body.String(); got != string(doc) {
		t.Errorf("the JSON document changed beside the YAML one: %.80s", got)
	}
	if head := get(app, "HEAD", "/openapi.yaml"); head.Code != 200 || head.Header().Get("Content-Type") != "application/yaml" {
		t.Errorf("HEAD: %d %q", head.Code, head.Header().Get("Content-Type"))
	}

	only := fwk.DefaultConfig()
	only.OpenAPIYAMLPath = "/api/openapi.yaml"
	if code := get(docApp(t, only), "GET", "/api/openapi.yaml").Code; code != 200 {
		t.Errorf("without OpenAPIPath: %d, want 200", code)
	}
	if code := get(docApp(t, fwk.DefaultConfig()), "GET", "/openapi.yaml").Code; code != 404 {
		t.Errorf("without OpenAPIYAMLPath: %d, want 404", code)
	}
}

// TestOpenAPIYAMLPathClash: the YAML document at the path of the JSON one,
// or of the 3.0 one, fails fwk.New, naming OPENAPI_YAML_PATH.
func TestOpenAPIYAMLPathClash(t *testing.T) {
	for _, other := range []func(*fwk.Config){
		func(c *fwk.Config) { c.OpenAPIPath = "/doc" },
		func(c *fwk.Config) { c.OpenAPI30Path = "/doc" },
	} {
		cfg := quietConfig()
		cfg.OpenAPIYAMLPath = "/doc"
		other(&cfg)
		_, err := fwk.New(cfg, docBundle{})
		if err == nil || !strings.Contains(err.Error(), "OPENAPI_YAML_PATH") {
			t.Errorf("fwk.New: %v, want an error naming OPENAPI_YAML_PATH", err)
		}
	}
}

// TestOpenAPICommandYAML: "openapi -yaml" prints App.OpenAPIYAML, and
// "openapi -yaml -3.0" the 3.0 document as YAML.
func TestOpenAPICommandYAML(t *testing.T) {
	app := docApp(t, fwk.DefaultConfig())
	doc30, err := app.OpenAPI30()
	if err != nil {
		t.Fatal(err)
	}
	yaml30, err := openapi.YAML(doc30)
	if err != nil {
		t.Fatal(err)
	}
	yaml31, err := app.OpenAPIYAML()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []byte
	}{
		{[]string{"app", "openapi", "-yaml"}, yaml31},
		{[]string{"app", "openapi", "-yaml", "-3.0"}, yaml30},
		{[]string{"app", "openapi", "-3.0", "-yaml"}, yaml30},
	} {
		var out strings.Builder
		app.SetOutput(&out)
		if err := app.Run(c.args); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(c.want) {
			t.Errorf("%q printed %.120q, want %.120q", c.args, out.String(), c.want)
		}
	}
	if !strings.Contains("\n"+string(yaml30), "\nopenapi: \""+openapi.Version30+"\"\n") {
		t.Errorf("the 3.0 YAML has no openapi field of 3.0.3: %.80q", yaml30)
	}
}

// openAPIPaths are the config keys that serve a form of the document, with
// the Config field each sets and a path to serve it at.
var openAPIPaths = []struct {
	key, path string
	field     func(*fwk.Config) *string
}{
	{"OPENAPI_30_PATH", "/openapi-3.0.json", func(c *fwk.Config) *string { return &c.OpenAPI30Path }},
	{"OPENAPI_YAML_PATH", "/openapi.yaml", func(c *fwk.Config) *string { return &c.OpenAPIYAMLPath }},
}

// TestOpenAPIFormsBuildPanic: a panic while the 3.0 or YAML document is
// built answers 500, on every request, as for the 3.1 JSON one.
func TestOpenAPIFormsBuildPanic(t *testing.T) {
	for _, p := range openAPIPaths {
		cfg := fwk.DefaultConfig()
		*p.field(&cfg) = p.path
		cfg.Logger = slog.New(slog.DiscardHandler)
		app := mustNew(t, cfg, panicSchemaBundle{})
		for range 2 {
			if code := get(app, "GET", p.path).Code; code != http.StatusInternalServerError {
				t.Fatalf("%s: status %d, want 500", p.key, code)
			}
		}
	}
}

// TestOpenAPIFormsConfigFromEnv: each key is read from the environment
// into its field, and Get gives it back.
func TestOpenAPIFormsConfigFromEnv(t *testing.T) {
	for _, p := range openAPIPaths {
		t.Setenv(p.key, "/d"+p.path)
		cfg := fwk.ConfigFromEnv()
		if got := *p.field(&cfg); got != "/d"+p.path || cfg.Get(p.key) != got {
			t.Errorf("%s: field %q, Get %q", p.key, got, cfg.Get(p.key))
		}
	}
}
