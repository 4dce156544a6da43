package fwk

import (
	"slices"
	"sync"
	"sync/atomic"
)

// observers is the copy-on-write list of the observers of one App, of
// ObserveRoutes or ObserveLog: adding and stopping take a lock and store a
// new list; the request path pays one atomic load, and nothing more when
// the list is empty (it is stored as nil).
type observers[T any] struct {
	mu   sync.Mutex
	list atomic.Pointer[[]*T]
}

// add adds o to the list and returns the function that removes it (once,
// however many times it is called).
func (obs *observers[T]) add(o *T) (stop func()) {
	obs.update(func(l []*T) []*T { return append(l, o) })
	var once sync.Once
	return func() {
		once.Do(func() {
			obs.update(func(l []*T) []*T {
				return slices.DeleteFunc(l, func(x *T) bool { return x == o })
			})
		})
	}
}

// update replaces the list with change(a copy of it); an empty list is
// stored as nil.
func (obs *observers[T]) update(change func([]*T) []*T) {
	obs.mu.Lock()
	defer obs.mu.Unlock()
	var cur []*T
	if p := obs.list.Load(); p != nil {
		cur = *p
	}
	if next := change(slices.Clone(cur)); len(next) > 0 {
		obs.list.Store(&next)
	} else {
		obs.list.Store(nil)
	}
}
