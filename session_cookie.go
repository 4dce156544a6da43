package fwk

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// maxCookieSize is the largest Set-Cookie value (name, value and
// attributes) a session may need: RFC 6265 only obliges browsers to keep
// 4096 bytes, and they drop larger cookies silently.
const maxCookieSize = 4096

// maxClockSkew is how far in the future a cookie's timestamp may be.
const maxClockSkew = 5 * time.Minute

// ErrSessionTooLarge is wrapped by the error of a session whose cookie
// would exceed 4096 bytes: the request fails with a logged 500 rather than
// sending a cookie the browser would drop. Keep sessions small, or use a
// SessionStore.
var ErrSessionTooLarge = errors.New("session cookie larger than 4096 bytes")

// sessions is the session configuration of an App, built by New.
type sessions struct {
	signer  *signer // nil without SECRET_KEY
	name    string
	context []byte // the cookie name, bound into the MAC
	// attrs ("; Max-Age=…; Path=/; HttpOnly…") and deletion (the
	// Set-Cookie value that deletes the cookie) of a plain http request [0]
	// and an https one [1] (see Config.SessionCookieSecure).
	attrs    [2]string
	deletion [2]string
	lifetime time.Duration
	store    SessionStore
	now      func() time.Time
}

// initSessions builds a.sess from the configuration and the services.
func (a *App) initSessions() error {
	cfg := a.cfg
	sc := &a.sess
	sc.name = cfg.sessionCookieName() // a valid name: Config.validate (checkCookieName)
	sc.context = []byte(sc.name)
	sc.lifetime = cfg.sessionLifetime()
	sc.now = time.Now
	always, perRequest := cfg.sessionCookieSecure()
	for i, secure := range [2]bool{always, perRequest} {
		attrs := "; Path=/; HttpOnly"
		if secure {
			attrs += "; Secure"
		}
		if ss := sameSiteName(cfg.SessionCookieSameSite); ss != "" {
			attrs += "; SameSite=" + ss
		}
		sc.attrs[i] = "; Max-Age=" + strconv.FormatInt(int64(sc.lifetime/time.Second), 10) + attrs
		sc.deletion[i] = sc.name + "=; Max-Age=0" + attrs
	}
	var stores []SessionStore
	for _, s := range a.services {
		if st, ok := s.(SessionStore); ok {
			stores = append(stores, st)
		}
	}
	if len(stores) > 1 {
		return &StartupError{What: "service", Culprit: "SessionStore",
			Err: fmt.Errorf("%w: %d services implement fwk.SessionStore", ErrAmbiguousService, len(stores))}
	}
	if len(stores) == 1 {
		sc.store = stores[0]
		if err := cfg.requireSecretKey("a SessionStore service is installed"); err != nil {
			return err
		}
	}
	a.warnWeakKeys()
	if cfg.SecretKey != "" {
		sc.signer = newSigner("session", append([]string{cfg.SecretKey}, cfg.SecretKeyFallbacks...)...)
	}
	return nil
}

// validCookieName reports whether name is an RFC 6265 token.
func validCookieName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		if b <= ' ' || b >= 0x7f || strings.IndexByte("()<>@,;:\\\"/[]?={}", b) >= 0 {
			return false
		}
	}
	return true
}

// errNoKey is the error of a feature used without SECRET_KEY.
func errNoKey(what string) error {
	return fmt.Errorf("fwk: %s: %w: %w", what, ErrNoSession, ErrNoSecretKey)
}

// cookieValue finds the cookie name in the Cookie header lines and returns
// its value and how many cookies of that name there are. It does not
// allocate.
func cookieValue(lines []string, name string) (value string, n int) {
	for _, line := range lines {
		for line != "" {
			var part string
			part, line, _ = strings.Cut(line, ";")
			part = strings.TrimSpace(part)
			if len(part) > len(name) && part[len(name)] == '=' && part[:len(name)] == name {
				value = part[len(name)+1:]
				if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
					value = value[1 : len(value)-1]
				}
				n++
			}
		}
	}
	return value, n
}

