// Package serveget measures what the protections of a server cost on a
// kept-alive GET, in one process: BenchmarkServeGET serves GET
// /users/12345 over loopback from fwk, gin and echo, each on a bare
// http.Server and given the serve command's timeouts (fwk through
// App.Serve, gin and echo through workload.SafeServer, what their Run and
// Start become with those timeouts). Its instruction counts, from
// instructions.sh in this folder, do not depend on the machine's load.
package serveget
