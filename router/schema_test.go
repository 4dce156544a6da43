package router_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// slugConv declares its own schema.
type slugConv struct{}

func (slugConv) Match(s string) bool           { return s != "" }
func (slugConv) ToValue(s string) (any, error) { return s, nil }
func (slugConv) ToURL(v any) (string, error)   { return v.(string), nil }
func (slugConv) Schema() map[string]any {
	return map[string]any{"type": "string", "pattern": "^[a-z-]+$"}
}
func newSlug(router.Args) (router.Converter, error) { return slugConv{}, nil }

func TestConverterSchema(t *testing.T) {
	r := router.New()
	if err := r.AddConverter("slug", newSlug); err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	cases := map[string]string{
		"/a/<x>": `{"minLength":1,"type":"string"}`,
		"/b/<string(minlength=2, maxlength=5):x>": `{"maxLength":5,"minLength":2,"type":"string"}`,
		"/c/<path:x>":                            `{"type":"string"}`,
		"/d/<any(pdf, txt):x>":                   `{"enum":["pdf","txt"],"type":"string"}`,
		"/e/<int:x>":                             `{"format":"int64","minimum":0,"type":"integer"}`,
		"/f/<int(min=-3, max=9, signed=True):x>": `{"format":"int64","maximum":9,"minimum":-3,"type":"integer"}`,
		"/g/<float(max=2.5):x>":                  `{"maximum":2.5,"minimum":0,"type":"number"}`,
		"/h/<uuid:x>":                            `{"format":"uuid","type":"string"}`,
		"/i/<slug:x>":                            `{"pattern":"^[a-z-]+$","type":"string"}`,
	}
	for rule, want := range cases {
		rt, err := r.Add(router.Rule{Path: rule, Handler: h})
		if err != nil {
			t.Fatalf("%s: %v", rule, err)
		}
		b, _ := json.Marshal(router.ConverterSchema(rt.Converter("x")))
		if string(b) != want {
			t.Errorf("%s: %s, want %s", rule, b, want)
		}
	}
}
