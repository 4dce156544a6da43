#!/usr/bin/env bash
# Replaces the embedded Swagger UI files (static/swagger-ui/) with those of the
# version of swagger-ui-dist given, from the npm registry:
#
#	bash openapiui/update-assets.sh 5.35.0
#
# Then set Version in openapiui/openapiui.go to the same version (the test
# TestAssetsVersion fails until it matches), update the version in the
# README's dependency table and in openapiui/NOTICE, run the tests (the
# browser test of examples/blog renders the page) and commit static/swagger-ui/.
# Only the files the page loads are kept, with the licence files; the
# source-map comments are removed, since the maps are not shipped.
set -euo pipefail
version=${1:?usage: update-assets.sh VERSION (of swagger-ui-dist on npm)}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "swagger-ui-dist@$version" >/dev/null && tar xzf swagger-ui-dist-"$version".tgz)
pkg=$tmp/package
out=$here/static/swagger-ui
rm -rf "$out" && mkdir -p "$out"
for f in LICENSE NOTICE package.json swagger-ui-bundle.js.LICENSE.txt favicon-32x32.png; do
	cp "$pkg/$f" "$out/$f"
done
sed -e '/^\/\/# sourceMappingURL=/d' "$pkg/swagger-ui-bundle.js" >"$out/swagger-ui-bundle.js"
sed -e 's#/\*\# sourceMappingURL=[^*]*\*/##' "$pkg/swagger-ui.css" >"$out/swagger-ui.css"
echo "swagger-ui-dist $version copied to $out"
