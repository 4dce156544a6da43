package fwk

import (
	"fmt"

	"github.com/fwkgo/fwk/internal/suggest"
)

// Renders declares the templates a view renders, by the names it gives
// Ctx.Render ("index", resolved as Render resolves it for that view:
// "site/index.html"). fwk.New fails, wrapping ErrTemplateNotFound and
// naming the nearest template a bundle holds, when one of them is
// missing: a typo in a view's template name is found at start-up, not by
// the first request that renders it.
//
//	fwk.View(c.Index, "/", fwk.Renders("index")),
//	...
//	func (c *SiteController) Index(ctx *fwk.Ctx) error { return ctx.Render("index") }
//
// Names the view builds at run time are checked when rendered, as without
// Renders.
func Renders(names ...string) ViewOption {
	return func(r *Route) {
		changeCopy(&r.doc, func(d *opDoc) { d.renders = append(d.renders[:len(d.renders):len(d.renders)], names...) })
	}
}

// checkRenders fails when a template r declares with Renders is missing.
func (a *App) checkRenders(r *Route) error {
	if r.doc == nil {
		return nil
	}
	for _, name := range r.doc.renders {
		full := a.templateName(r, name)
		set := a.tmpl.setFor(full)
		if set == nil {
			return fmt.Errorf("fwk.Renders(%q): %w: the app has no templates (no bundle has Templates)", name, ErrTemplateNotFound)
		}
		if set.Has(full) {
			continue
		}
		return fmt.Errorf("fwk.Renders(%q): template %q: %w%s", name, full, ErrTemplateNotFound,
			suggest.Hint(full, set.Names()))
	}
	return nil
}
