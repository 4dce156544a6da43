package fwk_test

// The commands the documentation shows refer to what exists: every
// `go test|run|build|vet` of a ```sh block names packages of this
// repository that are there, `go run` passes flags its program defines and
// commands App.Run knows, and the README's test command is the one CI runs,
// over every module of go.work.

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shellBlock reports whether a fence's info string marks shell commands.
func shellBlock(lang string) bool {
	switch lang {
	case "sh", "bash", "shell", "console":
		return true
	}
	return false
}

// shellCommands returns the simple commands of a shell block as words:
// prompts ("$ ") and comments are dropped, continued lines joined, and
// lists (&&, ||, ;, |) split. Quotes group words; nothing is expanded.
func shellCommands(code string) [][]string {
	var cmds [][]string
	text := strings.ReplaceAll(code, "\\\n", " ")
	for line := range strings.Lines(text) {
		line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
		var words []string
		var word strings.Builder
		inWord := false
		flush := func() {
			if inWord {
				words = append(words, word.String())
			}
			word.Reset()
			inWord = false
		}
		end := func() {
			flush()
			if len(words) > 0 {
				cmds = append(cmds, words)
			}
			words = nil
		}
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case c == '\'' || c == '"':
				j := strings.IndexByte(line[i+1:], c)
				if j < 0 {
					j = len(line) - i - 1
				}
				word.WriteString(line[i+1 : i+1+j])
				inWord = true
				i += j + 1
			case c == '#' && !inWord:
				i = len(line)
			case c == ' ' || c == '\t':
				flush()
			case c == ';' || c == '|' || c == '&':
				end()
			default:
				word.WriteByte(c)
				inWord = true
			}
		}
		end()
	}
	return cmds
}

// goCommand returns the go tool's subcommand, its arguments and whether
// words run the go tool (after any VAR=value assignments).
func goCommand(words []string) (string, []string, bool) {
	for len(words) > 0 && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(words[0]) {
		words = words[1:]
	}
	if len(words) < 2 || words[0] != "go" {
		return "", nil, false
	}
	return words[1], words[2:], true
}

// goValueFlags are the flags of go build/test/run/vet that take a value.
var goValueFlags = map[string]bool{
	"run": true, "bench": true, "benchtime": true, "count": true, "tags": true, "fuzz": true,
	"fuzztime": true, "timeout": true, "cpu": true, "p": true, "o": true, "coverprofile": true,
	"cpuprofile": true, "memprofile": true, "skip": true, "C": true, "ldflags": true, "gcflags": true,
	"exec": true, "parallel": true, "shuffle": true, "mod": true, "covermode": true, "coverpkg": true,
}

// splitGoArgs separates the go tool's flags from its package arguments; for
// go run, the first package argument is the program and the rest its
// arguments.
func splitGoArgs(args []string) (pkgs, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && goValueFlags[name] {
				i++
			}
			continue
		}
		return args[i:], nil
	}
	return nil, nil
}

// repoPackageDir returns the folder a package pattern names in this
// repository ("./examples/blog/..." -> "examples/blog"), or "" when the
// pattern is not a path into it (a path of the reader's own app: ".", "./...").
func repoPackageDir(pattern string) string {
	p, ok := strings.CutPrefix(pattern, "./")
	if !ok {
		return ""
	}
	p = strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
	first, _, _ := strings.Cut(p, "/")
	if first == "" || first == "." {
		return ""
	}
	if _, err := os.Stat(first); err != nil {
		return ""
	}
	return p
}

