package fwk_test

import (
	"archive/zip"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// proxyEnv returns the environment of the README's proxy set-up: a module
// proxy in dir/proxy serving the module in root (this repository) as the
// version block's `go get github.com/fwkgo/fwk@vX.Y.Z` names, laid out as
// the GOPROXY protocol wants (list, .info, .mod, .zip), then, for fwk's
// dependencies, the download cache of the machine's module cache, which
// is a proxy of the same layout; and a module cache of the test's own, so
// that the machine's never holds this made-up release.
func proxyEnv(t *testing.T, root, dir, block string) []string {
	t.Helper()
	m := regexp.MustCompile(`go get github\.com/fwkgo/fwk@(v\S+)`).FindStringSubmatch(block)
	if m == nil {
		t.Fatalf("the README's proxy set-up has no `go get github.com/fwkgo/fwk@vX.Y.Z`:\n%s", block)
	}
	version := m[1]
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	at := filepath.Join(dir, "proxy", "github.com", "fwkgo", "fwk", "@v")
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(at, "list"), version+"\n")
	writeFile(t, filepath.Join(at, version+".info"), `{"Version":"`+version+`","Time":"2026-11-29T00:00:00Z"}`)
	writeFile(t, filepath.Join(at, version+".mod"), string(mod))
	zipModule(t, root, "github.com/fwkgo/fwk@"+version, filepath.Join(at, version+".zip"))
	return []string{
		"GOPROXY=file://" + filepath.Join(dir, "proxy") + ",file://" + filepath.Join(strings.TrimSpace(string(out)), "cache", "download"),
		"GOMODCACHE=" + filepath.Join(dir, "modcache"),
		"GOFLAGS=-modcacherw", // so that the test's folder can be removed
	}
}

// zipModule writes the module zip of the module in root: its files under
// prefix, without .git and without the folders of other modules (a go.mod
// of their own), as the go command zips a module.
func zipModule(t *testing.T, root, prefix, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if p != root && (d.Name() == ".git" || d.Name() == "vendor" || fileExists(filepath.Join(p, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(prefix + "/" + filepath.ToSlash(rel))
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("zip of %s: %v", root, err)
	}
}
