package fwk

// The member views of a model resource and Create: what each does, in
// order, is in the comment of each method. A write conditioned by the
// client (If-Match) is checked by the store atomically with the write; a
// Put or Patch without If-Match is conditioned all the same on the version
// it read, and tried again on a race, so that no concurrent write is lost
// by being overwritten with stale fields.

import (
	"errors"
	"net/http"
	"reflect"
)

// writeTries bounds the read-modify-write rounds of an unconditional Put or
// Patch that keeps losing races.
const writeTries = 8

// Get answers the model the URL names: 200 {"<model>": {...}} with its
// ETag, 304 when If-None-Match lists that ETag, 404 when there is none.
func (r *ModelResource[T]) Get(ctx *Ctx) error {
	p, key, err := memberOf[T](ctx)
	if err != nil {
		return err
	}
	m, version, err := r.Store.Get(storeCtx(ctx), key)
	if err != nil {
		return p.modelError(err)
	}
	setETag(ctx, version)
	if notModified(ctx, version) {
		ctx.w.WriteHeader(http.StatusNotModified)
		return nil
	}
	return writeWrapped(ctx, http.StatusOK, p.one, m, "}\n")
}

// Create reads a new model from the body (CreateInput, or the model's
// writable fields), sets the parents' ids of a subresource, validates it
// (422 per field) and stores it: 201 {"<model>": {...}} with its ETag and
// Location; 409 naming the field when a unique value is taken.
func (r *ModelResource[T]) Create(ctx *Ctx) error {
	p, err := routeOf[T](ctx)
	if err != nil {
		return err
	}
	in, err := p.create.decode(ctx)
	if err != nil {
		return err
	}
	m := new(T)
	p.create.apply(reflect.ValueOf(m), in)
	if err := p.setScope(ctx, m); err != nil {
		return err
	}
	if err := ctx.app.validateValue(reflect.ValueOf(m), jsonNames); err != nil {
		return err
	}
	version, err := r.Store.Create(storeCtx(ctx), m)
	if err != nil {
		return p.modelError(err)
	}
	setETag(ctx, version)
	if loc := p.location(ctx, m); loc != "" {
		ctx.w.Header()["Location"] = []string{loc}
	}
	return writeWrapped(ctx, http.StatusCreated, p.one, m, "}\n")
}

// location is the URL of the new model m (its Get view), or "" when the
// resource routes no Get.
func (p *modelRoute[T]) location(c *Ctx, m *T) string {
	args := make([]any, 0, 2+2*len(p.scope))
	for _, sp := range p.scope {
		args = append(args, sp.name, c.Param(sp.name))
	}
	name := "id"
	if mp, ok := memberParam(c.view.route.resource().memberParam); ok {
		name = mp.Name
	}
	args = append(args, name, p.info.id.of(reflect.ValueOf(m).Elem()).Interface())
	u, err := c.URLFor("Get", args...)
	if err != nil {
		return ""
	}
	return u
}

// Put replaces the writable fields of the model the URL names with the
// body's (UpdateInput, or the model's writable fields; those the body
// leaves out become zero), keeps the read-only ones, validates the result
// and stores it if the model is unchanged since read: 200 {"<model>":
// {...}} with the new ETag; 412 when If-Match does not hold.
func (r *ModelResource[T]) Put(ctx *Ctx) error {
	p, err := routeOf[T](ctx)
	if err != nil {
		return err
	}
	in, err := p.update.decode(ctx)
	if err != nil {
		return err
	}
	return p.write(ctx, func(cur *T) (*T, error) {
		m := new(T)
		*m = *cur
		p.update.apply(reflect.ValueOf(m), in)
		return m, nil
	})
}

// write runs a read-modify-write of the member the URL names: it reads the
// model, checks If-Match, makes the new model with change, restores its ID
// and scope, validates it and updates it on the condition of the version
// read, again when another write came first and the client set no
// If-Match.
func (p *modelRoute[T]) write(c *Ctx, change func(cur *T) (*T, error)) error {
	key, err := p.key(c)
	if err != nil {
		return err
	}
	im, err := p.readIfMatch(c)
	if err != nil {
		return err
	}
	for try := 1; ; try++ {
		cur, version, err := p.res.Store.Get(storeCtx(c), key)
		if err != nil {
			return p.modelError(err)
		}
		if !im.holds(version) {
			return errPrecondition(nil)
		}
		m, err := change(cur)
		if err != nil {
			return err
		}
		p.keepIdentity(m, cur)
		if err := c.app.validateValue(reflect.ValueOf(m), jsonNames); err != nil {
			return err
		}
		next, err := p.res.Store.Update(storeCtx(c), key, m, version)
		if errors.Is(err, ErrPreconditionFailed) && !im.present && try < writeTries {
			continue // another write came between the read and this one
		}
		if err != nil {
			return p.modelError(err)
		}
		setETag(c, next)
		return writeWrapped(c, http.StatusOK, p.one, m, "}\n")
	}
}

// keepIdentity gives m the read-only fields of cur: the ID, CreatedAt,
// UpdatedAt, `fwk:"readonly"` fields and the parents' ids.
func (p *modelRoute[T]) keepIdentity(m, cur *T) {
	mv, cv := reflect.ValueOf(m).Elem(), reflect.ValueOf(cur).Elem()
	for _, f := range p.info.fields {
		if f.readOnly {
			f.of(mv).Set(f.of(cv))
		}
	}
	for _, sp := range p.scope {
		sp.field.of(mv).Set(sp.field.of(cv))
	}
}

// Delete removes the model the URL names: 204; 404 when there is none, 412
// when If-Match does not hold.
func (r *ModelResource[T]) Delete(ctx *Ctx) error {
	p, key, err := memberOf[T](ctx)
	if err != nil {
		return err
	}
	im, err := p.readIfMatch(ctx)
	if err != nil {
		return err
	}
	version := im.single
	if im.present && version == "" { // "*" or a list: read the version to check
		_, cur, err := r.Store.Get(storeCtx(ctx), key)
		if err != nil {
			return p.modelError(err)
		}
		if !im.holds(cur) {
			return errPrecondition(nil)
		}
		version = cur
	}
	if err := r.Store.Delete(storeCtx(ctx), key, version); err != nil {
		return p.modelError(err)
	}
	return ctx.NoContent()
}
