// Package bench compares the fwk router with peer Go routers: gin,
// bunrouter, echo, httprouter, chi, gorilla/mux and net/http's ServeMux.
//
// It is a separate module so that the peers never enter fwk's own go.mod.
// Everything lives in the test files; see README.md for how to run the
// suite, the methodology and the latest figures.
package bench
