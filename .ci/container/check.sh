#!/usr/bin/env bash
# The container check: builds the image from the Dockerfile on a locally made base (Debian bookworm
# from Debian's packages, Node 22 from the npm registry: no container registry is reachable here),
# starts compose.yaml's stack (server, MariaDB, Redis) with podman-compose, waits for readiness,
# signs in and sends a sandbox WhatsApp message through it, then removes it all. Any failure stops
# it with the containers' logs. Usage: bash .ci/container/check.sh (CONTAINER_CHECK_PORT: 18150).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
started=$(date +%s)
say() { echo "-- $* ($(($(date +%s) - started))s)"; }
port=${CONTAINER_CHECK_PORT:-18150}
project=atendo-check
image=localhost/atendo:check
npm_version=11.21.2

missing=()
for tool in podman runc mmdebstrap podman-compose; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc mmdebstrap podman-compose >/dev/null
fi

# runc (crun refuses this machine's cgroups) and lower ulimits: podman's defaults are above this
# machine's limits, and runc then starts nothing (it refuses even nproc above 32768 here).
work=$(mktemp -d)
cat >"$work/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
[engine]
runtime = "runc"
CONF
export CONTAINERS_CONF="$work/containers.conf"

compose() { podman-compose -p "$project" -f "$work/compose.yaml" "$@"; }
teardown() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    echo "!! container check failed (exit $status): the stack's logs follow"
    for container in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
      echo "---- $container ($(podman inspect --format '{{.State.Status}} exit {{.State.ExitCode}}' "$container"))"
      podman logs --tail 80 "$container" 2>&1 || true
    done
  fi
  [ -f "$work/compose.yaml" ] && compose down -v >/dev/null 2>&1 || true
  remove_stack
  rm -rf "$work"
  say "done"
  exit "$status"
}
# This project's containers, volumes and network, and nothing else; also what a run stopped before
# its teardown left (MariaDB's old volume would keep another password).
remove_stack() {
  podman rm -f $(podman ps -aq --filter "label=io.podman.compose.project=$project") >/dev/null 2>&1 || true
  podman volume rm -f $(podman volume ls -q --filter "label=io.podman.compose.project=$project") >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
}
trap teardown EXIT
trap 'exit 143' TERM INT
remove_stack

# The base: made once per Node and npm version, then found by its tag.
node22=$(bash .ci/node22.sh)
node_version=$("$node22/bin/node" -p 'process.versions.node')
base=localhost/atendo-base:bookworm-node$node_version-npm$npm_version
if podman image exists "$base"; then
  say "base $base (kept from an earlier run)"
else
  say "making base $base"
  (cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null && mkdir npm && tar xzf "npm-$npm_version.tgz" -C npm)
  # As the official node image lays it out: node, npm and the headers under /usr/local, a `node`
  # user (uid 1000); no manuals, docs or translations.
  mmdebstrap --variant=minbase --quiet \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --customize-hook="cp -a '$node22/bin/node' \"\$1/usr/local/bin/node\" && cp -a '$node22/include/.' \"\$1/usr/local/include/\"" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm/package' \"\$1/usr/local/lib/node_modules/npm\"" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >>"$1/etc/passwd" && echo "node:x:1000:" >>"$1/etc/group" && mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
    bookworm "$work/base.tar"
  podman import --quiet --change 'CMD ["node"]' "$work/base.tar" "$base" >/dev/null
  rm -f "$work/base.tar"
fi

say "stand-ins for the MariaDB and Redis images"
podman build --quiet --network host --build-arg "BASE=$base" -t localhost/atendo-check-mariadb \
  -f .ci/container/mariadb.Containerfile .ci/container >/dev/null
podman build --quiet --network host --build-arg "BASE=$base" -t localhost/atendo-check-redis \
  -f .ci/container/redis.Containerfile .ci/container >/dev/null

say "building $image"
build_started=$(date +%s)
# Docker's format keeps the HEALTHCHECK (OCI's has none). One stage at a time: with --jobs 2, a stage
# that fails leaves the other's RUN running on, orphaned. This machine reaches the npm registry
# through a TLS-inspecting proxy: its CA goes in as the build secret the Dockerfile takes for that.
ca=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
podman build --format docker --jobs 1 --network host --build-arg "BASE=$base" --secret "id=ca,src=$ca" \
  -t "$image" -f Dockerfile . \
  >"$work/build.log" 2>&1 || { tail -60 "$work/build.log"; exit 1; }
say "built in $(($(date +%s) - build_started))s, $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1 / 1e6}')"

# compose.yaml as a user runs it, from a copy so that a developer's .env (podman-compose 1.0 lets it
# win over the environment) changes nothing. The stand-ins are on for this stack only, which is
# published on the loopback address alone.
cp compose.yaml "$work/compose.yaml"
export ATENDO_IMAGE=$image MARIADB_IMAGE=localhost/atendo-check-mariadb REDIS_IMAGE=localhost/atendo-check-redis
export ATENDO_PORT=127.0.0.1:$port PUBLIC_URL=http://127.0.0.1:$port SANDBOX=true
export DB_PASSWORD=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n') REDIS_PASSWORD=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')
export ADMIN_EMAIL=operator@atendo.test ADMIN_PASSWORD=$(od -An -N18 -tx1 /dev/urandom | tr -d ' \n')
say "starting the stack"
compose up -d --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log"; exit 1; }

say "waiting for readiness, then signing in and sending a sandbox message"
"$node22/bin/node" .ci/container/smoke.mjs "http://127.0.0.1:$port" "$ADMIN_EMAIL" "$ADMIN_PASSWORD"

server=$(podman ps --filter "label=io.podman.compose.project=$project" --filter "label=com.docker.compose.service=server" --format '{{.Names}}')
podman healthcheck run "$server" >/dev/null || { echo "!! the image's HEALTHCHECK fails on a ready server"; exit 1; }
uid=$(podman exec "$server" id -u)
[ "$uid" != 0 ] || { echo "!! the server runs as root"; exit 1; }
podman exec "$server" test -s /data/secrets.json || { echo "!! no generated secrets in the /data volume"; exit 1; }
say "the image's HEALTHCHECK passes, the server runs as uid $uid and keeps its data in /data"
