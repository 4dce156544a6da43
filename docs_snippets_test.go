package fwk_test

// The documentation's Go code compiles: every ```go block of README.md and
// docs/*.md is written into a scratch module that requires this one through
// a replace directive, and one `go vet ./...` type-checks and vets them all.
// The convention (docs/README.md): a block is a complete file starting with
// its package clause, or with a first line `// file: dir/name.go` that puts
// it beside the other blocks of the same dir (one package across blocks).
// Blocks are gofmt-formatted.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docBlock is one fenced code block of a Markdown file.
type docBlock struct {
	file string // Markdown file, relative to the repository root
	line int    // line of the block's first code line
	lang string // the fence's info string: go, sh, text, ...
	code string
}

// docFiles returns README.md and docs/*.md, relative to the repository root.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, files...)
}

// fencedBlocks returns the fenced code blocks of a Markdown file. A fence
// may be indented (inside a list); the indent is removed from its lines.
func fencedBlocks(t *testing.T, file string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var (
		blocks []docBlock
		cur    *docBlock
		indent string
		code   strings.Builder
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " \t")
		if cur == nil {
			if lang, ok := strings.CutPrefix(trimmed, "```"); ok {
				indent = line[:len(line)-len(trimmed)]
				cur = &docBlock{file: file, line: n + 1, lang: strings.TrimSpace(lang)}
				code.Reset()
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			cur.code = code.String()
			blocks = append(blocks, *cur)
			cur = nil
			continue
		}
		code.WriteString(strings.TrimPrefix(line, indent))
		code.WriteByte('\n')
	}
	if cur != nil {
		t.Errorf("%s:%d: code block not closed", file, cur.line-1)
	}
	return blocks
}

var (
	fileMarker  = regexp.MustCompile(`^// file: ([A-Za-z0-9_./-]+\.go)$`)
	packageLine = regexp.MustCompile(`(?m)^package ([A-Za-z_][A-Za-z0-9_]*)`)
)

// placeGoBlock says where a Go block goes in the scratch module: the path
// its `// file:` line names, or a directory of its own named after the
// Markdown file and line. The file is named *_test.go for an external test
// package (package x_test), whose files the go tool only reads as tests.
func placeGoBlock(b docBlock) (string, error) {
	first, _, _ := strings.Cut(b.code, "\n")
	if m := fileMarker.FindStringSubmatch(first); m != nil {
		p := filepath.Clean(m[1])
		if filepath.IsAbs(p) || strings.HasPrefix(p, "..") || filepath.Dir(p) == "." {
			return "", fmt.Errorf("// file: %s must name a file inside a folder (dir/name.go)", m[1])
		}
		return filepath.Join("named", p), nil
	}
	m := packageLine.FindStringSubmatch(b.code)
	if m == nil {
		return "", fmt.Errorf("a go block must be a complete file: start it with its package clause (or `// file: dir/name.go`), or mark it ```text")
	}
	name := "snippet.go"
	if strings.HasSuffix(m[1], "_test") {
		name = "snippet_test.go"
	}
	base := strings.NewReplacer("/", "_", ".", "_").Replace(strings.TrimSuffix(b.file, ".md"))
	return filepath.Join("blocks", strings.ToLower(base)+"_"+strconv.Itoa(b.line), name), nil
}

