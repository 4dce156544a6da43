//go:build race

package fwk_test

// raceEnabled: the race detector makes sync.Pool drop items at random, so
// allocation counts that rely on pools are not measured.
const raceEnabled = true
