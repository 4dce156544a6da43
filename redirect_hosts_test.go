package fwk_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/fwkgo/fwk"
)

// TestRedirectHostsOverListener: an absolute next is followed only to a
// name the app configured or to the host the request itself was sent to.
// The default SERVER_NAME ("localhost") is not a configured name: a login
// on 127.0.0.1 must not send the browser to http://localhost/.
func TestRedirectHostsOverListener(t *testing.T) {
	serverName := func(name string) func(*fwk.Config) { return func(c *fwk.Config) { c.ServerName = name } }
	tests := []struct {
		name string
		edit func(*fwk.Config)
		next string // "{own}" stands for the listener's host:port
		want string
	}{
		{"default name is not trusted", nil, "http://localhost/x", "/fallback"},
		{"default name with a port", nil, "http://localhost:80/x", "/fallback"},
		{"default name over https", nil, "https://localhost/x", "/fallback"},
		{"localhost given as the name", serverName("localhost"), "http://localhost/x", "/fallback"},
		{"own host", nil, "http://{own}/x", "http://{own}/x"},
		{"own host upgraded", nil, "https://{own}/x", "https://{own}/x"},
		{"configured name", serverName("blog.example"), "http://blog.example/x", "http://blog.example/x"},
		{"configured name, localhost", serverName("blog.example"), "http://localhost/x", "/fallback"},
		{"configured localhost with a port", serverName("localhost:5000"), "http://localhost:5000/x", "http://localhost:5000/x"},
		{"foreign", nil, "http://evil.example/x", "/fallback"},
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := newNavApp(t, tt.edit, func(ctx *fwk.Ctx) error { return ctx.Redirect("/fallback") })
			srv := httptest.NewServer(app)
			defer srv.Close()
			own := strings.TrimPrefix(srv.URL, "http://")
			next := strings.ReplaceAll(tt.next, "{own}", own)
			resp, err := client.Post(srv.URL+"/probe?"+url.Values{"next": {next}}.Encode(), "text/plain", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			want := strings.ReplaceAll(tt.want, "{own}", own)
			if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || loc != want {
				t.Errorf("POST next=%s: %d %q, want 302 %q", next, resp.StatusCode, loc, want)
			}
		})
	}
}
