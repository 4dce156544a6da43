// Package empty is a bundle with nothing in it.
package empty

// Bundle is the empty bundle.
type Bundle struct{}

// Name returns "empty".
func (Bundle) Name() string { return "empty" }
