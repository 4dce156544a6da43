package fwk

// Controller inspection: one reflection pass over a controller or resource
// value gives its resolved Meta and its routes table, the declared routes of
// its views before any prefix is applied:
//
//	method kind                         table entries
//	declared with View (in Meta.Views)  one route per View, in declaration order
//	declared with NoRoute               none
//	any other exported method           one route, GET at MethodNameToURL(name)
//	promoted from fwk.Controller/Resource, Meta   never a view
//
// Declared methods come first (in the order of their first View), the others
// follow by name. A resource's List/Create/Get/Patch/Put/Delete keep only
// their first View and get fixed rules and methods (see crudMethod).

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk/naming"
)

// crudMethod returns the HTTP method of a resource CRUD method name ("" for
// other names) and whether it is a member method (Get, Patch, Put, Delete),
// routed at the member param.
func crudMethod(name string) (method string, member bool) {
	switch name {
	case "List":
		return http.MethodGet, false
	case "Create":
		return http.MethodPost, false
	case "Get":
		return http.MethodGet, true
	case "Patch":
		return http.MethodPatch, true
	case "Put":
		return http.MethodPut, true
	case "Delete":
		return http.MethodDelete, true
	}
	return "", false
}

// ctrlInfo is what inspectController learns about a controller.
type ctrlInfo struct {
	value    any
	ptrType  reflect.Type
	typeName string
	resource bool
	meta     *Meta
	methods  map[string]bool   // exported methods that can be views
	table    []*Route          // the routes table (see the file comment)
	first    map[string]*Route // the first table route of each method
}

// inspectController checks v and builds its routes table. call and at
// describe the routing call, for errors and for implicit views whose
// source position is unknown.
func inspectController(v any, call, at string) (*ctrlInfo, error) {
	t := reflect.TypeOf(v)
	if t == nil {
		return nil, errorf(ErrMissingController, "the controller is nil")
	}
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, errorf(ErrNotController, "%T is not a pointer to a struct: pass &%s{}", v, indirect(t).Name())
	}
	if reflect.ValueOf(v).IsNil() {
		return nil, errorf(ErrMissingController, "the controller is a nil %T", v)
	}
	if _, ok := v.(controllerMarker); !ok {
		return nil, errorf(ErrNotController, "%T does not embed fwk.Controller or fwk.Resource", v)
	}
	_, isResource := v.(resourceMarker)
	info := &ctrlInfo{value: v, ptrType: t, typeName: t.Elem().Name(), resource: isResource}
	meta, err := resolveMeta(v, info.typeName, isResource)
	if err != nil {
		return nil, err
	}
	info.meta = meta
	info.methods = viewMethods(t)
	if err := info.buildTable(call, at); err != nil {
		return nil, err
	}
	return info, nil
}

// viewMethods returns the exported methods of the pointer type t that can be
// views: all but Meta and those promoted from fwk.Controller/fwk.Resource.
func viewMethods(t reflect.Type) map[string]bool {
	base := reflect.TypeFor[*Resource]()
	out := make(map[string]bool, t.NumMethod())
	for i := range t.NumMethod() {
		name := t.Method(i).Name
		if _, promoted := base.MethodByName(name); promoted || name == "Meta" {
			continue
		}
		out[name] = true
	}
	return out
}

