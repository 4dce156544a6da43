#!/usr/bin/env bash
# Runs the end-to-end benchmark (README.md in this folder); arguments go to
# the driver, e.g.:
#
#   e2e/run.sh                          # 3 rounds of 10 s per server and workload (about 20 minutes)
#   e2e/run.sh -rounds 1 -duration 2s   # a quick look
#   e2e/run.sh -check                   # build every server and check its answers only
#   e2e/run.sh -servers fwk,gin -workloads user
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./e2e/driver "$@"
