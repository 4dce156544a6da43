package fwk

import (
	"cmp"
	"io"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
)

// RouteInfo describes one registered rule, as listed by the urls command.
type RouteInfo struct {
	// Methods are the HTTP methods served, sorted; HEAD is left out when GET
	// is served (GET always serves HEAD).
	Methods []string
	// Rule is the full rule registered with the router.
	Rule string
	// Endpoint is the endpoint registered with the router (URL building).
	Endpoint string
	// View names the view: "<pkg>.<Type>.<Method>", "<pkg>.<func>", or
	// "static files" for a bundle's static route.
	View string
	// Host is the host the rule is restricted to, or "".
	Host string
	// DeclaredAt is where the route was declared ("file.go:42"), if known.
	DeclaredAt string
	// Route is the route record.
	Route *Route
}

// RouteTable returns the registered rules sorted by rule, then methods.
func (a *App) RouteTable() []RouteInfo { return slices.Clone(a.routeTable()) }

// routeTable is the route table, built when first asked for: only the urls
// command and tools read it, and a serving app that kept it from the start
// would give every garbage collection about 200 bytes a route more to scan.
type routeTable struct {
	once sync.Once
	rows []RouteInfo
}

// routeTable returns the route table of a, building it the first time.
func (a *App) routeTable() []RouteInfo {
	a.table.once.Do(func() { a.table.rows = a.buildTable() })
	return a.table.rows
}

// buildTable lists the registered views, sorted.
func (a *App) buildTable() []RouteInfo {
	out := make([]RouteInfo, 0, len(a.views))
	for _, v := range a.views {
		info := RouteInfo{
			Methods:    displayMethods(v.rt.Methods()),
			Rule:       v.rule,
			Endpoint:   v.endpoint,
			View:       viewLabel(v),
			Host:       v.rt.Rule().Host,
			DeclaredAt: v.route.declaredAt,
			Route:      v.route,
		}
		out = append(out, info)
	}
	slices.SortStableFunc(out, func(x, y RouteInfo) int {
		return cmp.Or(strings.Compare(x.Rule, y.Rule),
			strings.Compare(strings.Join(x.Methods, ","), strings.Join(y.Methods, ",")))
	})
	return out
}

// displayMethods drops HEAD when GET is present.
func displayMethods(ms []string) []string {
	ms = sortedMethods(ms)
	if slices.Contains(ms, "GET") {
		ms = slices.DeleteFunc(ms, func(m string) bool { return m == "HEAD" })
	}
	return ms
}

func viewLabel(v *view) string {
	if _, ok := v.route.handler.(*staticFiles); ok {
		return "static files"
	}
	if name := v.route.FullName(); name != "" {
		return name
	}
	return viewName(v.route)
}

// WriteRouteTable prints the route table as aligned columns Methods, Rule,
// Endpoint and View (like `flask urls`), with a header line.
func (a *App) WriteRouteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	rows := [][4]string{{"Methods", "Rule", "Endpoint", "View"}}
	for _, info := range a.routeTable() {
		rule := info.Rule
		if info.Host != "" {
			rule = info.Host + rule
		}
		rows = append(rows, [4]string{strings.Join(info.Methods, ", "), rule, info.Endpoint, info.View})
	}
	var widths [4]int
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	dashes := [4]string{}
	for i, n := range widths {
		dashes[i] = strings.Repeat("-", n)
	}
	rows = slices.Insert(rows, 1, dashes)
	for _, row := range rows {
		if _, err := io.WriteString(tw, strings.Join(row[:], "\t")+"\n"); err != nil {
			return err
		}
	}
	return tw.Flush()
}
