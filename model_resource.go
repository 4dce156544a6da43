package fwk

// Model resources: the API bundle's ModelResource of Flask-Unchained, a
// resource over the models of one type kept in a Store. Embedding
// ModelResource[T] gives a resource its six CRUD views; the model type
// gives the rest:
//
//	type Article struct {
//		ID    int64  `json:"id"`
//		Title string `json:"title" validate:"required"`
//	}
//	type ArticleResource struct{ fwk.ModelResource[Article] }
//
//	GET    /articles                 List    {"articles": [...], "next": url}
//	POST   /articles                 Create  201 {"article": {...}}, Location, ETag
//	GET    /articles/<int:id>        Get     {"article": {...}}, ETag; If-None-Match: 304
//	PATCH  /articles/<int:id>        Patch   JSON Merge Patch; If-Match: 412
//	PUT    /articles/<int:id>        Put     the writable fields replaced; If-Match: 412
//	DELETE /articles/<int:id>        Delete  204; If-Match: 412
//
// The URL prefix is the plural kebab name of the model (Article ->
// /articles), the member param comes from the ID's type (<int:id>,
// <uuid:id>, <id>), the payload keys are its snake name (article,
// articles). Meta.Model (a ModelMeta) holds the rest of the reference's
// Meta options. The resource's own methods replace the promoted ones of the
// same name; the others stay.
//
// At start-up, each route of a model resource gets a modelRoute: where the
// member id and the parents' ids are in its URL params, and which fields of
// T they fill. The views find it in their Ctx.

import (
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/fwkgo/fwk/naming"
)

// ModelResource is a Resource over the models of type T kept in a Store:
// embed it (type ArticleResource struct{ fwk.ModelResource[Article] }) and
// route it like any resource. See docs/model-resources.md.
//
// T is a struct with an ID field (named ID, or tagged `fwk:"id"`); fields
// tagged `fwk:"readonly"`, CreatedAt and UpdatedAt are never written from
// a request body, and neither is the ID.
type ModelResource[T any] struct {
	Resource
	// Store holds the models. Left nil, it is injected from the bundles'
	// services: the one implementing Store[T].
	Store Store[T] `fwk:"inject"`
}

// ModelMeta holds the options of a model resource (Meta.Model), the
// reference's Meta options of a ModelResource. Every field is optional.
type ModelMeta struct {
	// IncludeMethods lists the CRUD methods routed ("list", "create",
	// "get", "patch", "put", "delete"; case does not matter); default all
	// six. ExcludeMethods removes some. An unknown name fails fwk.New.
	IncludeMethods, ExcludeMethods []string
	// MethodDecorators wrap the views of CRUD methods, by method name as in
	// IncludeMethods: {"create": {auth}}. They run inside Meta.Decorators
	// (which wrap every view), before the view.
	MethodDecorators map[string][]func(http.Handler) http.Handler
	// Filters lists the fields (by JSON name) a list may be filtered on:
	// ?author_id=3&status=draft&status=published. The values are converted
	// to the field's type; one that does not convert, or a query key that
	// is neither a filter nor limit, cursor or sort, is a 422 naming it.
	Filters []string
	// Sort lists the fields (by JSON name) a list may be sorted by:
	// ?sort=-created_at,title (a leading '-' for descending). The ID breaks
	// ties. A field not listed is a 422 naming it.
	Sort []string
	// DefaultSort is the order of a list without ?sort=, in the same
	// syntax; it may use any field. Default: by ID.
	DefaultSort string
	// Limit is the page size of a list without ?limit= (default 20);
	// MaxLimit the largest one a client may ask (default 100; more is cut
	// to it).
	Limit, MaxLimit int
	// CreateInput and UpdateInput are values of the struct types the bodies
	// of Create and of Patch/Put are read into, in place of T (the
	// reference's serializer_create): their fields, validated by their
	// `validate` tags, are copied to the model's fields of the same JSON
	// name, and a key they lack is refused. Without them a body is read
	// into T and its read-only fields are ignored.
	CreateInput, UpdateInput any
	// RequireIfMatch makes If-Match required on Patch, Put and Delete: a
	// request without it is answered 428 Precondition Required.
	RequireIfMatch bool
}

// crudNames are the CRUD methods by their lower-case names.
var crudNames = []string{"list", "create", "get", "patch", "put", "delete"}

// modelController is implemented by every type embedding ModelResource (the
// methods are promoted).
type modelController interface {
	modelType() reflect.Type
	bindModelRoute(v *view) error
}

func (r *ModelResource[T]) modelType() reflect.Type { return reflect.TypeFor[T]() }

