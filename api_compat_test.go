package fwk_test

// The API-compatibility check: every exported identifier of every library
// package of every module of the workspace (examples and benchmarks are
// not API), with its signature, one line
// each as in Go's own api/*.txt, compared with the snapshot of the latest
// release (api/v*.txt). A line of the snapshot that is gone (an identifier
// removed, or its signature changed) fails the test unless api/except.txt
// lists it: a breaking change is a decision, recorded there and in
// CHANGELOG.md, not an accident. Lines that are new are additions, which
// the test reports and accepts.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// apiDir holds the release snapshots and the list of deliberate breaks.
const apiDir = "api"

// TestAPICompatible fails when an identifier of the latest release's API
// snapshot was removed or changed and api/except.txt does not list it.
// With FWK_API_WRITE=api/vX.Y.Z.txt it writes the current API to that file
// instead (at a release).
func TestAPICompatible(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: the API check lists the workspace's modules with it")
	}
	mods := workspaceModules(t, goTool)
	current := moduleAPIs(t, mods)
	if path := os.Getenv("FWK_API_WRITE"); path != "" {
		writeAPI(t, path, mods, current)
		return
	}
	snapPath := latestSnapshot(t)
	snapMods, snapshot := readAPI(t, snapPath)
	_, except := readAPI(t, filepath.Join(apiDir, "except.txt"))
	have := map[string]bool{}
	for _, l := range current {
		have[l] = true
	}
	var broken, unchecked []string
	for _, l := range snapshot {
		switch mod := moduleOf(l, snapMods); {
		case !slices.Contains(mods, mod):
			unchecked = append(unchecked, mod)
		case !have[l] && !slices.Contains(except, l):
			broken = append(broken, l)
		}
	}
	if unchecked = slices.Compact(unchecked); len(unchecked) > 0 {
		t.Logf("not checked, not in this workspace: %s", strings.Join(unchecked, ", "))
	}
	added := 0
	inSnapshot := map[string]bool{}
	for _, l := range snapshot {
		inSnapshot[l] = true
	}
	for _, l := range current {
		if !inSnapshot[l] {
			added++
			t.Logf("added since %s: %s", snapPath, l)
		}
	}
	t.Logf("%d lines of API, %d in %s, %d added", len(current), len(snapshot), snapPath, added)
	if len(broken) > 0 {
		t.Errorf("the API of %s lost or changed %d identifiers (a breaking change for users):\n\t%s\n"+
			"If this is deliberate, add these lines to %s and a line under \"### Breaking\" in the Unreleased "+
			"section of CHANGELOG.md saying what users change in their code; otherwise keep the old identifier "+
			"(a new name, a new function, a deprecated wrapper).",
			snapPath, len(broken), strings.Join(broken, "\n\t"), filepath.Join(apiDir, "except.txt"))
	}
}

// workspaceModules returns the paths of the modules of the workspace
// (go.work), or of the main module without one, with their directories.
func workspaceModules(t *testing.T, goTool string) []string {
	t.Helper()
	out, err := exec.Command(goTool, "list", "-m", "-f", "{{.Path}}\t{{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	var mods []string
	for line := range strings.Lines(string(out)) {
		if path, dir, ok := strings.Cut(strings.TrimSpace(line), "\t"); ok && dir != "" {
			mods = append(mods, path+"\t"+dir)
		}
	}
	return mods
}

// moduleAPIs lists the API of every library package of the modules mods
// ("path\tdir"), sorted; it replaces each entry of mods by its path.
func moduleAPIs(t *testing.T, mods []string) []string {
	t.Helper()
	var lines []string
	for i, m := range mods {
		path, dir, _ := strings.Cut(m, "\t")
		mods[i] = path
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			name := d.Name()
			if p != dir && (name == "testdata" || name == "internal" || strings.HasPrefix(name, ".") ||
				strings.HasPrefix(name, "_") || fileExists(filepath.Join(p, "go.mod"))) {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(dir, p)
			pkgPath := path
			if rel != "." {
				pkgPath += "/" + filepath.ToSlash(rel)
			}
			if slices.ContainsFunc(strings.Split(pkgPath, "/"), func(e string) bool { return e == "examples" || e == "bench" }) {
				return nil // example programs and benchmarks: no API
			}
			pkgLines, err := packageAPI(p, pkgPath)
			lines = append(lines, pkgLines...)
			return err
		})
		if err != nil {
			t.Fatalf("module %s: %v", path, err)
		}
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// packageAPI returns the API lines of the package in dir, none for a
// directory without Go files or a main package. Files are those the
// default build context selects (no custom build tags), tests excluded.
func packageAPI(dir, pkgPath string) ([]string, error) {
	bp, err := build.Default.ImportDir(dir, 0)
	var noGo *build.NoGoError
	if errors.As(err, &noGo) || err == nil && bp.Name == "main" {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	a := &apiLister{fset: fset, prefix: "pkg " + pkgPath + ", "}
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			a.decl(d)
		}
	}
	return a.lines, nil
}

// writeAPI writes the API lines to path, after a header naming the
// modules they cover.
func writeAPI(t *testing.T, path string, mods, lines []string) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("# The API of every library package of every module, one exported identifier a line,\n" +
		"# written by TestAPICompatible (FWK_API_WRITE=" + path + "). Do not edit: a deliberate\n" +
		"# break is listed in except.txt.\n")
	for _, m := range mods {
		b.WriteString("# module " + m + "\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d lines to %s", len(lines), path)
}

// readAPI reads an API file: its "# module" header lines and its other
// non-comment lines. A missing file is empty.
func readAPI(t *testing.T, path string) (mods, lines []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		switch l := strings.TrimSpace(sc.Text()); {
		case strings.HasPrefix(l, "# module "):
			mods = append(mods, strings.TrimPrefix(l, "# module "))
		case l != "" && !strings.HasPrefix(l, "#"):
			lines = append(lines, l)
		}
	}
	return mods, lines
}

// latestSnapshot returns the api/vX.Y.Z.txt of the highest version.
func latestSnapshot(t *testing.T) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(apiDir, "v*.txt"))
	version := func(f string) []int {
		var v []int
		for _, s := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "v"), ".txt"), ".") {
			n, _ := strconv.Atoi(s)
			v = append(v, n)
		}
		return v
	}
	slices.SortFunc(files, func(a, b string) int { return slices.Compare(version(a), version(b)) })
	if len(files) == 0 {
		t.Fatalf("no API snapshot in %s/: write the current one with FWK_API_WRITE=%s/v0.1.0.txt go test -run TestAPICompatible .", apiDir, apiDir)
	}
	return files[len(files)-1]
}

// moduleOf returns the module of mods whose path is the longest prefix of
// the package of an API line.
func moduleOf(line string, mods []string) string {
	pkg, _, _ := strings.Cut(strings.TrimPrefix(line, "pkg "), ", ")
	best := ""
	for _, m := range mods {
		if (pkg == m || strings.HasPrefix(pkg, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return best
}

// apiLister collects the API lines of one package's declarations.
type apiLister struct {
	fset   *token.FileSet
	prefix string
	lines  []string
}

func (a *apiLister) add(format string, args ...any) {
	a.lines = append(a.lines, a.prefix+fmt.Sprintf(format, args...))
}

// expr prints a type expression on one line.
func (a *apiLister) expr(e ast.Expr) string {
	var b bytes.Buffer
	_ = printer.Fprint(&b, a.fset, e)
	return strings.Join(strings.Fields(b.String()), " ")
}