// TestDocSnippetsCompile compiles every Go block of the documentation.
func TestDocSnippetsCompile(t *testing.T) {
	t.Parallel() // it waits on go commands
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is not installed: the documentation's Go blocks are not compiled")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	where := map[string]docBlock{} // scratch file -> its block
	for _, f := range docFiles(t) {
		for _, b := range fencedBlocks(t, f) {
			if b.lang != "go" {
				continue
			}
			p, err := placeGoBlock(b)
			if err != nil {
				t.Errorf("%s:%d: %v", b.file, b.line, err)
				continue
			}
			if prev, dup := where[p]; dup {
				t.Errorf("%s:%d: %s is also the file of the block at %s:%d", b.file, b.line, p, prev.file, prev.line)
				continue
			}
			where[p] = b
			embedPlaceholders(t, filepath.Join(dir, filepath.Dir(p)), b.code)
			if formatted, err := format.Source([]byte(b.code)); err == nil && string(formatted) != b.code {
				t.Errorf("%s:%d: the block is not gofmt-formatted; gofmt gives:\n%s", b.file, b.line, formatted)
			}
			writeFile(t, filepath.Join(dir, p), b.code)
		}
	}
	if len(where) == 0 {
		t.Fatal("no go blocks found in README.md and docs/*.md")
	}
	writeScratchModule(t, root, dir)
	cmd := exec.Command(goTool, "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go vet of the documentation's Go blocks failed (%v):\n%s", err, mapToDocs(string(out), where))
	}
	runMainBlocks(t, goTool, dir, where)
}

// runMainBlocks runs every program of the documentation with the
// argument "urls" (App.Run's route table; a program that does not call Run
// ignores it) and a SECRET_KEY in the environment: each must exit 0. This
// catches what compiles but fails fwk.New, such as a view that does not fit
// its rule. Programs that serve on their own are left out (servesItself). To link once, each main package is copied under run/ as a
// package whose main is Main, and one runner calls the i-th Main in a
// process of its own.
func runMainBlocks(t *testing.T, goTool, dir string, where map[string]docBlock) {
	t.Helper()
	if testing.Short() {
		t.Log("-short: the documentation's programs are compiled, not run")
		return
	}
	var mains []string // folders of main packages, relative to dir
	for path := range where {
		if strings.HasSuffix(path, "_test.go") || packageLine.FindStringSubmatch(where[path].code)[1] != "main" {
			continue
		}
		if d := filepath.Dir(path); !slices.Contains(mains, d) {
			mains = append(mains, d)
		}
	}
	mains = slices.DeleteFunc(mains, func(d string) bool { return servesItself(where, d) })
	slices.Sort(mains)
	var runner strings.Builder
	runner.WriteString("package main\n\nimport (\n\t\"os\"\n\t\"strconv\"\n\n")
	for i, d := range mains {
		copyAsPackage(t, filepath.Join(dir, d), filepath.Join(dir, "run", "p"+strconv.Itoa(i)), "p"+strconv.Itoa(i))
		fmt.Fprintf(&runner, "\tp%d \"fwkdocs.example/run/p%d\"\n", i, i)
	}
	runner.WriteString(")\n\nvar programs = []func(){")
	for i := range mains {
		fmt.Fprintf(&runner, "p%d.Main, ", i)
	}
	runner.WriteString("}\n\nfunc main() {\n\ti, _ := strconv.Atoi(os.Args[1])\n\tos.Args = append(os.Args[:1], os.Args[2:]...)\n\tprograms[i]()\n}\n")
	writeFile(t, filepath.Join(dir, "run", "main.go"), runner.String())
	bin := filepath.Join(dir, "docs-programs")
	build := exec.Command(goTool, "build", "-o", bin, "./run")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of the documentation's programs failed (%v):\n%s", err, out)
	}
	for i, d := range mains {
		ctx, cancel := context.WithTimeout(context.Background(), waitBound)
		cmd := exec.CommandContext(ctx, bin, strconv.Itoa(i), "urls")
		cmd.Dir = filepath.Join(dir, d)
		cmd.Env = append(os.Environ(), "SECRET_KEY=docs-snippet-secret-key-0123456789abcdef")
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Errorf("the program of %s failed with the argument urls (%v):\n%s", blockOfProgram(d, where), err, out)
		}
	}
}

// servesItself reports whether the program of folder d listens on its own
// (net.Listen, ListenAndServe, App.Serve) rather than through App.Run:
// such a program is compiled, not run.
func servesItself(where map[string]docBlock, d string) bool {
	serves := regexp.MustCompile(`\bnet\.Listen\(|ListenAndServe(TLS)?\(|\.Serve\(`)
	for path, b := range where {
		if filepath.Dir(path) == d && serves.MatchString(b.code) {
			return true
		}
	}
	return false
}