// modelKey is the payload key of a model type: its snake name.
func modelKey(t reflect.Type) string { return naming.SnakeCase(baseTypeName(t)) }

// resourceKey is the singular payload key of a resource: the model's snake
// name for a model resource, the controller name otherwise.
func resourceKey(ctrl any) string {
	if mc, ok := ctrl.(modelController); ok {
		return modelKey(mc.modelType())
	}
	return naming.SnakeCase(naming.ControllerName(ctrl))
}

// modelDefaults fills the URL prefix and member param of a model resource's
// Meta from its model type and checks Meta.Model.
func modelDefaults(v any, typeName string, m *Meta) error {
	mc, ok := v.(modelController)
	if !ok {
		if m.Model != nil {
			return errorf(ErrInvalidMeta, "%s: Meta.Model is for types embedding fwk.ModelResource", typeName)
		}
		return nil
	}
	info, err := modelInfoOf(mc.modelType())
	if err != nil {
		return errorf(ErrInvalidMeta, "%s: %v", typeName, err)
	}
	if m.URLPrefix == "" {
		m.URLPrefix = "/" + naming.Pluralize(naming.KebabCase(baseTypeName(info.typ)))
	}
	if m.MemberParam == "" {
		m.MemberParam = defaultMemberParam(info.id.typ)
	}
	if m.Model == nil {
		return nil
	}
	return checkModelMeta(typeName, info, m.Model)
}

// checkModelMeta checks the names of a ModelMeta.
func checkModelMeta(typeName string, info *modelInfo, mm *ModelMeta) error {
	bad := func(format string, args ...any) error {
		return errorf(ErrInvalidMeta, "%s: Meta.Model.%s", typeName, fmt.Sprintf(format, args...))
	}
	for _, list := range []struct {
		name  string
		names []string
	}{{"IncludeMethods", mm.IncludeMethods}, {"ExcludeMethods", mm.ExcludeMethods}} {
		for _, n := range list.names {
			if !slices.Contains(crudNames, strings.ToLower(n)) {
				return bad("%s: unknown method %q (want one of %s)", list.name, n, strings.Join(crudNames, ", "))
			}
		}
	}
	for n, ds := range mm.MethodDecorators {
		if !slices.Contains(crudNames, strings.ToLower(n)) {
			return bad("MethodDecorators: unknown method %q (want one of %s)", n, strings.Join(crudNames, ", "))
		}
		for i, d := range ds {
			if d == nil {
				return bad("MethodDecorators[%q][%d] is nil", n, i)
			}
		}
	}
	for _, list := range []struct {
		name  string
		names []string
	}{{"Filters", mm.Filters}, {"Sort", mm.Sort}} {
		for _, n := range list.names {
			if info.byJSON[n] == nil {
				return bad("%s: %v has no field with JSON name %q", list.name, info.typ, n)
			}
		}
	}
	if _, err := parseSort(info, mm.DefaultSort, nil); err != nil {
		return bad("DefaultSort: %v", err)
	}
	if mm.Limit < 0 || mm.MaxLimit < 0 || mm.MaxLimit > 0 && mm.Limit > mm.MaxLimit {
		return bad("Limit %d and MaxLimit %d: want 0 <= Limit <= MaxLimit", mm.Limit, mm.MaxLimit)
	}
	for _, in := range []struct {
		name string
		v    any
	}{{"CreateInput", mm.CreateInput}, {"UpdateInput", mm.UpdateInput}} {
		if _, err := newInputPlan(info, in.v); err != nil {
			return bad("%s: %v", in.name, err)
		}
	}
	return nil
}

// methodRouted reports whether the CRUD method name (a Go method name) of a
// model resource is routed by its Meta.Model; other methods always are.
func (m *Meta) methodRouted(name string) bool {
	if m.Model == nil || !isCRUD(name) {
		return true
	}
	lower := strings.ToLower(name)
	has := func(list []string) bool {
		return slices.ContainsFunc(list, func(s string) bool { return strings.EqualFold(s, lower) })
	}
	if len(m.Model.IncludeMethods) > 0 && !has(m.Model.IncludeMethods) {
		return false
	}
	return !has(m.Model.ExcludeMethods)
}

// methodDecorators returns the MethodDecorators of the CRUD method name.
func (m *Meta) methodDecorators(name string) []func(http.Handler) http.Handler {
	if m.Model == nil || !isCRUD(name) {
		return nil
	}
	var out []func(http.Handler) http.Handler
	for k, ds := range m.Model.MethodDecorators {
		if strings.EqualFold(k, name) {
			out = append(out, ds...)
		}
	}
	return out
}
