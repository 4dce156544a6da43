package fwk_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeInstall runs the README's three set-ups as a new user would,
// with the README's main.go: go get of a release from a module proxy (here
// a local one serving this repository as that release: see proxyEnv), and,
// for a clone, a workspace and a replace directive, in an empty folder
// beside the clone (here ../fwk is the repository itself, whose packages
// the build cache then already holds). Nothing is fetched from the network
// (GOPROXY=off or local: the module cache holds fwk's dependencies once its
// own tests were built; GOSUMDB=off, where a user's go mod tidy checks the
// new go.sum lines against sum.golang.org). The README's `go run .` is run
// as `go vet .` (it would serve).
func TestReadmeInstall(t *testing.T) {
	t.Parallel() // it waits on go commands
	bash, errBash := exec.LookPath("bash")
	_, errGo := exec.LookPath("go")
	if errBash != nil || errGo != nil {
		t.Skip("bash or the go tool is not installed: the README's install steps are not run")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Install")
	section, _, _ = strings.Cut(section, "\n## ")
	if !ok {
		t.Fatal("README.md has no Install section")
	}
	var sh []string
	mainGo := ""
	for _, b := range fencedBlocks(t, "README.md") {
		if !strings.Contains(section, b.code) {
			continue
		}
		switch {
		case shellBlock(b.lang):
			sh = append(sh, b.code)
		case b.lang == "go" && mainGo == "":
			mainGo = b.code
		}
	}
	if len(sh) != 3 || mainGo == "" {
		t.Fatalf("README's Install section: want three sh blocks (proxy, workspace, replace) and a main.go, found %d and %v", len(sh), mainGo != "")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"proxy", "workspace", "replace"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			script := strings.ReplaceAll(installScript(sh[i], name == "replace"), "../fwk", root)
			writeFile(t, filepath.Join(dir, "myapp", "main.go"), mainGo)
			cmd := exec.Command(bash, "-euo", "pipefail", "-c", script)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOPROXY=off", "GOSUMDB=off", "GOFLAGS=", "GOWORK=", "GOTOOLCHAIN=local")
			if name == "proxy" {
				cmd.Env = append(cmd.Env, proxyEnv(t, root, dir, sh[i])...)
			}
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("the README's %s set-up failed (%v):\n%s\nscript:\n%s", name, err, out, script)
			}
		})
	}
}

// installScript turns an install block into a script:
// the clone is already there, `go run .` becomes `go vet .`, and `go mod
// tidy` becomes `go mod tidy -e`: offline, tidy cannot fetch the modules
// that only the tests of fwk's dependencies import (testify, ...), which
// the build does not need; go vet then fails if anything the build needs
// is missing. The replace block runs in a module made as the workspace
// block makes it.
func installScript(block string, replace bool) string {
	var b strings.Builder
	if replace {
		b.WriteString("cd myapp && go mod init example.com/myapp\n")
	}
	for line := range strings.Lines(block) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "git clone"):
			continue
		case strings.HasPrefix(line, "mkdir myapp"):
			line = strings.Replace(line, "mkdir myapp", "mkdir -p myapp", 1)
		}
		line = regexp.MustCompile(`\bgo run \.(\s|$)`).ReplaceAllString(line, "go vet .$1")
		line = strings.Replace(line, "go mod tidy", "go mod tidy -e", 1)
		b.WriteString(line + "\n")
	}
	return b.String()
}
