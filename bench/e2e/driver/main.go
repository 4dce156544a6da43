// Command driver runs the end-to-end benchmark (bench/README.md): it
// builds one server per framework, and for every round, workload and
// server, starts the server pinned to one core, checks its answers, loads
// it with wrk pinned to another core, and records requests per second,
// latency percentiles, CPU time per request and peak RSS. It prints the
// medians over the rounds as Markdown tables.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/fwkgo/fwk/bench/e2e/workload"
)

// variant is one server as it is run: a binary and its flags.
type variant struct {
	label     string
	server    string   // directory under e2e/servers
	args      []string // extra flags
	workloads []string // the workloads it serves
}

var all = []string{"user", "github", "post"}

func variants() []variant {
	return []variant{
		{"fwk", "fwk", nil, all},
		{"gin", "gin", nil, all},
		{"echo", "echo", nil, all},
		{"chi", "chi", nil, all},
		{"bunrouter", "bunrouter", nil, all},
		{"ServeMux", "servemux", nil, all},
		{"bare net/http", "nethttp", nil, []string{"user", "post"}},
		{"fiber (fasthttp, not net/http)", "fiber", nil, all},
		{"fwk App.Serve (serve command)", "fwk", []string{"-safe"}, []string{"user"}},
		{"gin + timeouts", "gin", []string{"-safe"}, []string{"user"}},
		{"echo + timeouts", "echo", []string{"-safe"}, []string{"user"}},
	}
}

type options struct {
	rounds              int
	duration, warmup    time.Duration
	conns               int
	only, onlyWorkloads string
	checkOnly           bool
	out                 string
	routes              string
	addr                string
}

func main() {
	var o options
	flag.IntVar(&o.rounds, "rounds", 3, "interleaved rounds")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "wrk time per server, workload and round (whole seconds)")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "wrk time before each timed run (0: none)")
	flag.IntVar(&o.conns, "conns", 32, "keep-alive connections")
	flag.StringVar(&o.only, "servers", "", "comma-separated labels to run (default: all)")
	flag.StringVar(&o.onlyWorkloads, "workloads", "", "comma-separated workloads to run: user, github, post (default: all)")
	flag.BoolVar(&o.checkOnly, "check", false, "only build every server and check its answers (no wrk)")
	flag.StringVar(&o.out, "out", "", "also write the tables to this file")
	flag.StringVar(&o.routes, "routes", "testdata/github.txt", "GitHub route file")
	flag.StringVar(&o.addr, "addr", "", "where the servers listen (default: a free loopback port for each server)")
	flag.Parse()
	log.SetFlags(0)
	if err := run(o); err != nil {
		log.Fatal("e2e: ", err)
	}
}

func run(o options) error {
	rs, err := workload.LoadRoutes(o.routes)
	if err != nil {
		return err
	}
	vs := selected(o)
	dir, err := os.MkdirTemp("", "fwk-e2e")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := build(dir, vs); err != nil {
		return err
	}
	env := newEnv(dir, o, rs)
	if o.checkOnly {
		return env.checkAll(vs)
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk not found (apt-get install -y wrk), or run with -check")
	}
	res, err := env.rounds(vs)
	if err != nil {
		return err
	}
	var w io.Writer = os.Stdout
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	report(w, env, vs, res)
	return nil
}

// selected are the variants and workloads the flags ask for.
func selected(o options) []variant {
	keep := func(list, s string) bool {
		return list == "" || slices.Contains(strings.Split(list, ","), s)
	}
	var vs []variant
	for _, v := range variants() {
		if !keep(o.only, v.label) && !keep(o.only, v.server) {
			continue
		}
		v.workloads = slices.DeleteFunc(slices.Clone(v.workloads), func(w string) bool { return !keep(o.onlyWorkloads, w) })
		if len(v.workloads) > 0 {
			vs = append(vs, v)
		}
	}
	return vs
}

// build compiles each server used into dir.
func build(dir string, vs []variant) error {
	done := map[string]bool{}
	for _, v := range vs {
		if done[v.server] {
			continue
		}
		done[v.server] = true
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, v.server), "./e2e/servers/"+v.server)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s: %w", v.server, err)
		}
	}
	return nil
}

// machine describes where the run happened, for the report.
func machine(pinned bool) string {
	load, _ := os.ReadFile("/proc/loadavg")
	pin := "not pinned (taskset or a second core missing)"
	if pinned {
		pin = "server pinned to CPU 0 with GOMAXPROCS=1, wrk pinned to CPU 1"
	}
	return fmt.Sprintf("%s %s/%s, %d CPUs, %s; load average at the end: %s",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), pin,
		strings.Join(strings.Fields(string(load))[:3], " "))
}
