package naming

import "strings"

// ParamTuples returns the (converter, name) pairs of the parameters of a
// Werkzeug-style rule, in order of appearance, or nil when it has none. The
// converter is "" when the parameter has none, and converter arguments are
// dropped:
//
//	rule                                      ParamTuples
//	"<int:id>"                                [{"int", "id"}]
//	"<id>"                                    [{"", "id"}]
//	"/users/<int:user_id>/roles/<string:slug>" [{"int", "user_id"}, {"string", "slug"}]
//	"/a/<string(length=2):l>/<path:p>"        [{"string", "l"}, {"path", "p"}]
//	"/a/<b-c>/<>"                             nil
//
// Converter and parameter names are ASCII identifiers ([A-Za-z_][A-Za-z0-9_]*),
// and arguments run up to the first ')' that is followed by ':', a name and
// '>', as in Werkzeug. Text that does not form a parameter is skipped, so
// ParamTuples never fails: checking a rule is the router's job.
//
// Unlike the reference, which matches "<(\w+:)?(\w+)>", parameters whose
// converter takes arguments are reported.
func ParamTuples(rule string) [][2]string {
	var out [][2]string
	eachParam(rule, func(p param) {
		out = append(out, [2]string{p.converter, p.name})
	})
	return out
}

// LastParamName returns the name of the parameter that ends the rule, or ""
// when the rule does not end with a parameter:
//
//	rule                       LastParamName
//	"/users/<int:id>"          "id"
//	"/<lang>/<path:rest>"      "rest"
//	"/users/<int:id>/"         ""
//	"/users"                   ""
func LastParamName(rule string) string {
	if !strings.HasSuffix(rule, ">") {
		return ""
	}
	name := ""
	eachParam(rule, func(p param) {
		if p.end == len(rule) {
			name = p.name
		}
	})
	return name
}

// param is one parameter found by parseParam.
type param struct {
	converter, name string
	end             int // offset just after the closing '>'
}

// eachParam calls fn for each parameter of rule, left to right. Parameters
// do not overlap: scanning resumes after the '>' of the last one found.
func eachParam(rule string, fn func(param)) {
	for i := strings.IndexByte(rule, '<'); i >= 0; {
		p, ok := parseParam(rule, i)
		next := i + 1
		if ok {
			fn(p)
			next = p.end
		}
		j := strings.IndexByte(rule[next:], '<')
		if j < 0 {
			return
		}
		i = next + j
	}
}

// parseParam reads the parameter that starts at rule[i], a '<':
// "<name>", "<converter:name>" or "<converter(arguments):name>".
func parseParam(rule string, i int) (param, bool) {
	first, j := scanIdent(rule, i+1)
	if first == "" || j >= len(rule) {
		return param{}, false
	}
	switch rule[j] {
	case '>':
		return param{name: first, end: j + 1}, true
	case ':':
		return parseName(rule, first, j+1)
	case '(':
		// The arguments end at the first ')' that a valid ":name>" follows.
		for k := j + 1; k < len(rule) && rule[k] != '\n'; k++ {
			if rule[k] != ')' || k+1 >= len(rule) || rule[k+1] != ':' {
				continue
			}
			if p, ok := parseName(rule, first, k+2); ok {
				return p, true
			}
		}
	}
	return param{}, false
}

// parseName reads "name>" at rule[i].
func parseName(rule, converter string, i int) (param, bool) {
	name, j := scanIdent(rule, i)
	if name == "" || j >= len(rule) || rule[j] != '>' {
		return param{}, false
	}
	return param{converter: converter, name: name, end: j + 1}, true
}

// scanIdent returns the ASCII identifier at rule[i] and the offset after it.
func scanIdent(rule string, i int) (string, int) {
	j := i
	for j < len(rule) {
		c := rule[j]
		if c == '_' || isLower(c) || isUpper(c) || (j > i && isDigit(c)) {
			j++
			continue
		}
		break
	}
	return rule[i:j], j
}
