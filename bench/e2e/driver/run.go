package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fwkgo/fwk/bench/e2e/workload"
)

// env is what every run shares.
type env struct {
	dir    string // the server binaries and wrk scripts
	o      options
	routes []workload.Route
	pinned bool
	addr   string
}

func newEnv(dir string, o options, rs []workload.Route) *env {
	_, err := exec.LookPath("taskset")
	return &env{dir: dir, o: o, routes: rs, pinned: err == nil && runtime.NumCPU() >= 2, addr: o.addr}
}

// sample is one timed run.
type sample struct {
	rps            float64
	p50, p99       time.Duration
	cpuPerReq      time.Duration
	rssKB          int
	requests       int
	errorResponses int
}

// results[workload][label] holds the samples of every round.
type results map[string]map[string][]sample

// rounds runs every workload of every variant once per round, interleaved.
func (e *env) rounds(vs []variant) (results, error) {
	res := results{}
	for r := 1; r <= e.o.rounds; r++ {
		for _, w := range all {
			for _, v := range vs {
				if !contains(v.workloads, w) {
					continue
				}
				s, err := e.timed(v, w)
				if err != nil {
					return nil, fmt.Errorf("round %d, %s, %s: %w", r, w, v.label, err)
				}
				fmt.Fprintf(os.Stderr, "round %d %-7s %-32s %9.0f req/s  p50 %-9v p99 %-9v %v CPU/req  %d MB\n",
					r, w, v.label, s.rps, s.p50, s.p99, s.cpuPerReq, s.rssKB>>10)
				if res[w] == nil {
					res[w] = map[string][]sample{}
				}
				res[w][v.label] = append(res[w][v.label], s)
			}
		}
	}
	return res, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// timed starts v, checks its answers to w, warms it up, then loads it.
func (e *env) timed(v variant, w string) (sample, error) {
	p, err := e.start(v, w)
	if err != nil {
		return sample{}, err
	}
	defer p.stop()
	if err := e.check(w); err != nil {
		return sample{}, fmt.Errorf("wrong answer before timing: %w", err)
	}
	script, err := e.script(w)
	if err != nil {
		return sample{}, err
	}
	if e.o.warmup > 0 {
		if _, err := e.wrk(script, w, e.o.warmup); err != nil {
			return sample{}, err
		}
	}
	cpu0 := p.cpu()
	s, err := e.wrk(script, w, e.o.duration)
	if err != nil {
		return sample{}, err
	}
	if s.errorResponses > 0 {
		return s, fmt.Errorf("%d of %d responses were not 2xx", s.errorResponses, s.requests)
	}
	if s.requests > 0 {
		s.cpuPerReq = (p.cpu() - cpu0) / time.Duration(s.requests)
	}
	s.rssKB = p.rss()
	return s, nil
}

// proc is a running server.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when the server has exited
}

// startBound bounds the wait for a server to listen: generous, for a busy
// machine; the wait ends as soon as the server listens or exits.
const startBound = 2 * time.Minute

// start runs the server of v and waits until it accepts connections.
func (e *env) start(v variant, w string) (*proc, error) {
	bin := filepath.Join(e.dir, v.server)
	if err := e.pickAddr(); err != nil {
		return nil, err
	}
	args := append([]string{"-addr", e.addr}, v.args...)
	if w == "github" {
		args = append(args, "-routes", e.o.routes)
	}
	cmd := exec.Command(bin, args...)
	if e.pinned {
		cmd = exec.Command("taskset", append([]string{"-c", "0", bin}, args...)...)
	}
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.done) }()
	bound := time.After(startBound)
	for {
		if c, err := net.Dial("tcp", e.addr); err == nil {
			c.Close()
			return p, nil
		}
		select {
		case <-p.done:
			return nil, fmt.Errorf("%s exited (%v) before listening on %s", v.server, cmd.ProcessState, e.addr)
		case <-bound:
			p.stop()
			return nil, fmt.Errorf("%s does not listen on %s after %v", v.server, e.addr, startBound)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// pickAddr sets e.addr to a free loopback port unless -addr named one, and
// refuses an address another program already answers on: the checks and
// the load would measure that program instead.
func (e *env) pickAddr() error {
	if e.o.addr == "" {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		e.addr = l.Addr().String()
		return l.Close()
	}
	if c, err := net.Dial("tcp", e.addr); err == nil {
		c.Close()
		return fmt.Errorf("another program already listens on %s", e.addr)
	}
	return nil
}

// stop ends the server and waits for it.
func (p *proc) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// cpu is the CPU time (user + system) the server used so far.
func (p *proc) cpu() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from the 3rd on
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// rss is the server's peak resident set (VmHWM) in KiB.
func (p *proc) rss() int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}
