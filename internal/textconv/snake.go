package textconv

import (
	"strings"
	"unicode"
)

// snakeCase turns a Go field name into a query key:
//
//	Page       page
//	PerPage    per_page
//	UserID     user_id
//	HTTPStatus http_status
//	Page2      page2
func snakeCase(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
