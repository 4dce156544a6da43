package fwk_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

type pageQuery struct {
	Page    int    `query:"page" default:"1" validate:"min=1"`
	PerPage int    `validate:"omitempty,max=50"`
	Sort    string `query:"sort" validate:"omitempty,oneof=new old"`
}

// TestQueryStructValidated: a query struct's validate tags are checked: a
// value failing them answers 422 naming the query key; valid and default
// values reach the view.
func TestQueryStructValidated(t *testing.T) {
	app, err := fwk.New(fwk.DefaultConfig(), routesBundle{rs: routes.Func("/items", func(c *fwk.Ctx, q pageQuery) error {
		return c.JSON(q)
	}, fwk.Endpoint("items"), fwk.ServesJSON())})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app)
	defer srv.Close()
	for _, tc := range []struct {
		query  string
		status int
		field  string
	}{
		{"", 200, ""},
		{"?page=3&per_page=50&sort=old", 200, ""},
		{"?page=0", 422, "page"},
		{"?per_page=51", 422, "per_page"},
		{"?sort=top", 422, "sort"},
		{"?page=x", 400, ""},
	} {
		res, err := http.Get(srv.URL + "/items" + tc.query)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.query, res.StatusCode, b, tc.status)
			continue
		}
		if tc.field != "" {
			var e struct{ Errors map[string][]string }
			if json.Unmarshal(b, &e) != nil || len(e.Errors[tc.field]) == 0 {
				t.Errorf("%s: no error for %q in %s", tc.query, tc.field, b)
			}
		}
	}
}
