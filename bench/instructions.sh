#!/usr/bin/env bash
# instructions.sh counts the machine instructions of one benchmark op with
# callgrind, a figure that does not depend on the machine's load.
#
#   ./instructions.sh 'BindJSON/fwk-bind' [N1 N2]
#
# The benchmark runs twice under callgrind (GOGC=off, no asynchronous
# preemption, which callgrind cannot follow; -cpu 1), N1 and N2
# ops; the difference of the two totals divided by N2-N1 is the count of
# one op, without the start-up and set-up of the test binary. Defaults:
# N1=2000, N2=12000. Needs valgrind (apt-get install -y valgrind).
# GOGC=100 ./instructions.sh ... counts the garbage collector's work too
# (deterministic enough to compare, since the collections follow the
# allocations; use N2-N1 of many collections, e.g. 20000 requests).
set -euo pipefail
cd "$(dirname "$0")"
name=${1:?benchmark name, e.g. BindJSON/fwk-bind}
n1=${2:-2000}
n2=${3:-12000}
bin=$(mktemp -d)/bench.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
go test -c -o "$bin" .
pattern="^Benchmark${name%%/*}\$"
[[ $name == */* ]] && pattern="$pattern/^${name#*/}\$"
count() {
	local out="$(dirname "$bin")/cg.$1"
	GODEBUG=asyncpreemptoff=1 GOGC=${GOGC:-off} valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" \
		-test.run '^$' -test.bench "$pattern" -test.benchtime "${1}x" -test.cpu 1 >/dev/null 2>&1
	callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}'
}
i1=$(count "$n1")
i2=$(count "$n2")
echo "$name $(( (i2 - i1) / (n2 - n1) )) instructions/op"
