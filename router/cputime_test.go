package router_test

import (
	"fmt"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fwkgo/fwk/router"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func cpuPerOp(f func(), n int) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := 1e18
	for rep := 0; rep < 7; rep++ {
		start := threadCPU()
		for i := 0; i < n; i++ {
			f()
		}
		d := float64(threadCPU()-start) / float64(n)
		if d < best {
			best = d
		}
	}
	return best
}

func TestCPUTime(t *testing.T) {
	if os.Getenv("CPUTIME") == "" {
		t.Skip()
	}
	runtime.GOMAXPROCS(1)
	res := map[string]float64{}
	gh := loadRoutes(t, "testdata/github.txt")
	rg := loadRouter(t, gh)
	st := loadRoutes(t, "testdata/static.txt")
	rs := loadRouter(t, st)
	w := newNullWriter()
	req, _ := http.NewRequest("GET", "/", nil)
	serveAll := func(r *router.Router, routes []benchRoute) func() {
		return func() {
			for _, rt := range routes {
				req.Method = rt.method
				req.URL.Path = rt.path
				req.RequestURI = rt.path
				r.ServeHTTP(w, req)
			}
		}
	}
	var m router.Match
	res["GithubAll"] = cpuPerOp(serveAll(rg, gh), 3000)
	res["StaticAll"] = cpuPerOp(serveAll(rs, st), 5000)
	res["GithubLookup"] = cpuPerOp(func() {
		for _, rt := range gh {
			rg.Lookup(rt.method, "", rt.path, &m)
		}
	}, 3000)
	single := func(rule, path string) func() {
		r := router.New()
		r.Add(router.Rule{Path: rule, Handler: nopHandler})
		return serveAll(r, []benchRoute{{"GET", rule, path}})
	}
	res["Param"] = cpuPerOp(single("/user/<name>", "/user/gordon"), 300000)
	res["Param5"] = cpuPerOp(single("/<a>/<b>/<c>/<d>/<e>", "/test/test/test/test/test"), 300000)
	var rule, path strings.Builder
	for c := 'a'; c < 'a'+20; c++ {
		fmt.Fprintf(&rule, "/<%c>", c)
		fmt.Fprintf(&path, "/%c", c)
	}
	res["Param20"] = cpuPerOp(single(rule.String(), path.String()), 100000)
	names := make([]string, len(gh))
	args := make([][]any, len(gh))
	for i := range gh {
		names[i] = endpointName(i)
		for _, name := range rg.RoutesFor(names[i])[0].ParamNames() {
			args[i] = append(args[i], name, "value"+name[:1])
		}
	}
	buf := make([]byte, 0, 256)
	res["BuildAppend"] = cpuPerOp(func() {
		for j := range gh {
			buf, _, _ = rg.AppendBuild(buf[:0], names[j], nil, args[j]...)
		}
	}, 2000)
	res["Build"] = cpuPerOp(func() {
		for j := range gh {
			rg.Build(names[j], args[j]...)
		}
	}, 2000)
	paths := make([]string, 10000)
	for i := 0; i < 5000; i++ {
		paths[2*i] = fmt.Sprintf("/api/v1/res%d/items/<id>", i)
		paths[2*i+1] = fmt.Sprintf("/api/v1/res%d/items", i)
	}
	get, post := []string{"GET"}, []string{"POST"}
	res["Add10k"] = cpuPerOp(func() {
		r := router.New()
		for i, p := range paths {
			m := get
			if i%2 == 1 {
				m = post
			}
			r.Add(router.Rule{Path: p, Methods: m, Handler: nopHandler})
		}
	}, 20)
	keys := make([]string, 0, len(res))
	for k := range res {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-14s %10.1f ns/op\n", k, res[k])
	}
}
