//go:build !race

package fwk_test

// raceEnabled is false: the tests were built without -race.
const raceEnabled = false
