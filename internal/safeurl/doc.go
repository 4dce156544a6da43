// Package safeurl decides whether a user-supplied redirect target (the `next`
// value of a query string or form) may be followed, and re-serialises it so
// that the Location header sent to the browser means exactly what was checked.
//
// # Model
//
// The value handed to [Next] has already been decoded once by the query or
// form parser. It is never unescaped again: a second decoding is what turns
// `%2F%2Fevil.example` into `//evil.example` in other frameworks.
//
// A value is accepted in exactly two shapes:
//
//   - a local path: it starts with a single '/' (never "//"), has no scheme
//     and no host;
//   - an absolute URL: scheme http or https (https only when
//     [Policy.HTTPSOnly] is set), a non-empty ASCII host without userinfo,
//     whose lower-cased host[:port] is in [Policy.AllowedHosts]. Default
//     ports are normalised, so https://good.example:443/x matches the entry
//     good.example. An entry written https://good.example admits that host
//     over https only.
//
// Everything else is rejected: empty values, values over 2048 bytes, any C0
// control byte or DEL, any backslash (browsers read it as '/'), Unicode
// spaces and format characters, the full-width dots that IDNA maps to '.',
// percent-escapes that decode to a control byte or a backslash (harmless
// here, dangerous if some later layer decodes again), scheme-relative
// `//host` values (even for an allowed host), and relative references such
// as `?q=1`, `#frag`, `relative/path` or `mailto:x@y`.
//
// # Examples
//
//	next                          Policy{AllowedHosts: {"good.example"}, HTTPSOnly: true}
//	/dashboard                    accepted, "/dashboard"
//	/a b/é                        accepted, "/a%20b/%C3%A9"
//	/%2F/x                        accepted, "/%2F/x" (stays one local path)
//	HTTPS://GOOD.example:443/x    accepted, "https://good.example/x"
//	//good.example/x              rejected (scheme-relative)
//	/\evil.example                rejected (backslash)
//	https://good.example@evil     rejected (userinfo)
//	http://good.example/x         rejected (downgrade under HTTPSOnly)
//
// # Re-serialisation
//
// The accepted value is written back byte for byte, except that the scheme
// and host are lower-cased, a default port is dropped, and every byte that may
// not appear raw in a URL (space, quotes, angle brackets, non-ASCII, ...) is
// percent-encoded. Existing escapes are kept as they are, so nothing is ever
// double-encoded, and the result of a local path never begins with "//".
package safeurl
