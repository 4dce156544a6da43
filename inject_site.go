package fwk

// This file finds where a struct field is declared, for the start-up
// errors of injection: "fwk: inject: *main.PostResource.Store (declared at
// posts.go:34): no service ...". The type's own methods say which file
// declares them (runtime.FuncForPC); the type and its field are then looked
// up in the Go files of that directory. Only errors pay for it, and an app
// built without its sources (a deployed binary) gets "" and the error
// names the declaration it knows.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

// fieldSite returns "file.go:42" where the field name of the struct type t
// is declared, or "" when the source cannot be found.
func fieldSite(t reflect.Type, name string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	dir := typeSourceDir(t)
	if dir == "" {
		return ""
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil || !strings.Contains(string(src), t.Name()) {
			continue
		}
		f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if pos := findField(f, t.Name(), name); pos.IsValid() {
			p := fset.Position(pos)
			return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
		}
	}
	return ""
}

// typeSourceDir returns the directory of the source of a method declared on
// t (or *t) itself, or "".
func typeSourceDir(t reflect.Type) string {
	for _, rt := range []reflect.Type{reflect.PointerTo(t), t} {
		for i := range rt.NumMethod() {
			fn := runtime.FuncForPC(rt.Method(i).Func.Pointer())
			if fn == nil || !declaresOn(fn.Name(), t.Name()) {
				continue
			}
			if file, _ := fn.FileLine(fn.Entry()); file != "" && !strings.HasPrefix(filepath.Base(file), "<") {
				return filepath.Dir(file)
			}
		}
	}
	return ""
}

// declaresOn reports whether the function name ("pkg.(*T).M", "pkg.T.M")
// is a method declared on the type called typ.
func declaresOn(fn, typ string) bool {
	return strings.Contains(fn, ".(*"+typ+").") || strings.Contains(fn, "."+typ+".")
}

// findField returns the position of the field name of the struct type
// typ declared in f.
func findField(f *ast.File, typ, name string) token.Pos {
	var pos token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || pos.IsValid() {
			return !pos.IsValid()
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok || ts.Name.Name != typ {
			return true
		}
		for _, fl := range st.Fields.List {
			for _, id := range fl.Names {
				if id.Name == name {
					pos = id.Pos()
				}
			}
		}
		return false
	})
	return pos
}
