package fwk

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzParseForm feeds bodies and Content-Types to the framework's form
// parser: it never panics, and fails only with a 400 or a 413.
func FuzzParseForm(f *testing.F) {
	f.Add("application/x-www-form-urlencoded", "a=1&next=%2Fx", false)
	f.Add("multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--zz--\r\n", true)
	f.Add("multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\nxyz\r\n--zz--\r\n", true)
	f.Add("text/plain", "a=1", false)
	f.Add("application/x-www-form-urlencoded; charset", "%zz", true)
	f.Fuzz(func(t *testing.T, ct, body string, multipart bool) {
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		r.Header.Set("Content-Type", ct)
		r.ContentLength = -1 // as a chunked body: the limits apply while reading
		w := httptest.NewRecorder()
		if err := LimitBody(w, r, 256); err != nil {
			t.Fatalf("LimitBody on a chunked body: %v", err)
		}
		err := parseFormLimited(r, multipart, 64)
		if r.MultipartForm != nil {
			defer r.MultipartForm.RemoveAll()
		}
		if code := StatusCode(err); err != nil && code != http.StatusBadRequest && code != http.StatusRequestEntityTooLarge {
			t.Fatalf("parseFormLimited(%q, %q) = %v (status %d), want nil, 400 or 413", ct, body, err, code)
		}
		if err == nil && valuesSize(r.PostForm) > 64 {
			t.Fatalf("accepted a form of %d bytes over MAX_FORM_MEMORY_SIZE 64", valuesSize(r.PostForm))
		}
	})
}

// FuzzStaticName checks that an accepted static file name stays inside the
// FS and names no dotfile.
func FuzzStaticName(f *testing.F) {
	for _, s := range []string{"css/app.css", "index.html", ".env", "a/../b", "a/./b", "/abs", "a\\b", "a//b", "a/.git/x", "notes..txt", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if !staticName(name) {
			return
		}
		if strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") || strings.Contains(name, "\\") {
			t.Fatalf("staticName(%q) accepted an absolute, directory or backslash name", name)
		}
		for _, seg := range strings.Split(name, "/") {
			if seg == "" || seg[0] == '.' {
				t.Fatalf("staticName(%q) accepted the segment %q", name, seg)
			}
		}
	})
}
