package naming

// Join joins URL path parts with '/', the way routes are nested under
// prefixes. Empty parts add nothing but their separator, every run of '/'
// collapses to one and a trailing '/' is removed. A result of "" or "/" is
// "/".
//
// Join never adds a leading '/' by itself, but an empty first part gives one
// through its separator:
//
//	Join("/", "foo", "", "bar", "baz")  "/foo/bar/baz"
//	Join("/", "/foo", "/", "/bar")      "/foo/bar"
//	Join("/foo/bar/", "/")              "/foo/bar"
//	Join("", "", "")                    "/"
//	Join("foo", "bar")                  "foo/bar"
//	Join("", "foo")                     "/foo"
//	Join("http://x.com", "a")           "http:/x.com/a"
func Join(parts ...string) string {
	return join(parts, false)
}

// JoinTrailingSlash is Join with exactly one '/' at the end of the result:
// JoinTrailingSlash("/foo", "baz") is "/foo/baz/", and so is
// JoinTrailingSlash("/foo", "baz/"). A result of "" or "/" is "/".
func JoinTrailingSlash(parts ...string) string {
	return join(parts, true)
}

func join(parts []string, trailingSlash bool) string {
	n := len(parts)
	for _, p := range parts {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for i, p := range parts {
		if i > 0 {
			b = appendPath(b, "/")
		}
		b = appendPath(b, p)
	}
	if len(b) > 0 && b[len(b)-1] == '/' {
		b = b[:len(b)-1]
	}
	if len(b) == 0 {
		return "/"
	}
	if trailingSlash {
		b = append(b, '/')
	}
	return string(b)
}

// appendPath appends s to b, dropping every '/' that would follow another.
func appendPath(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, s[i])
	}
	return b
}
