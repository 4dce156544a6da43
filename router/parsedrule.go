package router

import "strings"

// ParsedRule is a rule path taken apart, as data: code that needs the
// parameters of a rule (their names, converters, positions) reads them here
// instead of scanning the text again. Each call of ParseRule returns fresh
// values that the caller owns.
type ParsedRule struct {
	// Path is the rule as given.
	Path string
	// Params are the parameters in order of appearance.
	Params []RuleParam
	// TrailingSlash reports a rule ending in '/' (a branch, in Werkzeug's
	// terms).
	TrailingSlash bool
}

// RuleParam is one parameter of a rule: "<name>", "<converter:name>" or
// "<converter(args):name>".
type RuleParam struct {
	// Name is the parameter name, the key of its value in the view's params.
	Name string
	// Converter is the converter name as written, "" when the parameter
	// names none (the default converter).
	Converter string
	// Args is the argument text between the parentheses, as written, ""
	// when there are none.
	Args string
	// Start and End delimit the parameter in Path: Path[Start:End] is its
	// text, from '<' to '>'.
	Start, End int
}

// ParseRule parses the rule text path with the same grammar as the router
// and returns its parameters. It checks syntax only: converter names are not
// looked up (a custom converter is registered on a Router, not known here)
// and converter arguments are checked for syntax, not by the converter.
// Empty segments ("//") are kept as written, so every offset is one of path;
// a Router merges them when the rule is added. An error is a *RuleError with
// the offset of the problem.
func ParseRule(path string) (ParsedRule, error) {
	p := parser{cache: make(map[string]*convInfo), syntaxOnly: true}
	pr, rerr := p.parse(path, nil)
	if rerr != nil {
		return ParsedRule{}, rerr
	}
	out := ParsedRule{Path: path, TrailingSlash: pr.slash}
	if len(pr.params) > 0 {
		out.Params = make([]RuleParam, len(pr.params))
	}
	for i, pi := range pr.params {
		start, end := int(pi.start), int(pi.end)
		rp := RuleParam{Name: pi.name, Start: start, End: end}
		// The text is "<name>" or "<spec:name>", spec "conv" or "conv(args)".
		if spec := path[start+1 : end-1-len(pi.name)]; spec != "" {
			spec = spec[:len(spec)-1] // the ':'
			conv, args, _ := strings.Cut(spec, "(")
			rp.Converter, rp.Args = conv, strings.TrimSuffix(args, ")")
		}
		out.Params[i] = rp
	}
	return out, nil
}
