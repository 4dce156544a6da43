package fwk_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
)

const (
	configTableBegin = "<!-- begin config table: written by TestConfigurationDoc from config.go -->\n"
	configTableEnd   = "<!-- end config table -->\n"
)

// configTable builds the reference table of docs/configuration.md from
// the Config struct of config.go: each exported field, the key its doc
// names in parentheses (`Field (KEY)`, checked with Config.Lookup), the
// field's value in DefaultConfig, and the field's doc. Fields declared
// together share one doc, written once: the others point to the first.
func configTable(t *testing.T) string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("config*.go")
	if err != nil {
		t.Fatal(err)
	}
	var st *ast.StructType
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "Config" {
				st, _ = ts.Type.(*ast.StructType)
			}
			return st == nil
		})
	}
	if st == nil {
		t.Fatal("type Config struct not found in config*.go")
	}
	def := fwk.DefaultConfig()
	var b strings.Builder
	b.WriteString("| field | key and environment variable | default | meaning |\n|---|---|---|---|\n")
	for _, field := range st.Fields.List {
		doc := strings.Join(strings.Fields(field.Doc.Text()), " ")
		doc = strings.ReplaceAll(doc, "|", `\|`)
		for i, name := range field.Names {
			if !name.IsExported() {
				continue
			}
			key := "—"
			if m := regexp.MustCompile(`\b` + name.Name + ` \(([A-Z][A-Z0-9_]+)`).FindStringSubmatch(doc); m != nil {
				if _, ok := def.Lookup(m[1]); !ok {
					t.Errorf("Config.%s's doc names %s, which Config.Lookup does not know", name.Name, m[1])
				}
				key = "`" + m[1] + "`"
			}
			dflt := "`" + defaultText(reflect.ValueOf(def).FieldByName(name.Name)) + "`"
			meaning := doc
			if i > 0 {
				meaning = "See `" + field.Names[0].Name + "` above."
			}
			b.WriteString("| `" + name.Name + "` | " + key + " | " + dflt + " | " + meaning + " |\n")
		}
	}
	return b.String()
}

// defaultText writes a field of DefaultConfig as Go would spell it, with
// durations and sizes in units.
func defaultText(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case time.Duration:
		for _, u := range []struct {
			d    time.Duration
			name string
		}{{24 * time.Hour, " * 24h"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
			if x != 0 && x%u.d == 0 {
				return strconv.FormatInt(int64(x/u.d), 10) + u.name
			}
		}
		return x.String()
	case http.SameSite:
		return map[http.SameSite]string{http.SameSiteLaxMode: "http.SameSiteLaxMode", http.SameSiteStrictMode: "http.SameSiteStrictMode",
			http.SameSiteNoneMode: "http.SameSiteNoneMode", http.SameSiteDefaultMode: "http.SameSiteDefaultMode"}[x]
	case int64, int:
		n := v.Int()
		for _, u := range []struct {
			n    int64
			name string
		}{{1 << 20, " << 20"}, {1 << 10, " << 10"}} {
			if n != 0 && n%u.n == 0 {
				return strconv.FormatInt(n/u.n, 10) + u.name
			}
		}
		return strconv.FormatInt(n, 10)
	}
	if v.Kind() == reflect.Slice || v.Kind() == reflect.Map || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "nil"
		}
	}
	return fmt.Sprintf("%#v", v.Interface())
}

// TestConfigurationDoc keeps the table of docs/configuration.md equal to
// what config.go says: every field, key, default and doc. With
// FWK_DOCS_UPDATE=1 it rewrites the table instead.
func TestConfigurationDoc(t *testing.T) {
	const path = "docs/configuration.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(data), configTableBegin)
	_, after, ok2 := strings.Cut(rest, configTableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q and %q", path, configTableBegin, configTableEnd)
	}
	table := configTable(t)
	if os.Getenv("FWK_DOCS_UPDATE") == "1" {
		if err := os.WriteFile(path, []byte(before+configTableBegin+table+configTableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, _, _ := strings.Cut(rest, configTableEnd); got != table {
		t.Errorf("%s's table differs from config.go (a field, key, default or doc changed): rewrite it with\n\tFWK_DOCS_UPDATE=1 go test -run TestConfigurationDoc .\nwant:\n%s", path, table)
	}
}
