#!/usr/bin/env bash
# The blog's deployment test (deploy_test.go, TestDeploy): PostgreSQL,
# redis-server, HAProxy ending TLS (haproxy.cfg here) and three blog
# replicas on loopback ports (the third behind a second, appending proxy),
# under load, with a replica killed, a key rotated by two rolling restarts,
# Redis stopped and a client spoofing X-Forwarded-For at the login limit.
# It prints a report (requests, successes per kind, errors by cause,
# p50/p99, writes checked in PostgreSQL, client addresses in the logs).
#
# As root on Debian it installs what is missing (haproxy, postgresql,
# redis-server); elsewhere, without them, the test says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "installing ${missing[*]}"
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } ||
			echo "could not install ${missing[*]}: the deployment test will skip"
	else
		echo "${missing[*]} missing and not installable here (needs root and apt-get): the deployment test will skip"
	fi
fi

BLOG_DEPLOY_TEST=1 go test -tags postgres -count=1 -run '^TestDeploy$' -v .
