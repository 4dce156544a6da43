package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/openapi"
	"go.yaml.in/yaml/v3"
)

// TestOpenAPIYAMLRoundTrip: the blog's OpenAPI document as YAML
// (fwk.App.OpenAPIYAML, and openapi.YAML of fwk.App.OpenAPI30), read back
// by a YAML 1.2 parser, holds the same values as the JSON document: same
// keys in the same order, same strings, numbers as written, booleans and
// nulls, for 3.1 and 3.0.
func TestOpenAPIYAMLRoundTrip(t *testing.T) {
	app := newBlogApp(t).App
	doc31, err := json.Marshal(app.OpenAPI())
	if err != nil {
		t.Fatal(err)
	}
	yaml31, err := app.OpenAPIYAML()
	if err != nil {
		t.Fatal(err)
	}
	doc30, err := app.OpenAPI30()
	if err != nil {
		t.Fatal(err)
	}
	yaml30, err := openapi.YAML(doc30)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ json, yaml []byte }{"3.1": {doc31, yaml31}, "3.0": {doc30, yaml30}} {
		if err := sameYAML(c.json, c.yaml); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !bytes.Contains(c.yaml, []byte("\npaths:\n")) {
			t.Errorf("%s: not block style:\n%.300s", name, c.yaml)
		}
	}
}

// FuzzYAML: for any JSON value, openapi.YAML's output, read back by a YAML
// 1.2 parser (go.yaml.in/yaml/v3), holds the same values in the same
// order; input that is not JSON is an error, never a panic.
func FuzzYAML(f *testing.F) {
	for _, s := range []string{
		`{"openapi":"3.1.0","paths":{"/a/{id}":{"get":{"responses":{"200":{"description":"OK"}}}}}}`,
		`["true","null","1.0","","  x ",":","#","-","{","a\nb","yes","~","0x1F","1e3",".inf","@x","a: b","a #b"]`,
		`{"":{},"k":[],"n":[1.0,-0,1E+2,12345678901234567890123],"b":[true,false,null]}`,
		`[[[]],[{}],[[1,2],[3]],{"a":[{"b":{"c":[]}}]}]`,
		`"\u0000\u007f\u0085\u2028\u2029\ufeff\uffff\t\r\\\"/"`,
		`{"Y":1,"N":2,"On":3,"OFF":4,"a/b.c-d_e":"application/json"}`,
		`42`, `null`, `{"a":1} x`, `{"a"`,
	} {
		f.Add([]byte(s))
	}
	long := strings.Repeat("k", 1100)
	f.Add([]byte(`{"` + long + `":{"a":[1]},"b":[{"` + long + ` x":[]}],"` + long + `y":"v"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := openapi.YAML(in)
		if !json.Valid(in) {
			if err == nil || !errors.Is(err, openapi.ErrNotJSON) {
				t.Fatalf("YAML(%q): %v, want an error wrapping ErrNotJSON", in, err)
			}
			return
		}
		if err != nil { // json.Valid holds nesting to encoding/json's limit, as YAML does
			t.Fatalf("YAML(%q): %v", in, err)
		}
		if err := sameYAML(in, out); err != nil {
			t.Fatalf("YAML(%q):\n%s\n%v", in, out, err)
		}
	})
}

// sameYAML reports how the values of the YAML y differ from those of the
// JSON j, keys in order.
func sameYAML(j, y []byte) error {
	var want any
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if want, err = orderedJSON(dec, tok); err != nil {
		return err
	}
	var node yaml.Node
	if err := yaml.Unmarshal(y, &node); err != nil {
		return fmt.Errorf("parsing the YAML: %v", err)
	}
	if node.Kind != yaml.DocumentNode || len(node.Content) != 1 {
		return fmt.Errorf("YAML is not one document: kind %v", node.Kind)
	}
	got, err := orderedYAML(node.Content[0])
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("YAML values differ from the JSON's:\n got %#v\nwant %#v", got, want)
	}
	return nil
}

// entry is a key and value of an object, in order.
type entry struct {
	Key   string
	Value any
}

// orderedJSON decodes the JSON value that starts with tok: an object is an
// []entry, an array []any, a number json.Number.
func orderedJSON(dec *json.Decoder, tok json.Token) (any, error) {
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	var obj []entry
	arr := []any{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := ""
		if d == '{' {
			key = t.(string)
			if t, err = dec.Token(); err != nil {
				return nil, err
			}
		}
		v, err := orderedJSON(dec, t)
		if err != nil {
			return nil, err
		}
		obj, arr = append(obj, entry{key, v}), append(arr, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if d == '{' {
		if obj == nil {
			obj = []entry{}
		}
		return obj, nil
	}
	return arr, nil
}

// yamlNumber is YAML 1.2's core schema for numbers: a plain scalar of this
// form is a number even where go.yaml.in/yaml/v3 cannot hold it (1e999).
var yamlNumber = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// orderedYAML turns a parsed YAML node into the values of orderedJSON: a
// number keeps its text, as json.Number.
func orderedYAML(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.MappingNode:
		obj := []entry{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				return nil, fmt.Errorf("line %d: key %q is a %s, not a string", k.Line, k.Value, k.Tag)
			}
			v, err := orderedYAML(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			obj = append(obj, entry{k.Value, v})
		}
		return obj, nil
	case yaml.SequenceNode:
		arr := []any{}
		for _, c := range n.Content {
			v, err := orderedYAML(c)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		return arr, nil
	case yaml.ScalarNode:
		switch {
		case n.Tag == "!!int" || n.Tag == "!!float" || n.Style == 0 && n.Tag == "!!str" && yamlNumber.MatchString(n.Value):
			return json.Number(n.Value), nil
		case n.Tag == "!!bool":
			return n.Value == "true", nil
		case n.Tag == "!!null":
			return nil, nil
		case n.Tag == "!!str":
			return n.Value, nil
		}
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node %v %s %q", n.Line, n.Kind, n.Tag, n.Value)
}
