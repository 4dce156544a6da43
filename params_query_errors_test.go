package fwk_test

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/fwkgo/fwk"
	"github.com/fwkgo/fwk/routes"
)

// typedQuery has a query value of each kind the binder parses itself.
type typedQuery struct {
	Small int8      `query:"small"`
	Count uint16    `query:"count"`
	Ratio float64   `query:"ratio"`
	Flag  bool      `query:"flag"`
	Since time.Time `query:"since"`
	ID    [16]byte  `query:"id"`
}

// TestQueryErrorsSayWhatIsWanted: a query value that does not convert is a
// 400 naming the key, the value and what was wanted, as body errors do,
// never Go's parse error text.
func TestQueryErrorsSayWhatIsWanted(t *testing.T) {
	app := mustNew(t, quietCfg(), routesBundle{rs: routes.Func("/q", func(c *fwk.Ctx, q typedQuery) error {
		return c.Respond(http.StatusOK, "ok")
	})})
	srv := httptest.NewServer(app)
	t.Cleanup(srv.Close)
	for query, want := range map[string]string{
		"small=x":                 `parameter "small": invalid value "x": want an integer`,
		"small=300":               `parameter "small": invalid value "300": want an integer from -128 to 127`,
		"count=-1":                `parameter "count": invalid value "-1": want an integer from 0 to 65535`,
		"ratio=abc":               `parameter "ratio": invalid value "abc": want a number`,
		"ratio=NaN":               `parameter "ratio": invalid value "NaN": want a finite number`,
		"flag=maybe":              `parameter "flag": invalid value "maybe": want true or false`,
		"since=yesterday":         `parameter "since": invalid value "yesterday": want a date-time like 2006-01-02T15:04:05Z`,
		"id=nope":                 `parameter "id": invalid value "nope": want a UUID like 123e4567-e89b-12d3-a456-426614174000`,
		"since=2026-01-02T03:04Z": `want a date-time like 2006-01-02T15:04:05Z`,
	} {
		res, err := http.Get(srv.URL + "/q?" + query)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		body := html.UnescapeString(string(b))
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("GET /q?%s = %d %q, want 400 saying %q", query, res.StatusCode, body, want)
		}
		for _, goText := range []string{"invalid syntax", "out of range", "parsing time", "cannot parse"} {
			if strings.Contains(body, goText) {
				t.Errorf("GET /q?%s: body %q carries Go's error text %q", query, body, goText)
			}
		}
	}
}
