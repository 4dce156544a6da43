package fwk

// The plan of one route of a model resource, made when the route is
// registered: which URL param holds the member id and which hold the
// parents' ids (the scope of a subresource), what the options of the
// resource's ModelMeta resolve to. The views read it from their Ctx.

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/internal/textconv"
	"github.com/fwkgo/fwk/naming"
)

// modelRoute is the plan of one route of a ModelResource[T].
type modelRoute[T any] struct {
	res      *ModelResource[T]
	info     *modelInfo
	meta     *ModelMeta // never nil
	singular string     // payload keys
	plural   string
	one      []byte       // {"<singular>":
	many     []byte       // {"<plural>":
	member   *routeParam  // the member id, nil on collection routes
	scope    []routeParam // the parents' ids
	filters  map[string]*listFilter
	sortable map[string]*modelField
	sort     []Sort // the default order, ending with the ID
	limit    int
	maxLimit int
	create   *inputPlan
	update   *inputPlan
}

// routeParam is a URL param whose value fills a field of the model.
type routeParam struct {
	name  string
	field *modelField
	conv  func(*Ctx, string) (reflect.Value, error)
	// ints is the param's place where the router keeps the number of an
	// <int:...> param, when the field is an int64; else -1.
	ints int
}

// value returns the param's value of the request, of the field's type.
func (rp *routeParam) value(c *Ctx) (any, error) {
	if n, ok := c.match.Params.IntAt(rp.ints); ok {
		return n, nil
	}
	x, err := rp.conv(c, c.Param(rp.name))
	if err != nil {
		return nil, notFoundParam(rp.name, err)
	}
	return x.Interface(), nil
}

// newRouteParam returns the route param up filling field f.
func newRouteParam(up *urlParam, f *modelField) (routeParam, error) {
	conv, err := up.argConv(elemType(f.typ))
	if err != nil {
		return routeParam{}, err
	}
	rp := routeParam{name: up.name, field: f, conv: conv, ints: -1}
	if f.typ == int64Type && up.typ == int64Type {
		rp.ints = up.idx
	}
	return rp, nil
}

// listFilter is a declared filter: its field and the conversion of its
// query values.
type listFilter struct {
	field *modelField
	conv  textconv.Func
}

// bindModelRoute makes the plan of the route of v and keeps it in v.model.
func (r *ModelResource[T]) bindModelRoute(v *view) error {
	info, err := modelInfoOf(reflect.TypeFor[T]())
	if err != nil {
		return err
	}
	if r.Store == nil {
		return fmt.Errorf("%w: %s has no Store: set its Store field or list a fwk.Store[%s] in a bundle's Services",
			ErrMissingService, viewName(v.route), info.typ)
	}
	if se, ok := r.Store.(interface{ storeError() error }); ok && se.storeError() != nil {
		return se.storeError()
	}
	p := &modelRoute[T]{res: r, info: info, meta: &ModelMeta{}, singular: modelKey(info.typ)}
	p.plural = naming.Pluralize(p.singular)
	p.one, p.many = objectStart(p.singular), objectStart(p.plural)
	if v.route.meta != nil && v.route.meta.Model != nil {
		p.meta = v.route.meta.Model
	}
	if err := p.bindParams(v); err != nil {
		return err
	}
	if err := p.bindOptions(); err != nil {
		return err
	}
	v.model = p
	return nil
}

// bindParams finds the member param and the scope params of v's rule.
func (p *modelRoute[T]) bindParams(v *view) error {
	rs := v.route.resource()
	memberName := ""
	if rs.isMemberMethod || v.route.isMember {
		memberName = paramName(rs.memberParam)
	}
	for i := range v.params {
		up := &v.params[i]
		if up.conv == nil {
			continue // a default, not in the URL
		}
		if up.name == memberName {
			rp, err := newRouteParam(up, p.info.id)
			if err != nil {
				return fmt.Errorf("member param %s does not fit the ID of %v: %w", up.spec(), p.info.typ, err)
			}
			p.member = &rp
			continue
		}
		f := p.info.paramField(up.name)
		if f == nil {
			return fmt.Errorf("URL param %q scopes %v, which has no field for it: add one (JSON name %q)",
				up.name, p.info.typ, up.name)
		}
		rp, err := newRouteParam(up, f)
		if err != nil {
			return fmt.Errorf("URL param %s does not fit %v.%s: %w", up.spec(), p.info.typ, f.name, err)
		}
		p.scope = append(p.scope, rp)
	}
	return nil
}