// loadSession loads the session of c from its cookie (and its store).
func (c *Ctx) loadSession() {
	s := &c.sess
	s.loaded, s.c = true, c
	sc := &c.app.sess
	if sc.signer == nil {
		s.err = errNoKey("session")
		return
	}
	raw, n := cookieValue(c.req.Header["Cookie"], sc.name)
	if n == 0 {
		return
	}
	s.hadCookie = true
	payload, key, why := c.openCookie(raw, n)
	if why != "" {
		c.app.log.Debug("fwk: session cookie ignored", "reason", why, "path", c.req.URL.Path)
		return
	}
	if key > 0 {
		s.modified = true // verified by a fallback key: sign again with the current one
	}
	if sc.store != nil {
		c.loadStored(payload)
		return
	}
	if s.vals == nil {
		s.vals = make(map[string]any, 4)
	}
	if err := decodeValues(payload, s.vals); err != nil {
		clear(s.vals)
		c.app.log.Debug("fwk: session cookie ignored", "reason", err.Error(), "path", c.req.URL.Path)
	}
}

// openCookie verifies the cookie value raw and returns its payload and the
// index of the key that signed it, or why it is refused.
func (c *Ctx) openCookie(raw string, n int) (payload string, key int, why string) {
	sc := &c.app.sess
	switch {
	case n > 1:
		return "", 0, "several cookies with the session's name"
	case len(raw) > maxCookieSize:
		return "", 0, "cookie larger than 4096 bytes"
	}
	c.sbuf = append(c.sbuf[:0], raw...)
	text, key, ok := sc.signer.verify(c.sbuf, sc.context, c.mac[:])
	if !ok {
		return "", 0, "bad signature"
	}
	body, err := b64.AppendDecode(c.sbuf2[:0], text)
	c.sbuf2 = body[:0]
	if err != nil || len(body) < 8 {
		return "", 0, "malformed body" // signed by us: a bug or an old format
	}
	issued := time.Unix(int64(binary.BigEndian.Uint64(body)), 0)
	now := sc.now()
	switch {
	case issued.After(now.Add(maxClockSkew)):
		return "", 0, "timestamp in the future"
	case now.Sub(issued) > sc.lifetime:
		return "", 0, "expired"
	}
	return string(body[8:]), key, ""
}

// loadStored loads the session whose id the cookie holds from the store.
func (c *Ctx) loadStored(id string) {
	s, sc := &c.sess, &c.app.sess
	data, found, err := sc.store.Load(c.req.Context(), id)
	if err != nil {
		s.err = fmt.Errorf("fwk: session store: load: %w", err)
		return
	}
	if !found {
		return // expired or deleted: a new id is issued on save
	}
	s.id = id
	if s.vals == nil {
		s.vals = make(map[string]any, 4)
	}
	if err := decodeValues(string(data), s.vals); err != nil {
		clear(s.vals)
		c.app.log.Warn("fwk: stored session does not decode; starting a new one", "error", err)
	}
}

// saveSession saves the session if it was loaded and modified: the
// Set-Cookie header (and the store). It runs once per request.
func (c *Ctx) saveSession() error {
	s := &c.sess
	if !s.loaded || s.saved {
		return nil
	}
	s.saved = true
	h := c.rw.Header()
	h["Vary"] = append(h["Vary"], "Cookie")
	if s.err != nil {
		return s.err
	}
	if !s.modified {
		return nil
	}
	if c.app.sess.store != nil {
		return c.saveStored()
	}
	if len(s.vals) == 0 {
		c.deleteSessionCookie()
		return nil
	}
	body, err := encodeValues(c.appendTimestamp(c.sbuf2[:0]), s.vals)
	c.sbuf2 = body[:0]
	if err != nil {
		return fmt.Errorf("fwk: session: %w", err)
	}
	return c.setSessionCookie(body)
}

// appendTimestamp appends the issue time of a cookie.
func (c *Ctx) appendTimestamp(dst []byte) []byte {
	return binary.BigEndian.AppendUint64(dst, uint64(c.app.sess.now().Unix()))
}

