package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/fwktest"
	validator "github.com/pb33f/libopenapi-validator"
)

// detailed is a refused exchange and the details its answer lists
// (location=value, or the location alone when the value is not repeated).
type detailed struct {
	exchange
	want []string
}

// TestOpenAPIShapesDetails: the answers that refuse values list each one
// in "details" (location and value, in both error formats), the document
// describes them (each answer is checked against it as in
// TestOpenAPIShapesConform), and a body default makes a key optional in
// the app and the document alike.
func TestOpenAPIShapesDetails(t *testing.T) {
	auth := []string{"Authorization", "Bearer " + shapesToken}
	long := strings.Repeat("x", 101)
	cases := []detailed{
		{exchange{"POST", "/api/books", `{"title":"X","visibility":"secret","pages":0}`, auth, 422},
			[]string{"body.visibility=secret", "body.pages"}},
		{exchange{"POST", "/api/books", `{"title":"` + long + `","visibility":"public","pages":6000}`, auth, 422},
			[]string{"body.title=" + strings.Repeat("x", 64) + "...", "body.pages=6000"}},
		{exchange{"POST", "/api/books", `{"title":"X","visibility":"public","pages":"many"}`, auth, 422},
			[]string{"body.pages"}},
		{exchange{"POST", "/api/books", `{"title":"X","visibility":"public","pages":3,"tags":["ok","` + strings.Repeat("t", 21) + `"]}`, auth, 422},
			[]string{"body.tags[1]=" + strings.Repeat("t", 21)}},
		{exchange{"GET", "/api/books?limit=many", "", nil, 400}, []string{"query.limit=many"}},
		{exchange{"GET", "/api/books?limit=500", "", nil, 422}, []string{"query.limit=500"}},
		{exchange{"GET", "/api/search?q=dune&sort=colour", "", nil, 422}, []string{"query.sort=colour"}},
		{exchange{"POST", "/api/books", `{"title":"Dune","visibility":"public","pages":412}`, auth, 201}, nil},
		{exchange{"POST", "/api/books/1/chapters", `{"title":"One"}`, auth, 201}, nil},
		{exchange{"POST", "/api/books/1/chapters", `{"title":"Two","position":1000}`, auth, 422}, []string{"body.position=1000"}},
	}
	inShapesApps(t, func(t *testing.T, c *fwktest.Client, v validator.Validator, format string) {
		for _, x := range cases {
			checkExchange(t, c, v, x.exchange, format)
			res := c.Do(x.request(t), fwktest.ExpectError())
			if got := detailList(t, res.Bytes()); !reflect.DeepEqual(got, x.want) {
				t.Errorf("%s %s: details %q, want %q", x.method, x.path, got, x.want)
			}
		}
		res := c.Do(exchange{"GET", "/api/books/1/chapters", "", nil, 200}.request(t))
		if !strings.Contains(string(res.Bytes()), `"position":1`) {
			t.Errorf("the chapter sent without a position: %s, want position 1 (its default)", res.Bytes())
		}
	})
}

// detailList is the "details" of an answer as location=value strings.
func detailList(t *testing.T, raw []byte) []string {
	t.Helper()
	var body struct {
		Details []struct {
			Message, Location string
			Value             any
		}
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil // a success answer that is a list
	}
	var out []string
	for _, d := range body.Details {
		if d.Message == "" {
			t.Errorf("a detail without a message: %s", raw)
		}
		s := d.Location
		if d.Value != nil {
			b, _ := json.Marshal(d.Value)
			s += "=" + strings.Trim(string(b), `"`)
		}
		out = append(out, s)
	}
	return out
}