// elemType is t, or what it points to.
func elemType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// bindOptions resolves the list and body options of the ModelMeta (checked
// by checkModelMeta at inspection).
func (p *modelRoute[T]) bindOptions() error {
	m := p.meta
	p.limit, p.maxLimit = m.Limit, m.MaxLimit
	if p.maxLimit == 0 {
		p.maxLimit = max(100, p.limit)
	}
	if p.limit == 0 {
		p.limit = min(20, p.maxLimit)
	}
	p.filters = map[string]*listFilter{}
	for _, name := range m.Filters {
		f := p.info.byJSON[name]
		conv, err := textconv.For(elemType(f.typ))
		if err != nil {
			return fmt.Errorf("filter %q: %w", name, err)
		}
		p.filters[name] = &listFilter{field: f, conv: conv}
	}
	p.sortable = map[string]*modelField{}
	for _, name := range m.Sort {
		p.sortable[name] = p.info.byJSON[name]
	}
	var err error
	if p.sort, err = parseSort(p.info, m.DefaultSort, nil); err != nil {
		return err
	}
	if p.create, err = newInputPlan(p.info, m.CreateInput); err != nil {
		return err
	}
	p.update, err = newInputPlan(p.info, m.UpdateInput)
	return err
}

// parseSort parses "-created_at,title" into the order it says, ending with
// the ID ascending unless the ID is in it. allowed, when not nil, lists the
// fields it may name (else any field of the model).
func parseSort(info *modelInfo, s string, allowed map[string]*modelField) ([]Sort, error) {
	var out []Sort
	hasID := false
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, desc := strings.CutPrefix(part, "-")
		var f *modelField
		if allowed != nil {
			f = allowed[name]
		} else {
			f = info.byJSON[name]
		}
		if f == nil {
			return nil, fmt.Errorf("unknown sort field %q", name)
		}
		hasID = hasID || f == info.id
		out = append(out, Sort{Field: f.name, Desc: desc})
	}
	if !hasID {
		out = append(out, Sort{Field: info.id.name})
	}
	return out, nil
}

// routeOf returns the plan of the route serving c, for a view of a
// ModelResource[T].
func routeOf[T any](c *Ctx) (*modelRoute[T], error) {
	if c.view != nil {
		if p, ok := c.view.model.(*modelRoute[T]); ok {
			return p, nil
		}
	}
	var t T
	return nil, fmt.Errorf("fwk: ModelResource[%T] called from a view that is not a route of a model resource of %T", t, t)
}

// memberOf returns the plan of the route serving c and the Key of the
// member its URL names.
func memberOf[T any](c *Ctx) (*modelRoute[T], Key, error) {
	p, err := routeOf[T](c)
	if err != nil {
		return nil, Key{}, err
	}
	key, err := p.key(c)
	return p, key, err
}

// scopeFilters returns the parents' ids of the request as filters.
func (p *modelRoute[T]) scopeFilters(c *Ctx) ([]Filter, error) {
	if len(p.scope) == 0 {
		return nil, nil
	}
	out := make([]Filter, len(p.scope))
	for i := range p.scope {
		x, err := p.scope[i].value(c)
		if err != nil {
			return nil, err
		}
		out[i] = Filter{Field: p.scope[i].field.name, Values: []any{x}}
	}
	return out, nil
}

// key returns the Key of the member the request names.
func (p *modelRoute[T]) key(c *Ctx) (Key, error) {
	var k Key
	if p.member == nil {
		return k, fmt.Errorf("fwk: %s is not a member route: it has no id", c.endpoint())
	}
	x, err := p.member.value(c)
	if err != nil {
		return k, err
	}
	k.ID = x
	k.Scope, err = p.scopeFilters(c)
	return k, err
}

// notFoundParam is the 404 of a URL param whose value does not convert.
func notFoundParam(name string, err error) error {
	if isHTTPError(err) {
		return err
	}
	return &HTTPError{Status: 404, Message: "Not Found", err: fmt.Errorf("fwk: URL param %s: %w", name, err)}
}

// setScope writes the parents' ids into the new model m.
func (p *modelRoute[T]) setScope(c *Ctx, m *T) error {
	sv := reflect.ValueOf(m).Elem()
	for i := range p.scope {
		sp := &p.scope[i]
		v, err := sp.value(c)
		if err != nil {
			return err
		}
		x := reflect.ValueOf(v)
		fv := sp.field.of(sv)
		if fv.Kind() == reflect.Pointer && x.Kind() != reflect.Pointer {
			ptr := reflect.New(fv.Type().Elem())
			ptr.Elem().Set(x)
			x = ptr
		}
		fv.Set(x)
	}
	return nil
}

// storeCtx returns the request's context, for the store.
func storeCtx(c *Ctx) context.Context { return c.req.Context() }