// deleteSessionCookie tells the browser to drop the cookie it sent.
func (c *Ctx) deleteSessionCookie() {
	if c.sess.hadCookie {
		h := c.rw.Header()
		h["Set-Cookie"] = append(h["Set-Cookie"], c.app.sess.deletion[c.cookieKind()])
	}
}

// cookieKind indexes sessions.attrs: 1 for a request that came over https
// (RequestInfo.Scheme), 0 for another.
func (c *Ctx) cookieKind() int {
	if isHTTPS(c.req) {
		return 1
	}
	return 0
}

// setSessionCookie signs body into the Set-Cookie header.
func (c *Ctx) setSessionCookie(body []byte) error {
	sc := &c.app.sess
	text := b64.AppendEncode(c.sbuf[:0], body)
	hdr := append(c.sbuf3[:0], sc.name...)
	hdr = append(hdr, '=')
	hdr = sc.signer.sign(hdr, c.mac[:], sc.context, text)
	hdr = append(hdr, sc.attrs[c.cookieKind()]...)
	c.sbuf, c.sbuf3 = text[:0], hdr[:0]
	if len(hdr) > maxCookieSize {
		return fmt.Errorf("fwk: session: %w: %d bytes", ErrSessionTooLarge, len(hdr))
	}
	h := c.rw.Header()
	h["Set-Cookie"] = append(h["Set-Cookie"], string(hdr))
	return nil
}

// saveStored saves a session kept in the SessionStore.
func (c *Ctx) saveStored() error {
	s := &c.sess
	if len(s.vals) == 0 {
		return c.deleteStored()
	}
	data, err := encodeValues(c.sbuf2[:0], s.vals)
	c.sbuf2 = data[:0]
	if err != nil {
		return fmt.Errorf("fwk: session: %w", err)
	}
	if stored, err := c.storeValues(data); err != nil || !stored {
		if err == nil {
			c.app.log.Debug("fwk: session deleted while the request ran; its changes are dropped", "path", c.req.URL.Path)
			c.deleteSessionCookie()
		}
		return err
	}
	body := append(c.appendTimestamp(c.sbuf2[:0]), s.id...)
	c.sbuf2 = body[:0]
	return c.setSessionCookie(body)
}

// deleteStored deletes an emptied session: its stored ids and its cookie.
func (c *Ctx) deleteStored() error {
	s, sc := &c.sess, &c.app.sess
	for _, id := range [...]string{s.oldID, s.id} {
		if id == "" {
			continue
		}
		if err := sc.store.Delete(c.req.Context(), id); err != nil {
			return fmt.Errorf("fwk: session store: delete: %w", err)
		}
	}
	c.deleteSessionCookie()
	return nil
}

// storeValues stores the encoded session: a new session under a new id; a
// loaded one only if it is still stored (SessionStore.Update), and a
// renewed or cleared one moves to a new id only if its old id still is.
// stored is false when the session was deleted since this request loaded
// it: the delete wins and nothing is stored.
func (c *Ctx) storeValues(data []byte) (stored bool, err error) {
	s, sc := &c.sess, &c.app.sess
	ctx, expiry := c.req.Context(), sc.now().Add(sc.lifetime)
	if s.id != "" {
		found, err := sc.store.Update(ctx, s.id, data, expiry)
		if err != nil {
			return false, fmt.Errorf("fwk: session store: update: %w", err)
		}
		return found, nil
	}
	if s.oldID != "" {
		// Empty the old session if it is still stored (never giving its
		// id the new values, which a planted copy of the old cookie would
		// read), then delete it.
		found, err := sc.store.Update(ctx, s.oldID, []byte{}, expiry)
		if err == nil {
			err = sc.store.Delete(ctx, s.oldID)
		}
		if err != nil {
			return false, fmt.Errorf("fwk: session store: renew: %w", err)
		}
		if !found {
			return false, nil
		}
	}
	s.id = newSessionID()
	if err := sc.store.Save(ctx, s.id, data, expiry); err != nil {
		return false, fmt.Errorf("fwk: session store: save: %w", err)
	}
	return true, nil
}

// newSessionID returns 256 random bits as 43 URL-safe characters.
func newSessionID() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return b64.EncodeToString(b[:])
}
