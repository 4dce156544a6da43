//go:build !race

package fwk_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
