package fwk

// Lists of a model resource. The query string says which page:
//
//	key       value                          default
//	limit     page size, 1 to MaxLimit       ModelMeta.Limit (20); more is cut to MaxLimit (100)
//	cursor    the next page's cursor         the first page
//	sort      -created_at,title              ModelMeta.DefaultSort, else by ID
//	<filter>  a value of a declared filter   all models; repeated: any of the values
//
// Any other key, a sort field not declared, or a value that does not
// convert to its field's type is a 422 naming it. The answer is
// {"<models>": [...], "next": "<url of the next page>" or null}, with the
// same URL in a Link header, rel="next" (RFC 8288).

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Query keys of lists with a meaning of their own.
const (
	queryLimit  = "limit"
	queryCursor = "cursor"
	querySort   = "sort"
)

// List answers a page of the models in scope: 200 {"<models>": [...],
// "next": url or null} and, when there is a next page, a Link header to it.
func (r *ModelResource[T]) List(ctx *Ctx) error {
	p, err := routeOf[T](ctx)
	if err != nil {
		return err
	}
	vals := ctx.req.URL.Query()
	q, err := p.listQuery(vals)
	if err != nil {
		return err
	}
	if q.Scope, err = p.scopeFilters(ctx); err != nil {
		return err
	}
	page, err := r.Store.List(storeCtx(ctx), q)
	if err != nil {
		return p.modelError(err)
	}
	items := page.Items
	if items == nil {
		items = []T{}
	}
	end := `,"next":null}` + "\n"
	if page.Next != "" {
		u := p.nextURL(ctx, vals, page.Next)
		ctx.w.Header()["Link"] = []string{"<" + u + `>; rel="next"`}
		q, _ := json.Marshal(u) // a string always encodes
		end = `,"next":` + string(q) + "}\n"
	}
	return writeWrapped(ctx, http.StatusOK, p.many, items, end)
}

// listQuery reads the page, order and filters of the query string.
func (p *modelRoute[T]) listQuery(vals url.Values) (Query, error) {
	q := Query{Limit: p.limit, Sort: p.sort}
	bad := map[string][]string{}
	for key, vs := range vals {
		switch key {
		case queryLimit:
			n, err := strconv.Atoi(strings.TrimSpace(vs[0]))
			if err != nil || n < 1 {
				bad[key] = []string{"Must be a whole number of at least 1."}
				continue
			}
			q.Limit = min(n, p.maxLimit)
		case queryCursor:
			q.Cursor = vs[0]
		case querySort:
			s, err := parseSort(p.info, strings.Join(vs, ","), p.sortable)
			if err != nil {
				bad[key] = []string{p.sortMessage(err)}
				continue
			}
			q.Sort = s
		default:
			f, msg := p.filter(key, vs)
			if msg != "" {
				bad[key] = []string{msg}
				continue
			}
			q.Filters = append(q.Filters, f)
		}
	}
	if len(bad) > 0 {
		return q, &ValidationError{Fields: bad}
	}
	return q, nil
}

// sortMessage says what is wrong with ?sort= and what it may name.
func (p *modelRoute[T]) sortMessage(err error) string {
	if len(p.meta.Sort) == 0 {
		return fmt.Sprintf("Not sortable: %v.", err)
	}
	return fmt.Sprintf("%s; sort by %s, with - before a field for descending order.",
		capitalize(err.Error()), strings.Join(p.meta.Sort, ", "))
}

// filter returns the filter of the query key with values vs, or the
// message saying why there is none.
func (p *modelRoute[T]) filter(key string, vs []string) (Filter, string) {
	lf := p.filters[key]
	if lf == nil {
		if len(p.meta.Filters) == 0 {
			return Filter{}, "Unknown query parameter: this list has no filters."
		}
		return Filter{}, fmt.Sprintf("Unknown filter; filter on %s.", strings.Join(p.meta.Filters, ", "))
	}
	f := Filter{Field: lf.field.name, Values: make([]any, 0, len(vs))}
	for _, s := range vs {
		x, err := lf.conv(s)
		if err != nil {
			return Filter{}, fmt.Sprintf("Not a valid value for %s: %q.", key, s)
		}
		f.Values = append(f.Values, x.Interface())
	}
	return f, ""
}

// capitalize upper-cases the first letter of an ASCII message.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// nextURL is the URL of the next page: the request's path (under the app's
// script root) with its query, the cursor replaced.
func (p *modelRoute[T]) nextURL(c *Ctx, vals url.Values, cursor string) string {
	vals.Set(queryCursor, cursor)
	path := c.req.URL.EscapedPath()
	if u, err := c.URLFor(c.view.endpoint, p.urlArgs(c)...); err == nil {
		path = u
	}
	return path + "?" + vals.Encode()
}

// urlArgs are the URL params of the request, as URLFor arguments.
func (p *modelRoute[T]) urlArgs(c *Ctx) []any {
	out := make([]any, 0, 2*len(p.scope))
	for _, sp := range p.scope {
		out = append(out, sp.name, c.Param(sp.name))
	}
	return out
}
