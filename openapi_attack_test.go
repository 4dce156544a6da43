package fwk_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// chainLink embeds a pointer to its own type: encoding/json reads its
// fields once (the embedded link's are shadowed), and so must the document.
type chainLink struct {
	*chainLink
	Name string `json:"name"`
}

// loopA and loopB embed each other.
type loopA struct {
	*loopB
	A int `json:"a"`
}

type loopB struct {
	*loopA
	B int `json:"b"`
}

// openTree, openList and openPtr hold themselves without a named struct
// between, as nested JSON documents are often typed.
type (
	openTree map[string]openTree
	openList []openList
	openPtr  *openPtr
)

// wrapper holds an unnamed struct that embeds the wrapper.
type wrapper struct {
	Inner struct{ *wrapper } `json:"inner"`
}

// TestOpenAPISelfEmbeddingTypes: a result type that embeds itself,
// directly or through another type, is documented with its fields once,
// and one that holds itself with no named struct between is documented
// down to itself; serving the document does not exhaust the stack (a
// fatal error no recover can stop, which killed the process on the first
// request).
func TestOpenAPISelfEmbeddingTypes(t *testing.T) {
	cfg := quietCfg()
	cfg.OpenAPIPath = "/openapi.json"
	app := mustNew(t, cfg, routesBundle{rs: routes.Tree(
		routes.Func("/link", func(c *fwk.Ctx) (*chainLink, error) {
			return &chainLink{chainLink: &chainLink{Name: "b"}, Name: "a"}, nil
		}),
		routes.Func("/loop", func(c *fwk.Ctx) (loopA, error) { return loopA{A: 1}, nil }),
		routes.Func("/tree", func(c *fwk.Ctx) (openTree, error) { return openTree{"a": {}}, nil }),
		routes.Func("/list", func(c *fwk.Ctx) (openList, error) { return openList{{}}, nil }),
		routes.Func("/ptr", func(c *fwk.Ctx) (openPtr, error) { return nil, nil }),
		routes.Func("/wrap", func(c *fwk.Ctx) (wrapper, error) { return wrapper{}, nil }),
	)})
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	res, err := http.Get(srv.URL + "/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.NewDecoder(res.Body).Decode(&doc); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /openapi.json = %d, %v", res.StatusCode, err)
	}
	want := map[string]string{"chainLink": "name", "loopA": "a,b", "wrapper": "inner"}
	for name, props := range want {
		var found bool
		for k, s := range doc.Components.Schemas {
			if !strings.HasSuffix(k, name) {
				continue
			}
			found = true
			for _, p := range strings.Split(props, ",") {
				if _, ok := s.Properties[p]; !ok {
					t.Errorf("schema %s has no property %q: %v", k, p, s.Properties)
				}
			}
		}
		if !found {
			t.Errorf("no schema for %s in %v", name, doc.Components.Schemas)
		}
	}
}

// TestOpenAPIRouteRefusesOversizedAndOtherMethods: the document's route
// answers GET and HEAD only, and a request whose header is over
// MaxHeaderBytes is refused before it is built.
func TestOpenAPIRouteRefusesOversizedAndOtherMethods(t *testing.T) {
	cfg := quietCfg()
	cfg.OpenAPIPath = "/openapi.json"
	cfg.MaxHeaderBytes = 8 << 10
	addr := serveApp(t, mustNew(t, cfg, routesBundle{rs: routes.Tree(routes.Func("/", okView))}))
	do := func(method, query string, header ...string) int {
		req, _ := http.NewRequest(method, "http://"+addr+"/openapi.json"+query, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH"} {
		if code := do(m, ""); code != http.StatusMethodNotAllowed {
			t.Errorf("%s /openapi.json = %d, want 405", m, code)
		}
	}
	if code := do("GET", "?"+strings.Repeat("a=b&", 4<<10)); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("GET with a 16 KiB query = %d, want 431", code)
	}
	if code := do("GET", "", "X-Pad", strings.Repeat("x", 16<<10)); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("GET with a 16 KiB header = %d, want 431", code)
	}
	if code := do("HEAD", ""); code != http.StatusOK {
		t.Errorf("HEAD /openapi.json = %d, want 200", code)
	}
}
