package router

// Param is one matched URL parameter: its name and its decoded text.
type Param struct {
	Key, Value string
}

// inlineParams is how many parameter values a Params holds without
// allocating.
const inlineParams = 24

// intSlots is how many of the first parameters keep the number the
// built-in int converter parsed while matching (Params.IntAt).
const intSlots = 8

// Params holds the parameters of a match, in rule order, followed by the
// rule's defaults. The values of the first 24 parameters live inside the
// struct (names come from the route), so matching needs no allocation; more
// spill into a slice kept for reuse. A Params obtained from ServeHTTP is only
// valid until the handler returns.
type Params struct {
	rt     *Route // names and defaults; nil when empty
	n      int    // captured values
	inline [inlineParams]string
	extra  []string
	ints   [intSlots]int64 // see IntAt
}

// Len returns the number of parameters, defaults included.
func (ps *Params) Len() int {
	if ps.rt == nil {
		return 0
	}
	return ps.n + len(ps.rt.defs())
}

// At returns the i-th parameter; it returns the zero Param when i is out of
// range.
func (ps *Params) At(i int) Param {
	if ps.rt == nil || i < 0 {
		return Param{}
	}
	if i < ps.n {
		return Param{Key: ps.rt.params[i].name, Value: ps.value(i)}
	}
	if i -= ps.n; i < len(ps.rt.defs()) {
		return ps.rt.defs()[i]
	}
	return Param{}
}

func (ps *Params) value(i int) string {
	if i < inlineParams {
		return ps.inline[i]
	}
	return ps.extra[i-inlineParams]
}

// IntAt returns the number of the i-th parameter as the built-in int
// converter parsed it while matching, and true; it returns false when that
// parameter is not a path parameter of the built-in int converter, or is
// past the eighth (read its text then). A view bound to an int reads its
// value here instead of parsing the text a second time (whole program,
// callgrind: AppParamInt's int view 1,169 -> 1,049 instructions per
// request, against 979 for the router alone reading the text).
func (ps *Params) IntAt(i int) (int64, bool) {
	if ps.rt == nil || uint(i) >= uint(min(ps.n, intSlots)) || !ps.rt.intParam(i) {
		return 0, false
	}
	return ps.ints[i], true
}

// setInt stores the number of slot i during matching.
func (ps *Params) setInt(i int, v int64) {
	if i < intSlots {
		ps.ints[i] = v
	}
}

// Get returns the value of the named parameter, or "" when absent.
func (ps *Params) Get(name string) string {
	v, _ := ps.Lookup(name)
	return v
}

// Lookup returns the value of the named parameter and whether it is present.
func (ps *Params) Lookup(name string) (string, bool) {
	if ps.rt == nil {
		return "", false
	}
	for i := 0; i < ps.n; i++ {
		if ps.rt.params[i].name == name {
			return ps.value(i), true
		}
	}
	for _, d := range ps.rt.defs() {
		if d.Key == name {
			return d.Value, true
		}
	}
	return "", false
}

// Reset empties ps and drops its references to old values.
func (ps *Params) Reset() {
	if ps.rt == nil && ps.n == 0 && len(ps.extra) == 0 {
		return // already empty: no write, so a shared empty Params is safe
	}
	n := min(ps.n, inlineParams)
	clear(ps.inline[:n])
	clear(ps.extra)
	ps.extra = ps.extra[:0]
	ps.n, ps.rt = 0, nil
}

// setValue stores the value of slot i during matching; i is at most the
// number of values stored so far.
func (ps *Params) setValue(i int, v string) {
	if i < inlineParams {
		ps.inline[i] = v
		return
	}
	if j := i - inlineParams; j < len(ps.extra) {
		ps.extra[j] = v
		return
	}
	ps.extra = append(ps.extra, v)
}
