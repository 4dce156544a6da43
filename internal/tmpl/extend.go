package tmpl

// This file reads a template file before it joins a set (probe): to let a
// template extend the same-named template of a lower-priority source, and to
// list the constant arguments of the link function.
//
// Extension follows Flask-Unchained's loader: inside "site/index.html" of
// the app bundle, {{template "site/index.html" .}} names the same file of
// the next source that has it. That file is parsed first, under the name
// "site/index.html__1__" (its own self-reference, if any, becomes __2__, and
// so on), then the overriding file, whose {{define}}s replace the blocks of
// the original; finally the self-references are renamed.
//
//	source  file             text
//	app     site/index.html  {{define "title"}}Notes{{end}}{{template "site/index.html" .}}
//	vendor  site/index.html  <h1>{{block "title" .}}Vendor{{end}}</h1>
//	render "site/index.html"  ->  <h1>Notes</h1>

import (
	"fmt"
	"html/template"
	"io/fs"
	"strings"
	"text/template/parse"
)

// Link is a call of Options.LinkFunc with a constant first argument, such
// as {{urlFor "site.index"}}, found when the set was loaded.
type Link struct {
	Bundle string // the source's bundle
	File   string // the file's path in that source
	Line   int    // 1-based
	Target string // the constant argument
	// Keys are the constant keys of the key, value pairs after Target,
	// space-separated ("id page" for {{urlFor "post" "id" .ID "page" 2}}).
	Keys string
	// OpenKeys reports that some key is not a constant string (a variable,
	// a field, a piped value), so Keys may not be all of them.
	OpenKeys bool
}

// Links returns the calls of Options.LinkFunc with a constant first
// argument in every file Load parsed, in parse order.
func (s *Set) Links() []Link { return append([]Link(nil), s.links...) }

// parseAs adds the file of r to t under the name as. depth counts the
// sources passed by self-references (1 for the file itself).
func (s *Set) parseAs(t *template.Template, r fileRef, as string, depth int) error {
	src := s.srcs[r.src]
	data, err := fs.ReadFile(src.FS, r.path)
	if err != nil {
		return fmt.Errorf("fwk: template %s in bundle %q: %w", r.path, src.Bundle, err)
	}
	text := string(data)
	trees, err := probe(as, text)
	if err != nil {
		return fmt.Errorf("fwk: template %s in bundle %q: %w", r.path, src.Bundle, err)
	}
	if s.loading {
		s.collectLinks(src.Bundle, r.path, text, trees)
	}
	super := ""
	if refersTo(trees, r.path) {
		if super, err = s.parseSuper(t, r, depth); err != nil {
			return err
		}
	}
	if _, err := t.New(as).Parse(text); err != nil {
		return fmt.Errorf("fwk: template %s in bundle %q: %w", r.path, src.Bundle, err)
	}
	if super != "" {
		for name := range trees {
			if tt := t.Lookup(name); tt != nil && tt.Tree != nil {
				renameCalls(tt.Tree.Root, r.path, super)
			}
		}
	}
	return nil
}

// parseSuper parses the same-named file of the next source that has it,
// under "<path>__<depth>__", and returns that name.
func (s *Set) parseSuper(t *template.Template, r fileRef, depth int) (string, error) {
	for j := r.src + 1; j < len(s.srcs); j++ {
		if fi, err := fs.Stat(s.srcs[j].FS, r.path); err == nil && !fi.IsDir() {
			name := fmt.Sprintf("%s__%d__", r.path, depth)
			return name, s.parseAs(t, fileRef{src: j, path: r.path}, name, depth+1)
		}
	}
	return "", fmt.Errorf("fwk: template %s in bundle %q: it includes %q, its own name, but no bundle after it has that template to extend",
		r.path, s.srcs[r.src].Bundle, r.path)
}

// probe parses text on its own, without checking function names.
func probe(name, text string) (map[string]*parse.Tree, error) {
	trees := map[string]*parse.Tree{}
	t := parse.New(name)
	t.Mode = parse.SkipFuncCheck
	_, err := t.Parse(text, "", "", trees)
	return trees, err
}

