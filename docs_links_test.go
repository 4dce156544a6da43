package fwk_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown file: lower case, punctuation dropped, spaces as hyphens.
func headingAnchors(t *testing.T, file string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	inFence := false
	data, err := os.ReadFile(file)
	if err != nil {
		return anchors
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(strings.TrimLeft(line, " "), "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		anchors[b.String()] = true
	}
	return anchors
}

// TestDocLinks checks the relative links of README.md, docs/*.md and the
// examples' and bench's READMEs: each names a file of the repository, and
// an anchor names a heading of its Markdown file.
func TestDocLinks(t *testing.T) {
	files := docFiles(t)
	more, _ := filepath.Glob(filepath.Join("examples", "*", "README.md"))
	files = append(append(files, more...), filepath.Join("bench", "README.md"))
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := regexp.MustCompile("(?s)```.*?```|`[^`\n]*`").ReplaceAllString(string(data), "")
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			resolved := f
			if path != "" {
				resolved = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
				if _, err := os.Stat(resolved); err != nil {
					t.Errorf("%s: link %q: no such file", f, target)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(resolved, ".md") && !headingAnchors(t, resolved)[anchor] {
				t.Errorf("%s: link %q: no heading with that anchor in %s", f, target, resolved)
			}
		}
	}
}
