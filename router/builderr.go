package router

// Build errors that help, as Werkzeug's BuildError: the values given, the
// rule that came closest and what to change.

import (
	"fmt"
	"slices"
	"strings"
)

// BuildError is the error of a build that found no rule. Its message and
// Unwrap are those of Err, which wraps ErrUnknownEndpoint, ErrMissingParam,
// ErrInvalidValue or ErrMethodNotAllowed.
type BuildError struct {
	Endpoint string
	Method   string // BuildOptions.Method, if given
	// Suggested is the rule that came closest, as Werkzeug's
	// BuildError.suggested: for an endpoint with rules, the one of them
	// serving Method that lacks the fewest values; for an unknown endpoint,
	// the rule of the most similar endpoint, then one whose arguments
	// cover the values, then one serving Method. It is nil when the Router
	// has no rules with an endpoint.
	Suggested *Route
	Err       error
}

// Error returns the message of Err.
func (e *BuildError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *BuildError) Unwrap() error { return e.Err }

// givenKeys lists the keys of the non-nil values, for messages.
func givenKeys(vals []any) string {
	var keys []string
	for i := 0; i+1 < len(vals); i += 2 {
		if k, ok := vals[i].(string); ok && vals[i+1] != nil {
			if _, given := oneValue(vals[i+1]); given {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return "[" + strings.Join(keys, " ") + "]"
}

// unknownEndpoint is the error of building an endpoint no rule has; as
// Werkzeug does, it names the endpoint of the suggested rule, if that is
// similar enough.
func (t *table) unknownEndpoint(ep, method string, vals []any) error {
	rt, hint := t.suggestRule(ep, method, vals), ""
	if rt != nil && similarity(ep, rt.endpoint) > 0.5 {
		hint = fmt.Sprintf("; did you mean %q?", rt.endpoint)
	}
	err := fmt.Errorf("fwk: build %q with values %s: %w%s", ep, givenKeys(vals), ErrUnknownEndpoint, hint)
	return &BuildError{Endpoint: ep, Method: method, Suggested: rt, Err: err}
}

// suggestRule scores each rule as Werkzeug's BuildError.closest_rule does:
// 0.98 x the similarity of its endpoint to ep, plus 0.01 when its
// arguments cover the keys of vals, plus 0.01 when it serves method. The
// first best rule wins.
func (t *table) suggestRule(ep, method string, vals []any) *Route {
	var best *Route
	bestScore := -1.0
	for _, rt := range t.routes {
		if rt.endpoint == "" {
			continue
		}
		covered := 0.01
		for i := 0; i+1 < len(vals); i += 2 {
			if k, ok := vals[i].(string); !ok || !rt.isArg(k) {
				covered = 0
			}
		}
		s := 0.98*similarity(ep, rt.endpoint) + covered
		if method != "" && rt.serves(method) {
			s += 0.01
		}
		if s > bestScore {
			best, bestScore = rt, s
		}
	}
	return best
}

// similarity is 2 x the longest common subsequence of a and b over their
// total length: 1 for equal strings, 0 for strings without a common byte.
func similarity(a, b string) float64 {
	if len(a)+len(b) == 0 || len(a) > 256 || len(b) > 256 {
		return 0
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return 2 * float64(prev[len(b)]) / float64(len(a)+len(b))
}

// buildFailure explains why no rule of ep could be built with vals.
func buildFailure(ep, method string, vals []any, list []*Route, errs *buildErrs) error {
	rt, missing := closestRule(list, method, vals)
	var err error
	switch {
	case errs.invalid != nil:
		err = errs.invalid
	case errs.mismatch != nil:
		err = errs.mismatch
	case method != "" && !slices.ContainsFunc(list, func(rt *Route) bool { return rt.serves(method) }):
		var ms []string
		for _, rt := range list {
			ms = append(ms, rt.Methods()...)
		}
		slices.Sort(ms)
		err = fmt.Errorf("fwk: build %q (%s) with values %s: no rule serves %s: %w; did you mean to use methods %v?",
			ep, method, givenKeys(vals), method, ErrMethodNotAllowed, slices.Compact(ms))
	default: // every rule tried lacks a value
		err = fmt.Errorf("fwk: build %q with values %s: %w: the closest rule is %q; did you forget to specify values %q?",
			ep, givenKeys(vals), ErrMissingParam, rt.path, missing)
	}
	return &BuildError{Endpoint: ep, Method: method, Suggested: rt, Err: err}
}

// closestRule returns the rule of list (serving method, when given) that
// lacks the fewest values, and the names it lacks.
func closestRule(list []*Route, method string, vals []any) (*Route, []string) {
	var best *Route
	var bestMissing []string
	for _, rt := range list {
		if method != "" && !rt.serves(method) {
			continue
		}
		var missing []string
		for _, p := range rt.params {
			if _, ok := value(vals, p.name); !ok {
				missing = append(missing, p.name)
			}
		}
		if best == nil || len(missing) < len(bestMissing) {
			best, bestMissing = rt, missing
		}
	}
	if best == nil {
		best = list[0]
	}
	return best, bestMissing
}
