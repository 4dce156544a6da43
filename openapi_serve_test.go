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

// TestOpenAPI30BuildPanic: a panic while the 3.0 document is built answers
// 500, as for the 3.1 one.
func TestOpenAPI30BuildPanic(t *testing.T) {
	cfg := fwk.DefaultConfig()
	cfg.OpenAPI30Path = "/openapi-3.0.json"
	cfg.Logger = slog.New(slog.DiscardHandler)
	app := mustNew(t, cfg, panicSchemaBundle{})
	for range 2 {
		if code := get(app, "GET", "/openapi-3.0.json").Code; code != http.StatusInternalServerError {
			t.Fatalf("status %d, want 500", code)
		}
	}
}

func TestOpenAPI30ConfigFromEnv(t *testing.T) {
	t.Setenv("OPENAPI_30_PATH", "/d3.json")
	cfg := fwk.ConfigFromEnv()
	if cfg.OpenAPI30Path != "/d3.json" || cfg.Get("OPENAPI_30_PATH") != "/d3.json" {
		t.Errorf("OpenAPI30Path %q, Get %q", cfg.OpenAPI30Path, cfg.Get("OPENAPI_30_PATH"))
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
