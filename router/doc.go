// Package router matches HTTP requests against Werkzeug-style rules and
// builds URLs back from endpoint names. It is the routing core of fwk but
// depends only on the standard library (and fwk/internal/ascii, the hex, %XX
// and UUID helpers it shares with the rest of fwk).
//
// # Rules
//
// A rule is a path with parameters in angle brackets, optionally typed by a
// converter with arguments written like a Python call:
//
//	/users/<int:id>                  int parameter "id"
//	/pages/<slug>                    default (string) converter
//	/<string(length=2):lang>/        exactly two characters, then a trailing slash
//	/n/<int(4, min=1, signed=True):n> fixed_digits=4 given positionally
//	/files/<path:rest>               one or more segments, slashes included
//	/v<int:major>.<int:minor>        several parameters in one segment
//	/kind/<any(a, b, 'c d'):k>       one of a fixed set
//
// Rule.Methods (default GET; GET implies HEAD), Rule.Host, Rule.Defaults,
// Rule.StrictSlashes, Rule.MergeSlashes, Rule.RedirectTo and Rule.BuildOnly
// follow Werkzeug's Rule: "/yes//merge" is the rule "/yes/merge" unless
// MergeSlashes is false, when its empty segment only matches literally. Router.Add parses and validates a rule, checks it against the rules
// already added and inserts it; errors are *RuleError values giving the rule
// and the byte offset of the problem, and wrap ErrBadRule,
// ErrUnknownConverter, ErrConflict (through a *ConflictError carrying the
// refused and the existing route) or ErrServing. Two rules conflict when
// they match exactly the same URLs (same path structure and converters,
// parameter names aside) on the same host, and either their methods are the
// same or they share a method other than HEAD and OPTIONS (Werkzeug's
// rule): GET+OPTIONS beside POST+OPTIONS is fine, the first registered
// answering OPTIONS, and an explicit HEAD rule beside a GET rule serves HEAD.
//
// ParseRule takes a rule apart without a Router: a ParsedRule lists its
// parameters (name, converter, argument text, offsets in the rule) and its
// trailing slash, as fresh values, checking the syntax only, so a custom
// converter's name is accepted. fwk reads nested resource rules with it
// instead of scanning their text.
//
// # Converters
//
// A Converter matches one parameter while matching (Match), converts it
// (ToValue) and renders values back for building (ToURL). The built-in ones:
//
//	name                arguments                              value       weight
//	default, string     minlength, maxlength, length, upper    string      100
//	str (alias)         as string                              string      100
//	int                 fixed_digits, min, max, signed         int64       50
//	float               min, max, signed                       float64     50
//	uuid                -                                      [16]byte    50
//	any                 the values                             string      50
//	path                -                                      string      200
//
// Numbers are ASCII decimals (no "+", no exponent; floats need a point);
// lengths count characters. upper=True upper-cases a string both ways, as
// Flask-Unchained's string converter does. Router.AddConverter registers a
// ConverterFactory under a name; Args.Bind maps its arguments. A converter
// with MatchesSlash() true spans segments, and Weight() sets its precedence.
//
// # Matching
//
// Rules form a tree of segments. At each segment a static child is tried
// before the dynamic ones, and dynamic ones in Werkzeug's order: more static
// text first, then more converters, then lighter converters (int before
// string before path); a failed branch is undone, so precedence never depends
// on registration order:
//
//	/users/new      beats /users/<int:id>, which beats /users/<slug>
//	/users/new/x    still finds /users/<slug>/x when only that rule matches
//	/users/a/b      falls through to /users/<path:rest>
//	/f/a.b.c        /f/<name>.<ext> gives name "a.b", ext "c" (greedy, like a regexp)
//	/p/a/b/edit     /p/<path:p>/edit gives p "a/b" (the path converter is lazy)
//
// A pattern of several pieces ("<name>.<ext>", or a tail such as
// "<path:ns>/-/blob/<path:file>") is cut like Werkzeug's rule regexp: each
// converter is a run of its bytes (digits for int, digits and '.' for
// float, hex digits and '-' for uuid, any byte but '/' for the others, any
// byte for path), greedy except for slash-spanning converters, which are
// lazy. The cut is found by a search that never expands a state twice, so
// its work is at most a constant times the path length times the number of
// pieces, whatever the rules and the request (FuzzSplitWork checks the
// bound, BenchmarkLongPath shows flat time per byte from 1 KB to 1 MB).
// Each parameter of the cut is then checked once (decoding, converter
// Match); if one fails the pattern does not match, as in Werkzeug.
//
// A path that matches a rule but not the method is remembered and the search
// goes on (Werkzeug does the same); if nothing serves the method the answer
// is 405 with Allow, or 200 with Allow for OPTIONS (Router.HandleOPTIONS).
// Rules with a Host are preferred over host-less ones on the same path:
// a host with a port first, then a literal host, then a host with
// parameters, then rules for any host.
//
// A Host may hold parameters ("<lang>.example.com", "app.<domain>"), and
// Rule.Subdomain is short for a Host under Router.ServerName
// (Subdomain "<user>" with ServerName "example.com" is "<user>.example.com").
// Host parameters follow the path parameters in Params; each takes the
// longest text (letters, digits, '-' and '.') its converter accepts that
// lets the rest of the host match, as Werkzeug's host regexp does; a host
// holds at most three, separated by literal text, and request hosts over
// 255 bytes never match them. Building with BuildOptions.Host prefers the
// rules of that host; Route.BuildHost tells the host of the URL when it is
// not the current one (the URL must then be absolute); aliases build last.
// A defaults or alias redirect to a rule of another host sets Match.Host,
// and ServeMiss answers with an absolute Location on that host, rendered
// from the rule's own pattern.
//
// Matching runs on the escaped path: "%2F" stays inside its segment (so
// /items/a%2Fb gives id "a/b" for /items/<id>) except for slash-spanning
// converters, and each parameter is decoded exactly once. An encoded slash
// never lets a request reach another rule than its decoded path would: when
// the path with every %2F read as '/' routes anywhere (a match, a redirect
// or a 405) other than the route the escaped path matched, the answer is
// 404. So with /admin/<path:p> behind a login and a catch-all /<path:p>,
// GET /admin%2Fsecret is a 404, not the catch-all; /items/a%2Fb still
// reaches /items/<id> when /items/a/b routes nowhere. (A one-segment value
// holding '/' builds to such a %2F, so Build of it can give a URL that this
// rule refuses.) A parameter that
// would decode to a NUL byte or invalid UTF-8 makes the request a 400 when
// nothing else matches; a parameter is never empty, "." or ".." (nor holds
// such a segment, for path), and a path with such segments never matches.
// As in Werkzeug, a path parameter may hold empty segments and takes a
// final slash ("/with/<path:p>" matches "/with/http://example.com/" with p
// "http://example.com/"), but never starts with '/'; elsewhere an empty
// segment only matches a rule added with MergeSlashes false.
//
// # Redirects
//
// Redirects are decided only once the search has failed, or when the matched
// rule asks for one; they answer 308 so that the method and body are kept:
//
//	/docs            -> /docs/         rule "/docs/" (strict slashes, Router.RedirectTrailingSlash)
//	/a/../b, //b     -> /b             when /b routes (Router.RedirectCleanPath), unless
//	                                   the rule reached has MergeSlashes false (then 404)
//	/m/%//p          -> /m/%25/p       the target as the client will send it
//	/all/page/1      -> /all/          "/all/" has Defaults{"page": 1} (Router.RedirectDefaults)
//	/old/7           -> /new/7         Rule.RedirectTo "/new/<int:id>"
//
// Every Location is a path: it starts with exactly one '/', never "//" or
// "/\", and backslashes and other bytes not allowed in a path are escaped.
// ServeHTTP appends the request's query.
//
// # Building
//
// Router.Build and Router.AppendBuild turn an endpoint and key/value pairs
// into a URL. Among the rules of the endpoint (alias rules last, then those
// with more arguments first, then registration order), the first whose
// parameters all have values, whose defaults agree with the values given for
// them, and whose converters accept the values wins. Values are rendered by
// the converters, checked against their own Match, and percent-encoded as one
// segment ('/' only kept by path); other values form a query string sorted by
// key (floats as Python writes them, "1.0"), unless BuildOptions.DropUnknown
// is set. Errors wrap ErrUnknownEndpoint, ErrMissingParam, ErrInvalidValue or
// ErrMethodNotAllowed and say what Werkzeug's BuildError says: the values
// given, the rule that came closest and the values it lacks, the methods the
// endpoint serves, or a similar endpoint ("did you mean").
//
// # Performance
//
// Fully static rules are also kept in a map by path, consulted first
// behind a small filter; ServeHTTP answers them without touching the Match
// pool. Other paths walk the tree one segment at a time: segment ends are
// found a word at a time, static children are looked up in a small hash
// table, and parameters are substrings of the path unless they hold an
// escape. Plain requests first take a walk without any bookkeeping, which
// gives up (and lets the general walk decide) at anything unusual: escapes,
// trailing-slash rules, hosts, defaults, redirects, OPTIONS, misses. Rule
// parsing and converter construction are done once in Add; building renders
// the rule text between parameters into the caller's buffer.
//
// Registration keeps little per rule: a Route of 128 bytes (standard methods
// packed, the rule text shared, not copied), its parameters, and the nodes
// it adds (48 bytes each; a leaf is its first route, dynamic children are
// chained), all taken from slabs sized to their allocation class. The map of
// static paths is built, and large fan-outs are trimmed, when the router
// freezes; the endpoint index when first needed; both exactly sized.
// Registering 10,000 rules (BenchmarkAdd10k, freeze included) takes about
// 0.5 µs and retains about 300 bytes per rule. bench_test.go has the
// benchmarks (GitHub, static and parameter sets, building, registering
// 10,000 rules); the separate bench module compares peer routers.
//
// # Serving and concurrency
//
// Router implements http.Handler. A HandlerFunc receives the parameters as a
// *Params without any allocation; other handlers read them with
// Request.PathValue. Lookup exposes the same matching to callers that
// dispatch themselves; it allocates nothing unless a parameter holds an
// escape. The first Lookup or ServeHTTP freezes the rules: later Add and
// AddConverter calls fail with ErrServing, and from then on the Router is
// safe for concurrent use without locks. Build may be called at any time.
package router
