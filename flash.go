package fwk

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrNoSession is wrapped (with ErrNoSecretKey) by the errors of Ctx.Flash,
// Ctx.Session and GenerateCSRF while no SECRET_KEY is configured: there is
// no session to keep their data in.
var ErrNoSession = errors.New("no session available")

// ErrFlashLimit is wrapped by the error of Ctx.Flash when the pending
// messages would exceed maxFlashes messages or maxFlashBytes bytes, so that
// flashes cannot push the session cookie over its size limit.
var ErrFlashLimit = errors.New("too many flashed messages pending")

// Limits of the messages pending in one session.
const (
	maxFlashes    = 16
	maxFlashBytes = 2048
)

// flashKey is the session key of the pending messages (Flask's).
const flashKey = "_flashes"

// FlashMessage is one flashed message, as the template function flashes
// returns them.
type FlashMessage struct {
	// Category is the category given to Ctx.Flash, "" when none was given
	// (Flask-Unchained passes None through; it does not default to "message").
	Category string
	// Message is the text given to Ctx.Flash.
	Message string
}

// Flash flashes msg for the next page the user sees, with an optional category
// ("error", "info", ...; at most one). Following Flask-Unchained, it does
// nothing when FLASH_MESSAGES (Config.FlashMessages) is off or when the request
// is JSON (its Content-Type is application/json or a +json type).
//
// Flashed messages are kept in the session, read once: without a
// SECRET_KEY, Flash returns an error wrapping ErrNoSecretKey. At most 16
// messages (2048 bytes) may be pending; beyond that Flash returns an error
// wrapping ErrFlashLimit.
//
//	if err := ctx.Flash("Saved.", "success"); err != nil {
//		return err
//	}
func (c *Ctx) Flash(msg string, category ...string) error {
	if len(category) > 1 {
		return fmt.Errorf("fwk: flash %q: at most one category, got %d", msg, len(category))
	}
	if !c.app.cfg.FlashMessages || isJSONRequest(c.req.Header.Get("Content-Type")) {
		return nil
	}
	m := FlashMessage{Message: msg}
	if len(category) == 1 {
		m.Category = category[0]
	}
	s := c.Session()
	if s.err != nil {
		return fmt.Errorf("fwk: flash %q: %w", msg, s.err)
	}
	pending, _ := s.vals[flashKey].([]FlashMessage)
	size := len(m.Category) + len(m.Message)
	for _, p := range pending {
		size += len(p.Category) + len(p.Message)
	}
	if len(pending) >= maxFlashes || size > maxFlashBytes {
		return fmt.Errorf("fwk: flash %q: %w (%d messages, %d bytes pending; limits %d, %d)",
			msg, ErrFlashLimit, len(pending), size-len(m.Category)-len(m.Message), maxFlashes, maxFlashBytes)
	}
	s.Set(flashKey, append(pending[:len(pending):len(pending)], m))
	return nil
}

// takeFlashes returns and removes the messages pending in the session.
// Without a SECRET_KEY there can be none, and the session is not touched.
func (c *Ctx) takeFlashes() ([]FlashMessage, error) {
	if c.app.sess.signer == nil {
		return nil, nil
	}
	s := c.Session()
	if s.err != nil {
		return nil, s.err
	}
	ms, _ := s.vals[flashKey].([]FlashMessage)
	s.Delete(flashKey)
	return ms, nil
}

// Flashes returns the messages flashed for the user, read once: the first
// call of a request takes them from the session, later calls of the same
// request return the same messages. Given categories, only the messages of
// those categories are returned (the others are consumed too, as in Flask).
// Without a SECRET_KEY there are none.
//
// Templates call it as flashes: {{range flashes}}{{.Message}}{{end}}, or
// {{range flashes "error"}}.
func (c *Ctx) Flashes(categories ...string) ([]FlashMessage, error) {
	if !c.flashesRead {
		c.flashesRead = true
		ms, err := c.takeFlashes()
		if err != nil {
			return nil, fmt.Errorf("fwk: flashes: %w", err)
		}
		c.flashes = ms
	}
	if len(categories) == 0 {
		return c.flashes, nil
	}
	var out []FlashMessage
	for _, m := range c.flashes {
		if slices.Contains(categories, m.Category) {
			out = append(out, m)
		}
	}
	return out, nil
}

// isJSONRequest reports whether a Content-Type header names JSON
// (application/json or application/<x>+json, any case, parameters ignored),
// like Flask's request.is_json. Ctx.Bind chooses its decoder with the same
// test (contentKind).
func isJSONRequest(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.TrimSpace(mt)
	return strings.EqualFold(mt, "application/json") || isJSONSuffixType(mt)
}
