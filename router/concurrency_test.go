package router_test

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/fwkgo/fwk/router"
)

func TestErrServing(t *testing.T) {
	r := newRouter(t, router.Rule{Path: "/a", Endpoint: "a"})
	// Building does not freeze the router.
	if _, err := r.Build("a"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(router.Rule{Path: "/b", Endpoint: "b"}); err != nil {
		t.Fatalf("Add after Build = %v", err)
	}
	var m router.Match
	r.Lookup("GET", "", "/b", &m)
	_, err := r.Add(router.Rule{Path: "/c"})
	var re *router.RuleError
	if !errors.Is(err, router.ErrServing) || !errors.As(err, &re) || re.Rule != "/c" {
		t.Errorf("Add after Lookup = %v, want ErrServing naming the rule", err)
	}
	if err := r.Handle("GET", "/d", nil); !errors.Is(err, router.ErrServing) {
		t.Errorf("Handle after Lookup = %v, want ErrServing", err)
	}
	// ServeHTTP freezes too.
	r2 := router.New()
	serve(r2, "GET", "/", "")
	if err := r2.Handle("GET", "/x", nil); !errors.Is(err, router.ErrServing) {
		t.Errorf("Handle after ServeHTTP = %v, want ErrServing", err)
	}
}

// TestConcurrentRegistrationAndServing races registrations against the
// first lookups: every Add either succeeds (and its rule is then served) or
// fails with ErrServing. Run with -race.
func TestConcurrentRegistrationAndServing(t *testing.T) {
	r := router.New()
	const n = 200
	results := make([]error, n)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < n; i++ {
			_, results[i] = r.Add(router.Rule{Path: fmt.Sprintf("/r%d/<int:id>", i), Endpoint: fmt.Sprintf("e%d", i), Handler: echo("x")})
		}
	}()
	go func() {
		defer wg.Done()
		var m router.Match
		for i := 0; i < n; i++ {
			r.Lookup("GET", "", fmt.Sprintf("/r%d/1", i), &m)
			_, _ = r.Build(fmt.Sprintf("e%d", i), "id", 1)
			_ = r.Routes()
		}
	}()
	wg.Wait()
	for i, err := range results {
		if err != nil && !errors.Is(err, router.ErrServing) {
			t.Fatalf("Add %d = %v", i, err)
		}
		want := "404"
		if err == nil {
			want = fmt.Sprintf("200 e%d id=1", i)
		}
		if got := outcome(r, "GET", "", fmt.Sprintf("/r%d/1", i)); got != want {
			t.Errorf("rule %d (Add error %v): Lookup = %q, want %q", i, err, got, want)
		}
	}
}

// TestConcurrentServing hammers one router from several goroutines.
func TestConcurrentServing(t *testing.T) {
	routes := loadRoutes(t, "testdata/github.txt")
	r := loadRouter(t, routes)
	args := make([][]any, len(routes))
	for i := range routes {
		for _, name := range r.RoutesFor(endpointName(i))[0].ParamNames() {
			args[i] = append(args[i], name, "v"+name)
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			w := newNullWriter()
			var m router.Match
			for i := 0; i < 3; i++ {
				for j, rt := range routes {
					req, _ := http.NewRequest(rt.method, rt.path, nil)
					r.ServeHTTP(w, req)
					r.Lookup(rt.method, "", rt.path, &m)
					if m.Route == nil || m.Route.Endpoint() != endpointName(j) {
						t.Errorf("goroutine %d: Lookup(%s %s) = %v", g, rt.method, rt.path, m.Route)
						return
					}
					if got, err := r.Build(endpointName(j), args[j]...); err != nil || got != rt.path {
						t.Errorf("Build(%s) = %q, %v, want %q", endpointName(j), got, err, rt.path)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
}
