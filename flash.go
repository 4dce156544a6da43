package fwk

import (
	"errors"
	"fmt"
	"mime"
	"slices"
	"strings"
)

// ErrNoSession is wrapped by the error of Ctx.Flash while no session is
// configured: flashed messages are kept in the session, which arrives with
// the session bundle.
var ErrNoSession = errors.New("no session configured (sessions arrive with the session bundle)")

// FlashMessage is one flashed message, as the template function flashes
// returns them.
type FlashMessage struct {
	// Category is the category given to Ctx.Flash, "" when none was given
	// (SPEC passes None through; it does not default to "message").
	Category string
	// Message is the text given to Ctx.Flash.
	Message string
}

// flashStore keeps flashed messages between requests. The session bundle
// provides one (App.flash); until then Flash reports ErrNoSession and the
// template function flashes returns no message.
type flashStore interface {
	// addFlash records m for the user of c.
	addFlash(c *Ctx, m FlashMessage) error
	// takeFlashes returns and forgets the messages recorded for the user of c.
	takeFlashes(c *Ctx) ([]FlashMessage, error)
}

// Flash flashes msg for the next page the user sees, with an optional
// category ("error", "info", ...; at most one). Following SPEC, it does
// nothing when FLASH_MESSAGES (Config.FlashMessages) is off or when the
// request is JSON (its Content-Type is application/json or a +json type).
//
// Flashed messages are kept in the session: until a session is configured,
// Flash returns an error wrapping ErrNoSession.
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
	if c.app.flash == nil {
		return fmt.Errorf("fwk: flash: %w", ErrNoSession)
	}
	m := FlashMessage{Message: msg}
	if len(category) == 1 {
		m.Category = category[0]
	}
	if err := c.app.flash.addFlash(c, m); err != nil {
		return fmt.Errorf("fwk: flash %q: %w", msg, err)
	}
	return nil
}

// Flashes returns the messages flashed for the user, read once: the first
// call of a request takes them from the session, later calls of the same
// request return the same messages. Given categories, only the messages of
// those categories are returned. Without a session there are none.
//
// Templates call it as flashes: {{range flashes}}{{.Message}}{{end}}, or
// {{range flashes "error"}}.
func (c *Ctx) Flashes(categories ...string) ([]FlashMessage, error) {
	if !c.flashesRead {
		c.flashesRead = true
		if c.app.flash != nil {
			ms, err := c.app.flash.takeFlashes(c)
			if err != nil {
				return nil, fmt.Errorf("fwk: flashes: %w", err)
			}
			c.flashes = ms
		}
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
// (application/json or application/<x>+json), like Flask's request.is_json.
func isJSONRequest(contentType string) bool {
	if contentType == "" {
		return false
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")
}
