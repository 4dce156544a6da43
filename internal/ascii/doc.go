// Package ascii holds the byte-level text helpers that the router, the
// parameter binder and the redirect checker share: hex digit values, "%XX"
// escapes and UUID text.
//
// Every function works on bytes and strings of the caller, allocates nothing
// and never panics, whatever the input: a malformed or truncated escape or
// UUID is reported with ok == false.
//
// Hex digits are accepted in either case; output uses upper case for "%XX"
// escapes (RFC 3986 §2.1 recommends it) and lower case for UUIDs (RFC 9562
// §4).
//
// UUID text has two accepted shapes: the canonical 8-4-4-4-12 form
// ("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), read by [ParseUUID], and, for
// [ParseUUIDLax] only, the same 32 digits without hyphens. Braces, "urn:uuid:"
// prefixes and misplaced hyphens are refused.
package ascii
