package router_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/fwkgo/fwk/router"
)

// TestBuildPlainAgrees checks the straight pass that builds a lone rule
// from values given in its parameters' order against the general path,
// reached with the same values in reverse order plus an unknown nil value
// (skipped from the query): both give the same URL, or errors of the same
// kind and message.
func TestBuildPlainAgrees(t *testing.T) {
	r := newRouter(t,
		router.Rule{Path: "/r/<owner>/<repo>/issues/<int:n>", Endpoint: "issue"},
		router.Rule{Path: "/u/<string(upper=true):c>/<string(length=2):l>", Endpoint: "upper"},
		router.Rule{Path: "/p/<path:p>/raw", Endpoint: "path"},
		router.Rule{Path: "/post", Endpoint: "post", Methods: []string{"POST"}},
	)
	if err := r.AddConverter("hex", func(router.Args) (router.Converter, error) { return hexConverter{}, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(router.Rule{Path: "/h/<hex:h>", Endpoint: "hex"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		endpoint string
		values   []any
	}{
		{"issue", []any{"owner", "go", "repo", "fwk", "n", 7}},
		{"issue", []any{"owner", "a b/c", "repo", "ä?#", "n", "12"}},
		{"issue", []any{"owner", []string{"x"}, "repo", []any{"y"}, "n", []any{3}}},
		{"issue", []any{"owner", 42, "repo", true, "n", int8(1)}},
		{"issue", []any{"owner", "", "repo", "x", "n", 1}},
		{"issue", []any{"owner", "..", "repo", "x", "n", 1}},
		{"issue", []any{"owner", "a\x00", "repo", "x", "n", 1}},
		{"issue", []any{"owner", "\xff", "repo", "x", "n", 1}},
		{"issue", []any{"owner", "o", "repo", "x", "n", -1}},
		{"issue", []any{"owner", []string{}, "repo", "x", "n", 1}},
		{"issue", []any{"owner", []string{"a", "b"}, "repo", "x", "n", 1}},
		{"upper", []any{"c", "abc", "l", "xy"}},
		{"upper", []any{"c", "abc", "l", "xyz"}},
		{"path", []any{"p", "a/b c/d"}},
		{"path", []any{"p", "/abs"}},
		{"path", []any{"p", "a/../b"}},
		{"hex", []any{"h", "beef"}},
		{"hex", []any{"h", "nothex"}},
		{"hex", []any{"h", 7}},
		{"post", nil},
	}
	for _, tt := range tests {
		for _, opts := range []*router.BuildOptions{nil, {Anchor: "top", Host: "example.com"}, {Method: "POST"}} {
			general := append([]any{"zz", nil}, tt.values...)
			for i := 2; i < len(general); i += 2 {
				j := len(general) - i // pairs reversed after the unknown one
				if i < j {
					general[i], general[i+1], general[j], general[j+1] = general[j], general[j+1], general[i], general[i+1]
				}
			}
			got, _, err := r.AppendBuild([]byte("x"), tt.endpoint, opts, tt.values...)
			want, _, wantErr := r.AppendBuild([]byte("x"), tt.endpoint, opts, general...)
			if string(got) != string(want) || (err == nil) != (wantErr == nil) {
				t.Errorf("AppendBuild(%s, %v, %+v) = %q, %v; general path %q, %v", tt.endpoint, tt.values, opts, got, err, want, wantErr)
				continue
			}
			if err != nil && (err.Error() != wantErr.Error() || !sameKind(err, wantErr)) {
				t.Errorf("AppendBuild(%s, %v) error %q, general path %q", tt.endpoint, tt.values, err, wantErr)
			}
		}
	}
}

// sameKind reports whether a and b wrap the same router error.
func sameKind(a, b error) bool {
	kinds := []error{router.ErrInvalidValue, router.ErrMissingParam, router.ErrMethodNotAllowed, router.ErrUnknownEndpoint}
	return slices.IndexFunc(kinds, func(k error) bool { return errors.Is(a, k) }) == slices.IndexFunc(kinds, func(k error) bool { return errors.Is(b, k) })
}
