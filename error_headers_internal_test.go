package fwk

import (
	"fmt"
	"net/http"
	"reflect"
	"testing"
)

// Header keys reach keptOnError in canonical form: the list must use it.
func TestKeptOnErrorCanonical(t *testing.T) {
	for _, k := range []string{"allow", "WWW-Authenticate", "proxy-authenticate", "retry-after", "vary",
		"content-security-policy", "strict-transport-security", "x-frame-options", "x-content-type-options",
		"referrer-policy", "permissions-policy", "cross-origin-opener-policy"} {
		if !keptOnError(http.CanonicalHeaderKey(k), 500) {
			t.Errorf("keptOnError(%q) = false", http.CanonicalHeaderKey(k))
		}
	}
	for _, k := range []string{"Set-Cookie", "Cache-Control", "Content-Encoding", "Content-Disposition", "Location", "Etag"} {
		if keptOnError(k, 500) {
			t.Errorf("keptOnError(%q) = true", k)
		}
	}
	if keptOnError("Content-Range", 500) || !keptOnError("Content-Range", 416) {
		t.Error("Content-Range must stay on a 416 only")
	}
}

func TestHeaderSnapshotRestore(t *testing.T) {
	for _, before := range []int{0, 3, 8, 12} { // 12: more than the fixed array holds
		h := http.Header{}
		want := http.Header{}
		for i := range before {
			k := fmt.Sprintf("X-Mw-%d", i)
			h.Set(k, "mw")
			want.Set(k, "mw")
		}
		var s headerSnapshot
		s.take(h)
		h.Set("X-Mw-0", "overwritten by the view")
		h.Add("Set-Cookie", "a=b")
		h.Set("Vary", "Cookie")
		s.restore(h, 500)
		want.Set("Vary", "Cookie")
		if !reflect.DeepEqual(h, want) {
			t.Errorf("%d headers before: restored %v, want %v", before, h, want)
		}
		s.release()
		if s.n != 0 || s.more != nil || s.keys[0] != "" {
			t.Errorf("release kept references: %+v", s)
		}
	}
}
