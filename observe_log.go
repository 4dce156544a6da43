package fwk

import (
	"context"
	"log/slog"
	"slices"
)

// The app's logger (App.Logger) is Config.Logger's handler (or
// slog.Default's) behind a logTap: every record goes to that handler as
// before, and to the observers added with ObserveLog, which a test client
// uses to fail a test on an ERROR logged while serving its requests. With
// no observer the tap costs one atomic load per enabled record.

// logObservers is the list of the observers of ObserveLog, shared by the
// loggers derived from the app's logger (With, WithGroup).
type logObservers = observers[logObserver]

// logObserver is one ObserveLog registration.
type logObserver struct {
	level slog.Level
	fn    func(context.Context, slog.Record)
}

// logTap is the slog.Handler of the app's logger.
type logTap struct {
	next   slog.Handler
	obs    *logObservers
	attrs  []groupedAttr // of With, for observers
	groups []string      // of WithGroup
}

// groupedAttr is an attribute of With and the groups open when it was
// added.
type groupedAttr struct {
	groups []string
	attr   slog.Attr
}

// newLogTap returns the app's logger: l's records also reach obs.
func newLogTap(l *slog.Logger, obs *logObservers) *slog.Logger {
	return slog.New(&logTap{next: l.Handler(), obs: obs})
}

// Enabled reports whether the configured handler or an observer wants level.
func (h *logTap) Enabled(ctx context.Context, level slog.Level) bool {
	if h.next.Enabled(ctx, level) {
		return true
	}
	if p := h.obs.list.Load(); p != nil {
		for _, o := range *p {
			if level >= o.level {
				return true
			}
		}
	}
	return false
}

// Handle passes r to the configured handler (when it is enabled for r's
// level) and to every observer of that level.
func (h *logTap) Handle(ctx context.Context, r slog.Record) error {
	var err error
	if h.next.Enabled(ctx, r.Level) {
		err = h.next.Handle(ctx, r)
	}
	p := h.obs.list.Load()
	if p == nil {
		return err
	}
	for _, o := range *p {
		if r.Level >= o.level {
			o.fn(ctx, h.full(r))
		}
	}
	return err
}

// full returns a copy of r holding the attributes of With and WithGroup
// too, nested in their groups as the configured handler shows them.
func (h *logTap) full(r slog.Record) slog.Record {
	if len(h.attrs) == 0 && len(h.groups) == 0 {
		return r.Clone()
	}
	all := slices.Clone(h.attrs)
	r.Attrs(func(a slog.Attr) bool {
		all = append(all, groupedAttr{h.groups, a})
		return true
	})
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	out.AddAttrs(nestAttrs(all, 0)...)
	return out
}

// nestAttrs builds the attributes of entries below depth groups: an entry
// with more groups goes into the group of its next name. Entries come in
// the order With and WithGroup made them, so a group's entries are
// adjacent.
func nestAttrs(entries []groupedAttr, depth int) []slog.Attr {
	var out []slog.Attr
	for i := 0; i < len(entries); {
		if len(entries[i].groups) == depth {
			out = append(out, entries[i].attr)
			i++
			continue
		}
		name, j := entries[i].groups[depth], i
		for j < len(entries) && len(entries[j].groups) > depth && entries[j].groups[depth] == name {
			j++
		}
		if inner := nestAttrs(entries[i:j], depth+1); len(inner) > 0 {
			out = append(out, slog.Attr{Key: name, Value: slog.GroupValue(inner...)})
		}
		i = j
	}
	return out
}

// WithAttrs returns the tap of next.WithAttrs(attrs).
func (h *logTap) WithAttrs(attrs []slog.Attr) slog.Handler {
	if len(attrs) == 0 {
		return h
	}
	own := slices.Clip(h.attrs)
	for _, a := range attrs {
		own = append(own, groupedAttr{h.groups, a})
	}
	return &logTap{next: h.next.WithAttrs(attrs), obs: h.obs, attrs: own, groups: h.groups}
}

// WithGroup returns the tap of next.WithGroup(name).
func (h *logTap) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	return &logTap{next: h.next.WithGroup(name), obs: h.obs, attrs: h.attrs,
		groups: append(slices.Clip(h.groups), name)}
}

// ObserveLog makes fn receive every record of level or above that the app
// logs through its logger (App.Logger, and fwk itself), with the context
// it was logged with, in addition to the configured handler, which still
// gets what it is enabled for. It returns a function that stops the
// observation. fn may be called from many goroutines at once.
//
// It is meant for tests: github.com/fwkgo/fwk/fwktest observes the ERROR
// records logged while a request is served and fails the test with them.
func (a *App) ObserveLog(level slog.Level, fn func(ctx context.Context, r slog.Record)) (stop func()) {
	return a.logObs.add(&logObserver{level: level, fn: fn})
}
