// Package router matches HTTP requests against Werkzeug-style rules and
// builds URLs back from endpoint names. It is fwk's routing core and depends
// only on the standard library and fwk/internal/ascii.
//
// # Rules
//
// A rule is a path with parameters in angle brackets, typed by a converter
// whose arguments are written like a Python call:
//
//	/users/<int:id>                   int parameter "id"
//	/<string(length=2):lang>/         two characters, then a trailing slash
//	/n/<int(4, min=1, signed=True):n> fixed_digits=4 given positionally
//	/files/<path:rest>                one or more segments, slashes included
//	/v<int:major>.<int:minor>         several parameters in one segment
//	/kind/<any(a, b, 'c d'):k>        one of a fixed set
//
// The Rule fields follow Werkzeug's Rule. Router.Add refuses a malformed
// rule, or one matching the URLs of another (ConflictError), with a
// *RuleError; ParseRule takes a rule apart without a Router.
//
// # Converters
//
//	name             arguments                            value     weight
//	default, string  minlength, maxlength, length, upper  string    100
//	str              as string                            string    100
//	int              fixed_digits, min, max, signed       int64     50
//	float            min, max, signed                     float64   50
//	uuid             -                                    [16]byte  50
//	any              the values                           string    75
//	path             -                                    string    200
//
// Numbers are ASCII decimals (no '+', no exponent; floats need a point).
// Router.AddConverter registers a ConverterFactory; Args.Bind maps its
// arguments. Each built-in is a ValueTyper declaring the value type above,
// and ValueFunc[T] converts text to such a T without boxing; a custom converter
// that implements ValueTyper lets fwk check a view parameter's type at
// start-up.
//
// # Matching
//
// At each segment a static child is tried before the dynamic ones, and those
// in Werkzeug's order: more static text, then more converters, then lighter
// converters; a failed branch is undone, and registration order decides
// only between equal weights (<slug> and <string(length=2):s>), as in Werkzeug:
//
//	/users/new    beats /users/<int:id>, which beats /users/<slug>
//	/users/new/x  still finds /users/<slug>/x when only that rule matches
//	/f/a.b.c      /f/<name>.<ext> gives name "a.b", ext "c" (greedy)
//	/p/a/b/edit   /p/<path:p>/edit gives p "a/b" (path is lazy)
//
// A segment pattern is cut as Werkzeug's rule regexp would cut it, by a
// search whose work is linear in the path length times the number of
// pieces, whatever the rules and the request (FuzzSplitWork checks it).
// A path that matches a rule but not the method gives 405 with Allow (or 200
// with Allow for OPTIONS) when nothing serves the method. Rules with a Host
// are preferred over host-less ones. A Host may hold parameters
// ("<lang>.example.com"); Rule.Subdomain is short for a Host under
// Router.ServerName, and Router.DefaultSubdomain is the Subdomain of rules
// given neither; host parameters follow the path parameters in Params. The
// lower-cased host is cut like a segment, a parameter taking host text only
// (letters, digits, '-', '.'), and a converter refusing its cut fails the
// host rather than taking less: "<any(en, de):lang>.<site>.example.com"
// gives lang "en" for en.blog.example.com but no match for
// en.blog.eu.example.com (lang would be "en.blog"), as a segment
// "<any(en, de):lang>.<site>" does; Werkzeug, whose any converter is a
// regular expression, takes lang "en" and site "blog.eu" in both.
//
// Matching runs on the escaped path: "%2F" stays inside its segment and each
// parameter is decoded once. An encoded slash never lets a request reach
// another rule than its decoded path would: with /admin/<path:p> and a
// catch-all /<path:p>, GET /admin%2Fsecret is a 404. A parameter decoding to
// NUL or invalid UTF-8 gives 400; a parameter is never empty, "." or "..".
//
// # Redirects
//
// Redirects answer 308 and are decided once the search has failed, or when
// the matched rule asks for one:
//
//	/docs          -> /docs/    rule "/docs/" (Router.RedirectTrailingSlash)
//	/a/../b, //b   -> /b        when /b routes (Router.RedirectCleanPath)
//	/all/page/1    -> /all/     "/all/" has Defaults{"page": 1} (Router.RedirectDefaults)
//	/old/7         -> /new/7    Rule.RedirectTo "/new/<int:id>"
//
// Every Location is a path starting with exactly one '/' (never "//" or
// "/\"); ServeHTTP appends the request's query. A redirect to a rule of
// another host sets Match.Host, and ServeMiss makes the Location absolute.
//
// # Building
//
// Router.Build and Router.AppendBuild turn an endpoint and key/value pairs
// into a URL, trying the endpoint's rules in Werkzeug's order, aliases last
// (see AppendBuild). Values may be strings, []byte, bools, Go numbers (named
// types too), Stringers and TextMarshalers; the others form the query string
// (floats written as Python does, "1.0") unless BuildOptions.DropUnknown is
// set. Errors are *BuildError values naming the closest rule and a similar
// endpoint.
//
// # Serving and concurrency
//
// Matching allocates nothing unless a parameter holds an escape: a
// HandlerFunc receives the parameters as a *Params, other handlers read
// Request.PathValue, and Lookup serves callers that dispatch themselves. The
// first Lookup or ServeHTTP freezes the rules (see Router).
package router
