package middleware_test

import (
	"testing"
	"time"

	"github.com/fwkgo/fwk/middleware"
)

func TestCORS(t *testing.T) {
	allowed := serve(t, middleware.CORS(middleware.CORSOptions{
		AllowedOrigins:   []string{"https://app.example.com", "https://*.example.org"},
		AllowedMethods:   []string{"GET", "POST", "DELETE"},
		AllowedHeaders:   []string{"Content-Type", "X-CSRF-Token"},
		AllowCredentials: true,
		MaxAge:           10 * time.Minute,
	})(hello(5)))
	closed := serve(t, middleware.CORS(middleware.CORSOptions{})(hello(5)))
	tests := []struct {
		name, url, method string
		header            map[string]string
		status            int
		allowOrigin       string
		maxAge            string
	}{
		{"simple allowed", allowed, "GET", map[string]string{"Origin": "https://app.example.com"}, 200, "https://app.example.com", ""},
		{"wildcard allowed", allowed, "GET", map[string]string{"Origin": "https://a.example.org"}, 200, "https://a.example.org", ""},
		{"other origin", allowed, "GET", map[string]string{"Origin": "https://evil.test"}, 200, "", ""},
		{"preflight", allowed, "OPTIONS", map[string]string{"Origin": "https://app.example.com",
			"Access-Control-Request-Method": "DELETE", "Access-Control-Request-Headers": "x-csrf-token"}, 204, "https://app.example.com", "600"},
		{"preflight bad method", allowed, "OPTIONS", map[string]string{"Origin": "https://app.example.com",
			"Access-Control-Request-Method": "PUT"}, 204, "", ""},
		{"empty list allows none", closed, "GET", map[string]string{"Origin": "https://app.example.com"}, 200, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, _ := do(t, tt.method, tt.url, nil, tt.header)
			if resp.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.status)
			}
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != tt.allowOrigin {
				t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, tt.allowOrigin)
			}
			if got := resp.Header.Get("Access-Control-Max-Age"); got != tt.maxAge {
				t.Errorf("Access-Control-Max-Age = %q, want %q", got, tt.maxAge)
			}
			wantCred := ""
			if tt.allowOrigin != "" {
				wantCred = "true"
			}
			if got := resp.Header.Get("Access-Control-Allow-Credentials"); got != wantCred {
				t.Errorf("Access-Control-Allow-Credentials = %q, want %q", got, wantCred)
			}
		})
	}
}
