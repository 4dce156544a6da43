package fwk_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fileMapDoc and fileMapHeading locate the map of the root package's files
// for a newcomer: a table of file prefixes (first column) with the
// identifiers to start with (third column), then a table of common changes.
const (
	fileMapDoc     = "docs/README.md"
	fileMapHeading = "## Finding your way in the code"
)

var backticked = regexp.MustCompile("`([^`]+)`")

// TestDocFileMapNamesEveryPrefix fails when a root non-test .go file has a
// prefix (its name up to the first "_") that the map in docs/README.md does
// not list, when the map lists a prefix no file has, or when a Go name the
// map tells a newcomer to start with is not declared in the root package
// (or its tests).
func TestDocFileMapNamesEveryPrefix(t *testing.T) {
	prefixRows, taskRows := fileMapTables(t)
	mapped := map[string]bool{}
	for _, r := range prefixRows {
		for _, m := range backticked.FindAllStringSubmatch(r[0], -1) {
			mapped[m[1]] = true
		}
	}
	files, decls := rootFiles(t)
	byPrefix := map[string][]string{}
	for _, f := range files {
		prefix, _, _ := strings.Cut(strings.TrimSuffix(f, ".go"), "_")
		byPrefix[prefix] = append(byPrefix[prefix], f)
	}
	for prefix, fs := range byPrefix {
		if !mapped[prefix] {
			t.Errorf("%s: %q has no row for the prefix %q of %s: add one (its role, where to start)",
				fileMapDoc, fileMapHeading, prefix, strings.Join(fs, ", "))
		}
	}
	for prefix := range mapped {
		if byPrefix[prefix] == nil {
			t.Errorf("%s: %q lists the prefix %q, which no root .go file has", fileMapDoc, fileMapHeading, prefix)
		}
	}
	var starts []string // the cells naming where to start
	for _, r := range prefixRows {
		starts = append(starts, r[2])
	}
	for _, r := range taskRows {
		starts = append(starts, r[1:]...)
	}
	for _, cell := range starts {
		for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
			if name := m[1]; !mapped[name] && !decls[name] && isGoName(name) && !otherPackage(name, decls) {
				t.Errorf("%s: %q tells a newcomer to start with %s, which the root package does not declare",
					fileMapDoc, fileMapHeading, name)
			}
		}
	}
}

// fileMapTables returns the rows (cells, header and separator left out) of
// the map's two tables: "prefix | role | start with" and
// "to | open first | then".
func fileMapTables(t *testing.T) (prefixRows, taskRows [][]string) {
	t.Helper()
	data, err := os.ReadFile(fileMapDoc)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n"+fileMapHeading+"\n")
	if !ok {
		t.Fatalf("%s has no %q section", fileMapDoc, fileMapHeading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	tables := map[string][][]string{} // first header cell -> rows
	var header string
	for line := range strings.Lines(section) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			header = ""
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case header == "":
			header = cells[0]
		case len(cells) != 3:
			t.Errorf("%s: %q: a row of the %q table has %d cells, want 3: %s", fileMapDoc, fileMapHeading, header, len(cells), line)
		case !strings.HasPrefix(cells[0], "---"):
			tables[header] = append(tables[header], cells)
		}
	}
	if tables["prefix"] == nil || tables["to"] == nil {
		t.Fatalf("%s: %q lacks the table \"prefix | role | start with\" or \"to | open first | then\"", fileMapDoc, fileMapHeading)
	}
	return tables["prefix"], tables["to"]
}

// rootFiles returns the root package's non-test .go files, and the names
// its files (tests included) declare: top-level names, Type.Method and
// Type.Field.
func rootFiles(t *testing.T) (files []string, decls map[string]bool) {
	t.Helper()
	all, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	decls = map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range all {
		if !strings.HasSuffix(name, "_test.go") {
			files = append(files, name)
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		addDecls(f, decls)
	}
	slices.Sort(files)
	return files, decls
}

func addDecls(f *ast.File, decls map[string]bool) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				decls[d.Name.Name] = true
			} else {
				decls[recvName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					decls[s.Name.Name] = true
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fld := range st.Fields.List {
							for _, n := range fld.Names {
								decls[s.Name.Name+"."+n.Name] = true
							}
						}
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						decls[n.Name] = true
					}
				}
			}
		}
	}
}

// recvName returns the type name of a method's receiver: T of *T, T[K].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// goName matches what the map names as Go: an identifier, or Type.Name.
// Environment keys (WTF_CSRF_TIME_LIMIT), commands and package paths are
// not checked.
var goName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)?$`)

func isGoName(s string) bool {
	return goName.MatchString(s) && strings.ToUpper(s) != s
}

// otherPackage reports whether name is qualified by another package
// (http.Server) rather than by a type of the root package (view.bind).
func otherPackage(name string, decls map[string]bool) bool {
	qual, _, ok := strings.Cut(name, ".")
	return ok && !decls[qual] && strings.ToLower(qual) == qual
}
