#!/usr/bin/env bash
# instructions.sh counts the machine instructions of the server alone for
# one kept-alive GET /users/12345, for each variant of this package, with
# callgrind: a figure that does not depend on the machine's load.
#
#   e2e/serveget/instructions.sh [N1 N2]
#
# The server (TestServeExternal) runs under callgrind (GOGC=off, no
# asynchronous preemption, GOMAXPROCS=1) and the client (TestLoadExternal)
# in another process, twice: N1 and N2 requests over 8 connections. The
# difference of the two totals divided by N2-N1 is the count of one
# request, without start-up. Defaults: N1=2000, N2=12000;
# VARIANTS="fwk fwk-serve" picks some. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")"
n1=${1:-2000}
n2=${2:-12000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go test -c -o "$dir/serveget.test" .
port=$((20000 + RANDOM % 20000))
count() {
	local addr=127.0.0.1:$port
	port=$((port + 1))
	SERVEGET_ADDR=$addr SERVEGET_VARIANT=$1 SERVEGET_CONNS=9 GODEBUG=asyncpreemptoff=1 GOGC=off GOMAXPROCS=1 \
		valgrind --tool=callgrind --callgrind-out-file="$dir/cg" \
		"$dir/serveget.test" -test.run '^TestServeExternal$' >/dev/null 2>&1 &
	local pid=$!
	SERVEGET_ADDR=$addr SERVEGET_N=$2 "$dir/serveget.test" -test.run '^TestLoadExternal$' >/dev/null
	wait "$pid"
	callgrind_annotate "$dir/cg" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}'
}
for v in ${VARIANTS:-fwk fwk-serve gin gin-timeouts echo echo-timeouts}; do
	i1=$(count "$v" "$n1")
	i2=$(count "$v" "$n2")
	echo "$v $(( (i2 - i1) / (n2 - n1) )) instructions/GET"
done
