package fwk_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/fwkgo/fwk"
)

func TestStatusCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, 200},
		{"abort", fwk.Abort(404), 404},
		{"wrapped abort", fmt.Errorf("loading: %w", fwk.Abort(http.StatusForbidden, "no")), 403},
		{"plain error", errors.New("boom"), 500},
		{"abort with handler", fwk.AbortWith(http.NotFoundHandler()), 500},
		{"out of range status", &fwk.HTTPError{Status: 42}, 500},
		{"informational status", fwk.Abort(http.StatusEarlyHints), 500},
		{"success status", fwk.Abort(http.StatusOK), 500},
		{"redirect status", fwk.Abort(http.StatusFound), 500},
		{"600", fwk.Abort(600), 500},
		{"body over the limit", fmt.Errorf("decoding: %w", &http.MaxBytesError{Limit: 10}), 413},
	}
	for _, tt := range tests {
		if got := fwk.StatusCode(tt.err); got != tt.want {
			t.Errorf("StatusCode(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestAbort(t *testing.T) {
	tests := []struct {
		status int
		msg    []string
		want   string
	}{
		{404, nil, "Not Found"},
		{400, []string{"bad", "input"}, "bad input"},
		{599, nil, ""},
	}
	for _, tt := range tests {
		err := fwk.Abort(tt.status, tt.msg...)
		var he *fwk.HTTPError
		if !errors.As(err, &he) || he.Status != tt.status || he.Message != tt.want {
			t.Errorf("Abort(%d, %q) = %#v, want status %d message %q", tt.status, tt.msg, err, tt.status, tt.want)
		}
		if want := fmt.Sprintf("fwk: %d %s", tt.status, tt.want); err.Error() != want {
			t.Errorf("Abort(%d, %q).Error() = %q, want %q", tt.status, tt.msg, err.Error(), want)
		}
	}
}

func TestStartupErrorFormat(t *testing.T) {
	tests := []struct {
		err  *fwk.StartupError
		want string
	}{
		{&fwk.StartupError{What: "view", Culprit: "A.B", DeclaredAt: "a.go:3", Err: fwk.ErrBadView},
			"fwk: view: A.B (declared at a.go:3): view signature cannot be bound"},
		{&fwk.StartupError{What: "config", Culprit: "SECRET_KEY", Err: errors.New("fwk: too short")},
			"fwk: config: SECRET_KEY: too short"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.err, tt.err.Err) {
			t.Errorf("%q does not unwrap to its Err", tt.want)
		}
	}
}