// refersTo reports whether a tree includes the template name.
func refersTo(trees map[string]*parse.Tree, name string) bool {
	found := false
	for _, tr := range trees {
		walkList(tr.Root, func(n parse.Node) {
			if tn, ok := n.(*parse.TemplateNode); ok && tn.Name == name {
				found = true
			}
		})
	}
	return found
}

// renameCalls renames the {{template from}} calls under root to.
func renameCalls(root *parse.ListNode, from, to string) {
	walkList(root, func(n parse.Node) {
		if tn, ok := n.(*parse.TemplateNode); ok && tn.Name == from {
			tn.Name = to
		}
	})
}

// FirstUse returns the first call of a function named in
// Options.TrackFuncs (Target is the function's name), if any file calls it.
func (s *Set) FirstUse(name string) (Link, bool) {
	if l := s.tracked[name]; l != nil {
		return *l, true
	}
	return Link{}, false
}

// collectLinks records the calls of s.linkFunc with a constant first
// argument, and the first call of each tracked function.
func (s *Set) collectLinks(bundle, file, text string, trees map[string]*parse.Tree) {
	if s.linkFunc == "" && len(s.tracked) == 0 {
		return
	}
	lineOf := func(pos parse.Pos) int { return 1 + strings.Count(text[:min(int(pos), len(text))], "\n") }
	for _, tr := range trees {
		walkList(tr.Root, func(n parse.Node) {
			cmd, ok := n.(*parse.CommandNode)
			if !ok || len(cmd.Args) == 0 {
				return
			}
			id, ok := cmd.Args[0].(*parse.IdentifierNode)
			if !ok {
				return
			}
			if first, tracked := s.tracked[id.Ident]; tracked && first == nil {
				s.tracked[id.Ident] = &Link{Bundle: bundle, File: file, Line: lineOf(id.Pos), Target: id.Ident}
			}
			if len(cmd.Args) < 2 || id.Ident != s.linkFunc || s.linkFunc == "" {
				return
			}
			if str, isStr := cmd.Args[1].(*parse.StringNode); isStr {
				l := Link{Bundle: bundle, File: file, Line: lineOf(str.Pos), Target: str.Text}
				l.Keys, l.OpenKeys = constKeys(cmd.Args[2:])
				s.links = append(s.links, l)
			}
		})
	}
}

// constKeys returns the constant keys of key, value pairs, space-separated,
// and whether some key is not a constant (or a value is piped in: an odd
// number of arguments).
func constKeys(args []parse.Node) (string, bool) {
	open := len(args)%2 != 0
	var keys []string
	for i := 0; i < len(args); i += 2 {
		if str, ok := args[i].(*parse.StringNode); ok {
			keys = append(keys, str.Text)
		} else {
			open = true
		}
	}
	return strings.Join(keys, " "), open
}

// walkList calls f for every node under l, depth first.
func walkList(l *parse.ListNode, f func(parse.Node)) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		walkNode(n, f)
	}
}

func walkNode(n parse.Node, f func(parse.Node)) {
	f(n)
	switch n := n.(type) {
	case *parse.ActionNode:
		walkPipe(n.Pipe, f)
	case *parse.TemplateNode:
		walkPipe(n.Pipe, f)
	case *parse.IfNode:
		walkBranch(&n.BranchNode, f)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, f)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, f)
	case *parse.ChainNode:
		walkNode(n.Node, f)
	case *parse.PipeNode:
		walkPipe(n, f)
	}
}

func walkBranch(b *parse.BranchNode, f func(parse.Node)) {
	walkPipe(b.Pipe, f)
	walkList(b.List, f)
	walkList(b.ElseList, f)
}

func walkPipe(p *parse.PipeNode, f func(parse.Node)) {
	if p == nil {
		return
	}
	for _, c := range p.Cmds {
		f(c)
		for _, a := range c.Args {
			walkNode(a, f)
		}
	}
}
