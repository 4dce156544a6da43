// Package textconv converts the strings of a request (URL parameters, query
// values) into the typed values a view asks for. Every decision that depends
// on the target type is taken once, at start-up, by [For], [ForType] or
// [Query]; an unsupported type is an error then, never at request time. The
// returned functions only parse.
//
// # Supported types
//
//	type                                  accepted text
//	string (and named string types)       anything, unchanged
//	int, int8 ... int64                   base-10, optional sign, range-checked
//	uint, uint8 ... uint64                base-10, range-checked
//	float32, float64                      strconv.ParseFloat; NaN and ±Inf rejected
//	bool                                  strconv.ParseBool (1 t true 0 f false ...)
//	[16]byte-kinded arrays (UUID types)   8-4-4-4-12 hex, or 32 hex digits; any case
//	encoding.TextUnmarshaler              whatever UnmarshalText accepts
//	*T for any T above                    as T, returned as a new pointer
//
// A type whose pointer implements [encoding.TextUnmarshaler] is always parsed
// by its own UnmarshalText, even when its kind is listed above: the type's
// declared parsing wins. So github.com/google/uuid.UUID accepts the forms its
// UnmarshalText accepts (a superset of the two above), and a plain
// `type ID [16]byte` gets the two UUID forms.
//
// A bad value yields an [*Error] naming the value (and the parameter, when
// known); its Err is strconv.ErrSyntax, strconv.ErrRange, [ErrNotFinite],
// [ErrUnknownValue] or the error of UnmarshalText. Callers answer 400.
//
// # Query structs
//
// [Query] fills a struct from url.Values:
//
//	type Page struct {
//		Page    int      `query:"page" default:"1"`
//		PerPage int      `default:"20"`       // key per_page (snake_case of the name)
//		Tags    []string `query:"tag"`        // every ?tag= value, in order
//		Cursor  *string                       // nil when absent
//		Debug   bool     `query:"-"`          // never bound
//	}
//
// Rules: the key is the `query` tag, or the snake_case of the field name
// (PerPage -> per_page, UserID -> user_id); `query:"-"` skips a field;
// unexported fields are skipped; embedded structs are flattened. A scalar
// field takes the first value of its key. A key that is absent, or whose
// values are all empty for a non-string field (a blank form input), is
// absent: the `default` tag applies if present (comma-separated for slices),
// else the field keeps its zero value. Defaults are checked at start-up.
//
// # Performance
//
// The function returned by [For] must box its result in a reflect.Value:
// one small allocation per call (none for bool, or an int below 256). For
// the predeclared types it uses reflect.ValueOf, for named types
// reflect.New. [ForType] returns a typed function; for string, int, int64,
// int32, uint, uint64, float64 and bool it calls strconv directly and does
// not allocate, so callers that know the type statically should prefer it.
package textconv
