package fwk

// What a func value says about itself. Go has no way to ask a method value
// (c.Index) for its receiver or method, but the runtime names every func:
//
//	view                         runtime name
//	c.Index     (method value)   "example.com/app.(*SiteController).Index-fm"
//	c.Show      (value recv)     "example.com/app.SiteController.Show-fm"
//	c.Shared    (promoted)       "example.com/app.Base.Shared-fm"
//	(*SiteController).Index      "example.com/app.(*SiteController).Index"
//	health      (plain func)     "example.com/app.health"
//	a closure in TestX           "example.com/app.TestX.func1"
//	(*Box[int]).Get              "example.com/app.(*Box[...]).Get"
//
// parseFuncName splits such a name into package path, receiver and name.

import (
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

// funcName is a parsed runtime func name.
type funcName struct {
	pkg         string // package path
	recv        string // receiver type name without "(*" ")" and "[...]"; "" for funcs
	name        string // method or func name; for closures "Outer.func1"
	methodValue bool   // a bound method value ("-fm")
}

// parseFuncName parses the runtime name of the func fv.
func parseFuncName(fv reflect.Value) funcName {
	fn := runtime.FuncForPC(fv.Pointer())
	if fn == nil {
		return funcName{}
	}
	return parseRuntimeName(fn.Name())
}

// parseRuntimeName parses a runtime func name (see the file comment).
func parseRuntimeName(full string) funcName {
	var f funcName
	full, f.methodValue = strings.CutSuffix(full, "-fm")
	full = strings.ReplaceAll(full, "[...]", "")
	pkg, rest := splitPkg(full)
	f.pkg = pkg
	segs := strings.Split(rest, ".")
	if len(segs) == 2 && !isClosureName(segs[1]) {
		f.recv = strings.TrimSuffix(strings.TrimPrefix(segs[0], "(*"), ")")
		f.name = segs[1]
		return f
	}
	f.name = rest
	return f
}

// splitPkg splits "a/b/pkg.Rest.Of" into the package path "a/b/pkg" and
// "Rest.Of". The runtime escapes dots of the last path element as %2e.
func splitPkg(full string) (pkg, rest string) {
	slash := strings.LastIndexByte(full, '/')
	dot := strings.IndexByte(full[slash+1:], '.')
	if dot < 0 {
		return "", full
	}
	dot += slash + 1
	return strings.ReplaceAll(full[:dot], "%2e", "."), full[dot+1:]
}

// isClosureName reports whether s names a closure ("func1", "2").
func isClosureName(s string) bool {
	s = strings.TrimPrefix(s, "func")
	_, err := strconv.Atoi(s)
	return err == nil
}

// methodName is the name MethodName reports for the func.
func (f funcName) methodName() string { return f.name }

// isMethodExpr reports whether a func of type t with this name is a method
// expression: a method named after a type whose first parameter is that
// type (or a pointer to it).
func (f funcName) isMethodExpr(t reflect.Type) bool {
	if f.methodValue || f.recv == "" || t.NumIn() == 0 {
		return false
	}
	in := indirect(t.In(0))
	return in.PkgPath() == f.pkg && baseTypeName(in) == f.recv
}

// fullName is "pkgpath.Recv.Method" or "pkgpath.func".
func (f funcName) fullName() string {
	if f.recv != "" {
		return f.pkg + "." + f.recv + "." + f.name
	}
	return f.pkg + "." + f.name
}

// String returns a Go-like spelling of the func for messages: "(*T).M" for
// methods, "pkg.f" for funcs.
func (f funcName) String() string {
	if f.recv != "" {
		return "(*" + f.recv + ")." + f.name
	}
	return filepath.Base(f.pkg) + "." + f.name
}

// baseTypeName returns the name of t without type arguments.
func baseTypeName(t reflect.Type) string {
	name := t.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name
}

// fwkPkg is this package's path; routesPkg the DSL's. Frames of functions in
// them are not the user's declaration site.
var (
	fwkPkg    = reflect.TypeFor[Route]().PkgPath()
	routesPkg = fwkPkg + "/routes"
)

// callSite returns the outermost fwk function on the stack that the user
// called ("routes.Controller") and "file.go:42" of that call.
func callSite() (call, at string) {
	var pcs [32]uintptr
	n := runtime.Callers(2, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		pkg, rest := splitPkg(fr.Function)
		if pkg != fwkPkg && pkg != routesPkg {
			if fr.Function == "" {
				return call, ""
			}
			return call, filepath.Base(fr.File) + ":" + strconv.Itoa(fr.Line)
		}
		call = filepath.Base(pkg) + "." + strings.ReplaceAll(rest, "[...]", "")
		if !more {
			return call, ""
		}
	}
}

// funcSite returns "file.go:42" where the func fv is defined, or "" when the
// compiler generated it (wrappers of promoted or value-receiver methods).
func funcSite(fv reflect.Value) string {
	fn := runtime.FuncForPC(fv.Pointer())
	if fn == nil {
		return ""
	}
	file, line := fn.FileLine(fn.Entry())
	if file == "" || strings.HasPrefix(file, "<") {
		return ""
	}
	return filepath.Base(file) + ":" + strconv.Itoa(line)
}
