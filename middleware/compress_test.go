package middleware_test

import (
	"compress/gzip"
	"io"
	"strings"
	"testing"

	"github.com/fwkgo/fwk/middleware"
)

func TestCompress(t *testing.T) {
	url := serve(t, middleware.Compress()(hello(4096)))
	tests := []struct {
		name, accept, encoding string
	}{
		{"gzip", "gzip", "gzip"},
		{"zstd", "zstd", "zstd"},
		{"identity", "", ""},
		{"refused", "gzip;q=0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{}
			if tt.accept != "" {
				h["Accept-Encoding"] = tt.accept
			}
			resp, body := do(t, "GET", url, nil, h)
			if got := resp.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Fatalf("Content-Encoding = %q, want %q", got, tt.encoding)
			}
			if !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary = %q", resp.Header.Get("Vary"))
			}
			switch tt.encoding {
			case "gzip":
				zr, err := gzip.NewReader(strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				plain, err := io.ReadAll(zr)
				if err != nil || len(plain) != 4096 || !strings.HasPrefix(string(plain), "hello") {
					t.Errorf("gunzipped %d bytes, %v", len(plain), err)
				}
			case "zstd":
				if len(body) >= 4096 {
					t.Errorf("zstd body of %d bytes is not compressed", len(body))
				}
			default:
				if len(body) != 4096 {
					t.Errorf("plain body of %d bytes", len(body))
				}
			}
		})
	}
}

func TestCompressSmallBodyPlain(t *testing.T) {
	url := serve(t, middleware.Compress()(hello(100)))
	resp, body := do(t, "GET", url, nil, map[string]string{"Accept-Encoding": "gzip"})
	if resp.Header.Get("Content-Encoding") != "" || len(body) != 100 {
		t.Errorf("small body: encoding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(body))
	}
}
