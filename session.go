package fwk

import "encoding/json"

// Session is the session of the user of one request, from Ctx.Session. It
// is loaded on first use and saved just before the response headers are
// written (or when a view that wrote nothing returns): a request that never
// calls Ctx.Session pays nothing.
//
// Values are kept in a compact typed encoding: string, int, int64,
// float64, bool and []byte come back from Get as they were set; other
// values are stored as JSON (Get returns what encoding/json decodes into an
// any; SessionValue decodes into a type of your choice). A value that does
// not encode as JSON fails the request with a logged 500 when the session is
// saved.
//
// A Session belongs to its request: do not keep it after the view returns.
type Session struct {
	vals      map[string]any
	loaded    bool // load ran (the fields below are valid)
	modified  bool // something to save
	saved     bool // save ran
	hadCookie bool // the request carried a session cookie
	err       error
	c         *Ctx // the request, for Renew

	id    string // SessionStore: the id the cookie names ("" = none yet)
	oldID string // SessionStore: the id Renew or Clear replaced, deleted at save
}

// Session returns the session of the request, loading it on the first
// call. Without a SECRET_KEY the session is empty and Err reports
// ErrNoSecretKey; so does a SessionStore that fails to load it (with its
// error). Using such a session fails the request with a logged 500 when the
// response starts, so that nothing is silently lost.
//
//	ctx.Session().Set("user_id", u.ID)
//	id, ok := ctx.Session().Get("user_id")
func (c *Ctx) Session() *Session {
	s := &c.sess
	if !s.loaded {
		c.loadSession()
	}
	return s
}

// Get returns the value stored under key and whether there is one.
func (s *Session) Get(key string) (any, bool) {
	v, ok := s.vals[key]
	if j, isJSON := v.(jsonValue); isJSON {
		var x any
		if err := json.Unmarshal([]byte(j), &x); err != nil {
			return nil, false
		}
		s.vals[key] = x // decoded once; the session is not modified
		return x, true
	}
	return v, ok
}

// Set stores value under key.
func (s *Session) Set(key string, value any) {
	if s.vals == nil {
		s.vals = make(map[string]any, 4)
	}
	s.vals[key] = value
	s.changed()
}

// Delete removes key.
func (s *Session) Delete(key string) {
	if _, ok := s.vals[key]; ok {
		delete(s.vals, key)
		s.changed()
	}
}

// Clear removes every value; an empty session deletes its cookie (and its
// SessionStore entry). With a SessionStore, Clear also gives the session a
// new id, as Renew does: what the view stores after Clear (a "logged out"
// message) lives under an id the old cookie does not name.
func (s *Session) Clear() {
	s.rotate()
	if len(s.vals) > 0 || s.hadCookie {
		clear(s.vals)
		s.changed()
	}
}

// Renew gives the session a new identity, keeping its values: call it when
// the user logs in or out, against session fixation. The CSRF token is
// replaced too (GenerateCSRF makes a new one). With a SessionStore the
// session gets a new id and the old one is deleted when the session is
// saved (and the values stored under the new id only if the old one was
// still stored: a session deleted meanwhile stays deleted); a cookie
// session is re-signed with a new timestamp.
func (s *Session) Renew() {
	s.rotate()
	s.changed()
	if s.c != nil {
		s.Delete(s.c.app.cfg.csrfFieldName())
		s.c.csrfToken = ""
	}
}

// rotate drops the stored session's id: the save deletes it and stores the
// values under a new one.
func (s *Session) rotate() {
	if s.id != "" && s.oldID == "" {
		s.oldID = s.id
	}
	s.id = ""
}

// changed marks the session to be saved; a change after the response
// headers were sent cannot reach the client and is logged.
func (s *Session) changed() {
	s.modified = true
	if s.saved && s.c != nil {
		s.c.app.log.Warn("fwk: session changed after the response headers were sent; the change is lost",
			"endpoint", s.c.endpoint(), "path", s.c.req.URL.Path)
	}
}

// Len returns the number of values in the session.
func (s *Session) Len() int { return len(s.vals) }

// Err returns why the session could not be loaded (ErrNoSecretKey, a
// SessionStore error), or nil.
func (s *Session) Err() error { return s.err }

// SessionValue returns the value under key as a T: a value set during this
// request is returned as it is when it is a T; a value stored as JSON by an
// earlier request is decoded into a T. ok is false when there is no such
// value or it is not a T.
//
//	cart, ok := fwk.SessionValue[[]Item](ctx.Session(), "cart")
func SessionValue[T any](s *Session, key string) (T, bool) {
	var zero T
	v, ok := s.vals[key]
	if !ok {
		return zero, false
	}
	if t, isT := v.(T); isT {
		return t, true
	}
	j, isJSON := v.(jsonValue)
	if !isJSON {
		return zero, false
	}
	var t T
	if err := json.Unmarshal([]byte(j), &t); err != nil {
		return zero, false
	}
	return t, true
}

// reset forgets the session of the last request, keeping its map.
func (s *Session) reset() {
	vals := s.vals
	clear(vals)
	*s = Session{vals: vals}
}
