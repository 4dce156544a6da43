package router

// Param is one matched URL parameter: its name and its decoded text.
type Param struct {
	Key, Value string
}

// inlineParams is how many parameters a Params holds without allocating.
const inlineParams = 24

// Params holds the parameters of a match, in rule order, followed by the
// rule's defaults. The first 24 live inside the struct, so matching needs
// no allocation; more spill into a slice that is kept for reuse. A Params
// obtained from ServeHTTP is only valid until the handler returns.
type Params struct {
	n      int
	inline [inlineParams]Param
	extra  []Param
}

// Len returns the number of parameters.
func (ps *Params) Len() int { return ps.n }

// At returns the i-th parameter; it returns the zero Param when i is out of
// range.
func (ps *Params) At(i int) Param {
	if i < 0 || i >= ps.n {
		return Param{}
	}
	if i < inlineParams {
		return ps.inline[i]
	}
	return ps.extra[i-inlineParams]
}

// Get returns the value of the named parameter, or "" when absent.
func (ps *Params) Get(name string) string {
	v, _ := ps.Lookup(name)
	return v
}

// Lookup returns the value of the named parameter and whether it is present.
func (ps *Params) Lookup(name string) (string, bool) {
	n := ps.n
	if n > inlineParams {
		n = inlineParams
	}
	for i := 0; i < n; i++ {
		if ps.inline[i].Key == name {
			return ps.inline[i].Value, true
		}
	}
	for i := 0; i < ps.n-inlineParams; i++ {
		if ps.extra[i].Key == name {
			return ps.extra[i].Value, true
		}
	}
	return "", false
}

// Reset empties ps and drops its references to old values.
func (ps *Params) Reset() {
	n := ps.n
	if n > inlineParams {
		n = inlineParams
	}
	clear(ps.inline[:n])
	clear(ps.extra)
	ps.extra = ps.extra[:0]
	ps.n = 0
}

// ptr returns the storage of the i-th slot, growing the spill slice when
// needed. i is at most the current count.
func (ps *Params) ptr(i int) *Param {
	if i < inlineParams {
		return &ps.inline[i]
	}
	j := i - inlineParams
	for len(ps.extra) <= j {
		ps.extra = append(ps.extra, Param{})
	}
	return &ps.extra[j]
}

// setValue stores the value of slot i during matching.
func (ps *Params) setValue(i int, v string) {
	if i < inlineParams {
		ps.inline[i].Value = v
		return
	}
	ps.ptr(i).Value = v
}