// runCommands returns the commands App.Run knows, read from run.go.
func runCommands(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("run.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "func (a *App) Run(")
	body, _, _ = strings.Cut(body, "\n}\n")
	var cmds []string
	for _, m := range regexp.MustCompile(`case "([a-z-]+)"`).FindAllStringSubmatch(body, -1) {
		cmds = append(cmds, m[1])
	}
	if len(cmds) == 0 {
		t.Fatal("no commands found in App.Run")
	}
	return cmds
}

// goSources returns the text of the Go files (tests left out) matching
// the globs, where a flag a program defines appears as its quoted name.
func goSources(t *testing.T, globs ...string) string {
	t.Helper()
	var b strings.Builder
	for _, glob := range globs {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
		}
	}
	return b.String()
}

// checkProgramArgs checks go run's program arguments: each flag is defined
// by the program (or by App.Run's serve), and a word that is no flag's
// value is one of App.Run's commands.
func checkProgramArgs(t *testing.T, where, dir string, args, commands []string) {
	t.Helper()
	src := goSources(t, "run.go")
	if dir != "" {
		src += goSources(t, filepath.Join(dir, "*.go"))
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if name, ok := strings.CutPrefix(a, "-"); ok {
			name = strings.TrimPrefix(name, "-")
			name, _, hasValue := strings.Cut(name, "=")
			if !strings.Contains(src, `"`+name+`"`) {
				t.Errorf("%s: flag -%s is not defined by the program nor by App.Run", where, name)
			}
			if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !slices.Contains(commands, args[i+1]) {
				i++
			}
			continue
		}
		if !slices.Contains(commands, a) {
			t.Errorf("%s: %q is not a command of App.Run (%s)", where, a, strings.Join(commands, ", "))
		}
	}
}

// TestDocCommands checks the go commands of the documentation's shell blocks.
func TestDocCommands(t *testing.T) {
	commands := runCommands(t)
	checked := 0
	for _, f := range docFiles(t) {
		for _, b := range fencedBlocks(t, f) {
			if !shellBlock(b.lang) {
				continue
			}
			for _, words := range shellCommands(b.code) {
				sub, args, ok := goCommand(words)
				if !ok || !slices.Contains([]string{"test", "run", "build", "vet", "install"}, sub) {
					continue
				}
				where := b.file + ":" + strconv.Itoa(b.line) + ": go " + sub
				pkgs, _ := splitGoArgs(args)
				var progArgs []string
				if sub == "run" && len(pkgs) > 0 {
					pkgs, progArgs = pkgs[:1], pkgs[1:]
				}
				progDir := ""
				for _, p := range pkgs {
					dir := repoPackageDir(p)
					if dir == "" {
						continue
					}
					checked++
					if st, err := os.Stat(dir); err != nil || !st.IsDir() {
						t.Errorf("%s: %s is not a folder of this repository", where, p)
						continue
					}
					if !strings.HasSuffix(p, "...") {
						if goFiles, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(goFiles) == 0 {
							t.Errorf("%s: %s holds no Go files", where, p)
						}
					}
					progDir = dir
				}
				if sub == "run" {
					checkProgramArgs(t, where, progDir, progArgs, commands)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no go command of the documentation names a package of this repository")
	}
}

// TestReadmeTestCommand keeps the README's test command equal to the one
// CI runs and covering every module of go.work.
func TestReadmeTestCommand(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^go test -race \./\.\.\.[^#\n]*`).Find(readme)
	if line == nil {
		t.Fatal("README.md shows no `go test -race ./... ...` command")
	}
	cmd := strings.Fields(string(line))
	ci, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	ciLine := regexp.MustCompile(`(?m)^go test -race -count=1 \./\.\.\.[^#\n]*`).Find(ci)
	if ciLine == nil {
		t.Fatal(".ci/run runs no `go test -race -count=1 ./... ...` command")
	}
	ciCmd := slices.DeleteFunc(strings.Fields(string(ciLine)), func(w string) bool { return w == "-count=1" })
	if !slices.Equal(cmd, ciCmd) {
		t.Errorf("README's test command\n\t%s\nis not CI's\n\t%s", strings.Join(cmd, " "), strings.Join(ciCmd, " "))
	}
	work, err := os.ReadFile("go.work")
	if err != nil {
		t.Fatal(err)
	}
	_, use, _ := strings.Cut(string(work), "use (")
	use, _, _ = strings.Cut(use, ")")
	for _, mod := range strings.Fields(use) {
		pattern := strings.TrimSuffix(mod, "/") + "/..."
		if mod == "." {
			pattern = "./..."
		}
		if !slices.Contains(cmd, pattern) {
			t.Errorf("README's test command misses %s, a module of go.work", pattern)
		}
	}
}
