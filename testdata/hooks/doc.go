// Package hooks holds the fixture bundles of the start-up hook tests, each in
// its own package so that route ownership (by Go package) is exercised. They
// translate the fixtures of the reference implementation's hook tests.
package hooks
