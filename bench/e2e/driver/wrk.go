package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/fwkgo/fwk/bench/e2e/workload"
)

// script writes the wrk Lua script of workload w and returns its path.
func (e *env) script(w string) (string, error) {
	var b strings.Builder
	switch w {
	case "user":
		b.WriteString("wrk.path = \"/users/12345\"\n")
	case "post":
		fmt.Fprintf(&b, "wrk.method = \"POST\"\nwrk.path = \"/signup\"\nwrk.body = %s\n", strconv.Quote(workload.SignupBody))
		b.WriteString("wrk.headers[\"Content-Type\"] = \"application/json\"\n")
	case "github": // every route in turn, each connection from its own place
		b.WriteString("local routes = {\n")
		for _, rt := range e.routes {
			fmt.Fprintf(&b, "  {%q, %q},\n", rt.Method, rt.Path)
		}
		b.WriteString("}\nlocal i = 0\n")
		b.WriteString("init = function(args) i = math.random(#routes) end\n")
		b.WriteString("request = function()\n  i = i % #routes + 1\n  return wrk.format(routes[i][1], routes[i][2])\nend\n")
	}
	path := filepath.Join(e.dir, w+".lua")
	return path, os.WriteFile(path, []byte(b.String()), 0o644)
}

// wrk loads the server for d with the script and parses wrk's report.
func (e *env) wrk(script, w string, d time.Duration) (sample, error) {
	secs := max(1, int(d.Round(time.Second)/time.Second))
	args := []string{"-t1", "-c" + strconv.Itoa(e.o.conns), "-d" + strconv.Itoa(secs) + "s", "--latency",
		"-s", script, "http://" + e.addr}
	cmd := exec.Command("wrk", args...)
	if e.pinned {
		cmd = exec.Command("taskset", append([]string{"-c", "1", "wrk"}, args...)...)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return sample{}, fmt.Errorf("wrk: %w\n%s", err, out)
	}
	return parseWrk(string(out))
}

var (
	reRPS      = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	reRequests = regexp.MustCompile(`(\d+) requests in`)
	reNon2xx   = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	reErrors   = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	reLatency  = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$`)
)

// parseWrk reads the figures of wrk's report (with --latency).
func parseWrk(out string) (sample, error) {
	var s sample
	m := reRPS.FindStringSubmatch(out)
	n := reRequests.FindStringSubmatch(out)
	if m == nil || n == nil {
		return s, fmt.Errorf("cannot read wrk's report:\n%s", out)
	}
	s.rps, _ = strconv.ParseFloat(m[1], 64)
	s.requests, _ = strconv.Atoi(n[1])
	if m := reNon2xx.FindStringSubmatch(out); m != nil {
		s.errorResponses, _ = strconv.Atoi(m[1])
	}
	if m := reErrors.FindStringSubmatch(out); m != nil {
		for _, v := range m[1:4] { // connect, read, write; not wrk's 2 s timeouts
			k, _ := strconv.Atoi(v)
			s.errorResponses += k
		}
	}
	for _, m := range reLatency.FindAllStringSubmatch(out, -1) {
		d, err := time.ParseDuration(m[2] + strings.Replace(m[3], "us", "µs", 1))
		if err != nil {
			return s, err
		}
		if m[1] == "50" {
			s.p50 = d
		} else {
			s.p99 = d
		}
	}
	return s, nil
}
