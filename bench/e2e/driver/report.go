package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

var titles = map[string]string{
	"user":   "GET /users/{id} -> JSON",
	"github": "GitHub API set (203 routes, every param read)",
	"post":   "POST 206-byte JSON, decode + validate -> 201",
}

// report prints one table per workload: the medians over the rounds.
func report(w io.Writer, e *env, vs []variant, res results) {
	fmt.Fprintf(w, "wrk 4.1 (Debian), %d keep-alive connections, one wrk thread; %d interleaved rounds of %v, medians.\n",
		e.o.conns, e.o.rounds, e.o.duration)
	fmt.Fprintf(w, "%s.\n", machine(e.pinned))
	for _, wl := range all {
		if res[wl] == nil {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n\n", titles[wl])
		fmt.Fprintln(w, "| server | req/s | vs gin | p50 | p99 | CPU per request | peak RSS |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
		gin := median(res[wl]["gin"], func(s sample) float64 { return s.rps })
		for _, v := range vs {
			ss := res[wl][v.label]
			if len(ss) == 0 {
				continue
			}
			rps := median(ss, func(s sample) float64 { return s.rps })
			ratio := "-"
			if gin > 0 {
				ratio = fmt.Sprintf("%.2fx", rps/gin)
			}
			fmt.Fprintf(w, "| %s | %.1fk | %s | %v | %v | %.1f µs | %.1f MB |\n", v.label, rps/1000, ratio,
				dur(ss, func(s sample) time.Duration { return s.p50 }),
				dur(ss, func(s sample) time.Duration { return s.p99 }),
				median(ss, func(s sample) float64 { return float64(s.cpuPerReq) / 1e3 }),
				median(ss, func(s sample) float64 { return float64(s.rssKB) / 1024 }))
		}
	}
}

func median(ss []sample, f func(sample) float64) float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	slices.Sort(v)
	if n := len(v); n%2 == 0 {
		return (v[n/2-1] + v[n/2]) / 2
	}
	return v[len(v)/2]
}

func dur(ss []sample, f func(sample) time.Duration) time.Duration {
	return time.Duration(median(ss, func(s sample) float64 { return float64(f(s)) })).Round(time.Microsecond)
}