// copyAsPackage copies the folder of a main package to dst as package
// name, its func main renamed Main; test files are left out.
func copyAsPackage(t *testing.T, src, dst, name string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(data)
		if strings.HasSuffix(path, ".go") {
			text = regexp.MustCompile(`(?m)^package main$`).ReplaceAllString(text, "package "+name)
			text = regexp.MustCompile(`(?m)^func main\(\) \{`).ReplaceAllString(text, "func Main() {")
		}
		rel, _ := filepath.Rel(src, path)
		writeFile(t, filepath.Join(dst, rel), text)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// blockOfProgram names the Markdown file and line of a block of the
// folder of a program.
func blockOfProgram(dir string, where map[string]docBlock) string {
	var found []string
	for path, b := range where {
		if filepath.Dir(path) == dir && !strings.HasSuffix(path, "_test.go") {
			found = append(found, b.file+":"+strconv.Itoa(b.line))
		}
	}
	slices.Sort(found)
	return strings.Join(found, ", ")
}

// embedPlaceholders creates, beside a block, a file for each pattern of
// its //go:embed lines, so that embedding compiles: a pattern naming a
// file ("a/x.html", "*.css") gets that file, one naming a folder gets a
// file inside it.
func embedPlaceholders(t *testing.T, dir, code string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`(?m)^//go:embed (.+)$`).FindAllStringSubmatch(code, -1) {
		for _, pattern := range strings.Fields(m[1]) {
			p := strings.NewReplacer("*", "x", "?", "x").Replace(strings.TrimPrefix(pattern, "all:"))
			if !strings.Contains(filepath.Base(p), ".") {
				p = filepath.Join(p, "placeholder.txt")
			}
			writeFile(t, filepath.Join(dir, filepath.FromSlash(p)), "")
		}
	}
}

// writeScratchModule writes the go.mod and go.sum of the scratch module: it
// requires this module, the Redis store, the metrics, the tracing and the
// docs page (openapiui), each replaced by its folder, and starts from their
// go.sum files, so nothing is fetched.
func writeScratchModule(t *testing.T, root, dir string) {
	t.Helper()
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go [0-9.]+$`).Find(goMod)
	mods := map[string]string{"github.com/fwkgo/fwk": root}
	for _, m := range []string{"redisstore", "fwkprom", "fwkotel", "openapiui"} {
		mods["github.com/fwkgo/fwk/"+m] = filepath.Join(root, m)
	}
	var mod, sum bytes.Buffer
	fmt.Fprintf(&mod, "module fwkdocs.example\n\n%s\n", goLine)
	for _, path := range slices.Sorted(func(yield func(string) bool) {
		for p := range mods {
			if !yield(p) {
				return
			}
		}
	}) {
		fmt.Fprintf(&mod, "\nrequire %s v0.0.0\n\nreplace %s => %s\n", path, path, strconv.Quote(mods[path]))
		s, err := os.ReadFile(filepath.Join(mods[path], "go.sum"))
		if err != nil {
			t.Fatal(err)
		}
		sum.Write(s)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), mod.String())
	writeFile(t, filepath.Join(dir, "go.sum"), sum.String())
}

// mapToDocs rewrites the scratch paths in the go tool's output as the
// Markdown file and line each message is about.
func mapToDocs(out string, where map[string]docBlock) string {
	pos := regexp.MustCompile(`(?:\./|vet: )?((?:blocks|named)/[^\s:]+\.go):(\d+)`)
	return pos.ReplaceAllStringFunc(out, func(s string) string {
		m := pos.FindStringSubmatch(s)
		b, ok := where[filepath.FromSlash(m[1])]
		if !ok {
			return s
		}
		n, _ := strconv.Atoi(m[2])
		return fmt.Sprintf("%s:%d", b.file, b.line+n-1)
	})
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
