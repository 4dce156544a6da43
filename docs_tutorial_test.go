package fwk_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTutorialIsTheExample keeps docs/tutorial.md and examples/bookmarks
// equal: every file of the example is a block of the tutorial, word for
// word (a Go file as a `// file: bookmarks/<name>` block, a template as an
// html block), and every `// file: bookmarks/` block is a file of the
// example. The example's own test then runs what the tutorial shows.
func TestTutorialIsTheExample(t *testing.T) {
	const dir = "examples/bookmarks"
	blocks := fencedBlocks(t, "docs/tutorial.md")
	goBlocks, htmlBlocks := map[string]string{}, map[string]bool{}
	for _, b := range blocks {
		switch b.lang {
		case "go":
			first, rest, _ := strings.Cut(b.code, "\n")
			if name, ok := strings.CutPrefix(first, "// file: bookmarks/"); ok {
				goBlocks[name] = rest
			}
		case "html":
			htmlBlocks[b.code] = true
		}
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, dir+string(filepath.Separator)))
		switch {
		case strings.HasSuffix(rel, ".go"):
			seen[rel] = true
			if code, ok := goBlocks[rel]; !ok {
				t.Errorf("docs/tutorial.md has no `// file: bookmarks/%s` block", rel)
			} else if code != string(data) {
				t.Errorf("docs/tutorial.md's bookmarks/%s differs from %s: copy the file into the block", rel, path)
			}
		case strings.HasPrefix(rel, "templates/"):
			if !htmlBlocks[strings.TrimRight(string(data), "\n")+"\n"] {
				t.Errorf("docs/tutorial.md has no html block equal to %s", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range goBlocks {
		if !seen[name] {
			t.Errorf("docs/tutorial.md's bookmarks/%s is not a file of %s", name, dir)
		}
	}
}
