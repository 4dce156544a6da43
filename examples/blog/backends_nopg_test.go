//go:build !postgres

package main

import "testing"

// postgresBackends is empty without -tags postgres.
func postgresBackends(*testing.T) []backend { return nil }
