package fwkprom

import (
	"net/http"
	"sync/atomic"

	"github.com/fwkgo/fwk/middleware"
	"github.com/fwkgo/fwk/router"
	"github.com/prometheus/client_golang/prometheus"
)

// The label values a request can have are bounded: the app's routes plus
// Miss and Unrouted, the methods of methods plus OTHER, the status classes
// of classes. Each route keeps the children of its series in an array, made
// on first use, so that a request finds them with no hashing.

// methods are the methods counted by name; any other is "OTHER".
var methods = [...]string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
	http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace, "OTHER"}

// classes are the status classes; "other" is a status out of 100-599.
var classes = [...]string{"1xx", "2xx", "3xx", "4xx", "5xx", "other"}

// methodIndex returns the index of method in methods.
func methodIndex(method string) int {
	for i, m := range methods[:len(methods)-1] {
		if m == method {
			return i
		}
	}
	return len(methods) - 1
}

// statusClass returns the index in classes of a status; 0, nothing
// written, is what net/http sends: 200.
func statusClass(status int) int {
	if status == 0 {
		status = http.StatusOK
	}
	if status < 100 || status > 599 {
		return len(classes) - 1
	}
	return status/100 - 1
}

// routeSeries holds the series of one route label.
type routeSeries struct {
	endpoint, route string
	slots           [len(methods)][len(classes)]atomic.Pointer[children]
}

// children are the metrics of one combination of labels.
type children struct {
	requests prometheus.Counter
	duration prometheus.Observer
	size     prometheus.Observer
}

func (m *Metrics) newSeries(endpoint, route string) *routeSeries {
	return &routeSeries{endpoint: endpoint, route: route}
}

// children returns the metrics of s for a method and a status class.
func (s *routeSeries) children(m *Metrics, method, class int) *children {
	slot := &s.slots[method][class]
	if c := slot.Load(); c != nil {
		return c
	}
	labels := prometheus.Labels{"endpoint": s.endpoint, "route": s.route, "method": methods[method],
		"status": classes[class]}
	c := &children{requests: m.requests.With(labels), duration: m.duration.With(labels), size: m.size.With(labels)}
	slot.CompareAndSwap(nil, c) // a racing request made the same children
	return slot.Load()
}

// recorder is the writer the middleware gives the app: it records the
// status, the bytes and the route (middleware.Recorder does the first two,
// Flush, ReadFrom and Unwrap).
type recorder struct {
	middleware.Recorder
	m      *Metrics
	route  *router.Route // once the router matched one
	routed bool
}

// recorderOf finds the recorder of m under w, unwrapping the writers of
// the middleware between the two.
func (m *Metrics) recorderOf(w http.ResponseWriter) *recorder {
	for range 16 {
		if rec, ok := w.(*recorder); ok && rec.m == m {
			return rec
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		w = u.Unwrap()
	}
	return nil
}