// resolveMeta calls the controller's Meta method, if any, applies the
// defaults and checks the options.
func resolveMeta(v any, typeName string, isResource bool) (m *Meta, err error) {
	m = new(Meta)
	if p, ok := v.(MetaProvider); ok {
		defer func() {
			if p := recover(); p != nil {
				m, err = nil, errorf(ErrInvalidMeta, "%s.Meta panicked: %v", typeName, p)
			}
		}()
		*m = p.Meta()
	}
	if m.Abstract {
		return nil, errorf(ErrNotController, "%s is abstract (Meta.Abstract)", typeName)
	}
	if m.TemplateFolder == "" {
		m.TemplateFolder = naming.ControllerName(v)
	}
	if strings.Contains(m.TemplateFolder, "/") {
		return nil, errorf(ErrInvalidMeta, "%s: TemplateFolder %q must be a folder name, not a path", typeName, m.TemplateFolder)
	}
	if m.EndpointPrefix == "" {
		m.EndpointPrefix = naming.SnakeCase(typeName)
	}
	for i, d := range m.Decorators {
		if d == nil {
			return nil, errorf(ErrInvalidMeta, "%s: Decorators[%d] is nil", typeName, i)
		}
	}
	if !isResource {
		if m.MemberParam != "" || m.UniqueMemberParam != "" {
			return nil, errorf(ErrInvalidMeta, "%s: MemberParam and UniqueMemberParam are resource options", typeName)
		}
		if m.Model != nil {
			return nil, errorf(ErrInvalidMeta, "%s: Meta.Model is for types embedding fwk.ModelResource", typeName)
		}
		return m, nil
	}
	if err := modelDefaults(v, typeName, m); err != nil {
		return nil, err
	}
	if m.URLPrefix == "" {
		m.URLPrefix = "/" + naming.Pluralize(naming.KebabCase(naming.ControllerName(v)))
	}
	if m.MemberParam == "" {
		m.MemberParam = "<int:id>"
	}
	if err := checkMemberParam(typeName+": MemberParam", m.MemberParam); err != nil {
		return nil, err
	}
	if m.UniqueMemberParam != "" {
		if err := checkMemberParam(typeName+": UniqueMemberParam", m.UniqueMemberParam); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// checkMemberParam checks that p is one rule parameter and nothing else,
// "<converter(args):name>", with the router's parser.
func checkMemberParam(what, p string) error {
	if mp, ok := memberParam(p); !ok || mp.Start != 1 || mp.End != 1+len(p) {
		return errorf(ErrInvalidMeta, "%s %q must be in the format <converter:name>", what, p)
	}
	return nil
}

// buildTable fills info.table and info.first from Meta.Views and the
// methods.
func (info *ctrlInfo) buildTable(call, at string) error {
	declared := map[string][]*Route{}
	var order []string
	noRoute := map[string]bool{}
	for i, spec := range info.meta.Views {
		name, err := info.methodOf(spec.view)
		if err != nil {
			return &DeclarationError{Call: spec.call, At: spec.declaredAt,
				Err: fmt.Errorf("%s Meta.Views[%d]: %w", info.typeName, i, err)}
		}
		if spec.noRoute {
			noRoute[name] = true
			continue
		}
		if _, seen := declared[name]; !seen {
			order = append(order, name)
		}
		declared[name] = append(declared[name], info.specRoute(name, spec))
	}
	info.first = map[string]*Route{}
	add := func(name string, rs []*Route) {
		if noRoute[name] || !info.meta.methodRouted(name) {
			return
		}
		if info.resource && isCRUD(name) {
			rs = rs[:1]
		}
		for _, r := range rs {
			info.adjustCRUD(r)
			if ds := info.meta.methodDecorators(name); len(ds) > 0 {
				Use(ds...)(r)
			}
		}
		info.first[name] = rs[0]
		info.table = append(info.table, rs...)
	}
	for _, name := range order {
		add(name, declared[name])
	}
	for i := range info.ptrType.NumMethod() {
		name := info.ptrType.Method(i).Name
		if !info.methods[name] || declared[name] != nil {
			continue
		}
		add(name, []*Route{info.implicitRoute(name, call, at)})
	}
	return nil
}

// isCRUD reports whether name is a resource CRUD method name.
func isCRUD(name string) bool {
	m, _ := crudMethod(name)
	return m != ""
}

// specRoute returns the table route of a View spec.
func (info *ctrlInfo) specRoute(name string, spec ViewSpec) *Route {
	r := &Route{view: spec.view, methodName: name, call: spec.call, declaredAt: spec.declaredAt}
	r.setRule(spec.rule)
	for _, o := range spec.opts {
		if o != nil {
			o(r)
		}
	}
	return r
}

// implicitRoute returns the table route of an undeclared method. It is
// declared where the method is defined, when the runtime knows.
func (info *ctrlInfo) implicitRoute(name, call, at string) *Route {
	r := &Route{view: name, methodName: name, call: call, declaredAt: at}
	m, _ := info.ptrType.MethodByName(name)
	if site := funcSite(m.Func); site != "" {
		r.declaredAt = site
	} else if m, ok := info.ptrType.Elem().MethodByName(name); ok {
		if site := funcSite(m.Func); site != "" {
			r.declaredAt = site
		}
	}
	return r
}

// adjustCRUD gives a resource's CRUD route its fixed method and rule: List
// and Create "/", the member methods the member param (rule left empty).
// Declared rules and methods of table routes are ignored.
func (info *ctrlInfo) adjustCRUD(r *Route) {
	if !info.resource {
		return
	}
	method, member := crudMethod(r.methodName)
	if method == "" {
		return
	}
	r.setResource(func(s *resourceSpec) { s.crudMethod, s.isMemberMethod = method, member })
	r.methods, r.set = nil, r.set&^setMethods
	if member {
		r.setRule("")
	} else {
		r.setRule("/")
	}
}

// methodOf returns the name of the controller method view names: a method
// name, a method value or a method expression of the controller's type (or
// of a type it embeds, for promoted methods).
func (info *ctrlInfo) methodOf(view any) (string, error) {
	var name string
	view = unwrapView(view) // ParamConverter(view, ...)
	switch v := view.(type) {
	case nil:
		return "", errorf(ErrInvalidView, "view is nil")
	case string:
		name = v
	default:
		fv := reflect.ValueOf(view)
		if fv.Kind() != reflect.Func || fv.IsNil() {
			return "", errorf(ErrInvalidView, "view of type %T is not a method value, a method expression or a method name", view)
		}
		f := parseFuncName(fv)
		if f.recv == "" || !info.hasReceiver(f.pkg, f.recv) {
			return "", errorf(ErrUnknownView, "%s is not a method of %s", f, info.typeName)
		}
		name = f.name
	}
	if !info.methods[name] {
		return "", errorf(ErrUnknownView, "%s has no view method %q", info.typeName, name)
	}
	return name, nil
}

// hasReceiver reports whether a method whose runtime receiver is pkg.recv
// belongs to the controller: recv is its type or an embedded one.
func (info *ctrlInfo) hasReceiver(pkg, recv string) bool {
	return embeds(info.ptrType.Elem(), pkg, recv, 0)
}

// embeds reports whether t is, or embeds at any depth, the type pkg.name.
func embeds(t reflect.Type, pkg, name string, depth int) bool {
	t = indirect(t)
	if t.PkgPath() == pkg && baseTypeName(t) == name {
		return true
	}
	if t.Kind() != reflect.Struct || depth > 8 {
		return false
	}
	for i := range t.NumField() {
		if f := t.Field(i); f.Anonymous && embeds(f.Type, pkg, name, depth+1) {
			return true
		}
	}
	return false
}
