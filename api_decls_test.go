package fwk_test

// The lines of the API check (TestAPICompatible), from a package's
// declarations, in the style of Go's api/*.txt:
//
//	pkg P, func New(Config, ...Bundle) (*App, error)
//	pkg P, method (*App) Run([]string) error
//	pkg P, type Config struct
//	pkg P, type Config struct, SecretKey string
//	pkg P, type Hook interface { Name() string; RunHook(*App, []Bundle) error }
//	pkg P, type M map[string]any
//	pkg P, const MergePatchType string
//	pkg P, var ErrNotFound error
//
// Parameter names are left out (renaming one breaks nobody). An interface
// is one line: a method added to it breaks the types implementing it. A
// struct is one line per exported field, so that adding a field is an
// addition.

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// decl adds the lines of one top-level declaration.
func (a *apiLister) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		a.funcDecl(d)
	case *ast.GenDecl:
		var lastType ast.Expr // a const spec without type or value repeats the previous one's
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					a.typeSpec(s)
				}
			case *ast.ValueSpec:
				if s.Type != nil || len(s.Values) > 0 {
					lastType = s.Type
				}
				a.valueSpec(d.Tok, s, lastType)
			}
		}
	}
}

// funcDecl adds an exported function, or an exported method of an
// exported type.
func (a *apiLister) funcDecl(d *ast.FuncDecl) {
	if !d.Name.IsExported() {
		return
	}
	if d.Recv == nil {
		a.add("func %s%s%s", d.Name.Name, a.typeParams(d.Type.TypeParams), a.signature(d.Type))
		return
	}
	recv := d.Recv.List[0].Type
	base := recv
	if st, ok := base.(*ast.StarExpr); ok {
		base = st.X
	}
	switch b := base.(type) {
	case *ast.IndexExpr:
		base = b.X
	case *ast.IndexListExpr:
		base = b.X
	}
	if id, ok := base.(*ast.Ident); ok && id.IsExported() {
		a.add("method (%s) %s%s", a.expr(recv), d.Name.Name, a.signature(d.Type))
	}
}

// typeSpec adds an exported type: its kind and, for a struct, its
// exported fields.
func (a *apiLister) typeSpec(s *ast.TypeSpec) {
	name := s.Name.Name + a.typeParams(s.TypeParams)
	if s.Assign.IsValid() {
		a.add("type %s = %s", name, a.expr(s.Type))
		return
	}
	switch tt := s.Type.(type) {
	case *ast.StructType:
		a.add("type %s struct", name)
		for _, f := range tt.Fields.List {
			typ := a.expr(f.Type)
			if len(f.Names) == 0 {
				if embeddedName(f.Type).IsExported() {
					a.add("type %s struct, embedded %s", name, typ)
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					a.add("type %s struct, %s %s", name, n.Name, typ)
				}
			}
		}
	case *ast.InterfaceType:
		a.add("type %s interface { %s }", name, strings.Join(a.interfaceElems(tt), "; "))
	default:
		a.add("type %s %s", name, a.expr(s.Type))
	}
}

// interfaceElems lists an interface's methods and embedded types, sorted;
// unexported methods are counted, as they keep other packages from
// implementing it.
func (a *apiLister) interfaceElems(it *ast.InterfaceType) []string {
	var elems []string
	for _, m := range it.Methods.List {
		if len(m.Names) == 0 {
			elems = append(elems, a.expr(m.Type))
			continue
		}
		ft, _ := m.Type.(*ast.FuncType)
		for _, n := range m.Names {
			switch {
			case !n.IsExported():
				elems = append(elems, "unexported methods")
			case ft != nil:
				elems = append(elems, n.Name+a.signature(ft))
			}
		}
	}
	slices.Sort(elems)
	return slices.Compact(elems)
}

// embeddedName returns the name of an embedded field's type.
func embeddedName(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return ast.NewIdent("_")
		}
	}
}

// valueSpec adds exported constants or variables with their type: the
// declared one, the previous spec's for a const repeating it (iota), or
// error for a value made by errors.New or fmt.Errorf.
func (a *apiLister) valueSpec(tok token.Token, s *ast.ValueSpec, lastType ast.Expr) {
	for i, n := range s.Names {
		if !n.IsExported() {
			continue
		}
		typ := s.Type
		if typ == nil && tok == token.CONST && len(s.Values) == 0 {
			typ = lastType
		}
		line := strings.ToLower(tok.String()) + " " + n.Name
		switch {
		case typ != nil:
			line += " " + a.expr(typ)
		case i < len(s.Values) && isErrorValue(s.Values[i]):
			line += " error"
		}
		a.add("%s", line)
	}
}

// isErrorValue reports whether e is a call of errors.New or fmt.Errorf.
func isErrorValue(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf")
}

// typeParams prints a type parameter list, "" without one.
func (a *apiLister) typeParams(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		names := make([]string, len(f.Names))
		for i, n := range f.Names {
			names[i] = n.Name
		}
		parts = append(parts, strings.Join(names, ", ")+" "+a.expr(f.Type))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// signature prints a function type's parameters and results, types only.
func (a *apiLister) signature(ft *ast.FuncType) string {
	params := a.types(ft.Params)
	results := a.types(ft.Results)
	s := "(" + strings.Join(params, ", ") + ")"
	switch {
	case len(results) == 1:
		s += " " + results[0]
	case len(results) > 1:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

// types lists the types of a field list, one per name.
func (a *apiLister) types(fl *ast.FieldList) []string {
	if fl == nil {
		return nil
	}
	var out []string
	for _, f := range fl.List {
		typ := a.expr(f.Type)
		for range max(len(f.Names), 1) {
			out = append(out, typ)
		}
	}
	return out
}
