# The Atendo server and its web app in one image. Build: `docker build -t atendo .` (or podman).
# BASE must be a Debian bookworm image with Node 22 (node, npm and the headers under /usr/local,
# as the official image has them) and a `node` user; CI passes one made from Debian's and npm's
# packages, as no container registry is reachable there (scripts/container-check.sh).
ARG BASE=node:22-bookworm-slim

# What compiles better-sqlite3 against this image's Node (.npmrc forbids a downloaded prebuilt), and
# the package manifests alone, so the installs below are cached until a dependency changes.
FROM ${BASE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The headers of the Node that runs the server, with no download from nodejs.org.
ENV npm_config_nodedir=/usr/local npm_config_update_notifier=false ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY desktop/package.json desktop/

# Everything, then the server, the shared contract and the web app built. npm's download cache is a
# cache mount, kept by the builder between builds and never in a layer. Where the npm registry is
# reached through a TLS-inspecting proxy, pass its CA as a build secret: --secret id=ca,src=ca.pem.
FROM toolchain AS build
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
  && npm install --no-audit --no-fund --loglevel=error
COPY tsconfig.json ./
COPY shared shared
COPY server server
COPY desktop desktop
RUN npm run build -w shared \
  && npm run build -w server \
  && npm exec -w desktop -- vite build

# Only what the server needs at run time: no dev tools, none of the desktop app's packages.
FROM toolchain AS deps
RUN --mount=type=secret,id=ca --mount=type=cache,target=/root/.npm \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
  && npm install --omit=dev -w server -w shared --no-audit --no-fund --loglevel=error \
  && mkdir -p server/node_modules shared/node_modules
# Nothing Node loads at run time: type declarations, source maps (over 170 MB), and what compiling
# better-sqlite3 left beside its binding.
RUN find node_modules server/node_modules shared/node_modules -type f \
    \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \) -delete \
  && cd node_modules/better-sqlite3 \
  && rm -rf deps src build/Release/obj build/Release/obj.target build/Release/test_extension.node build/Release/sqlite3.a

FROM ${BASE}
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/server/node_modules server/node_modules
COPY --from=deps /app/shared/node_modules shared/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/desktop/dist/renderer desktop/dist/renderer
# The SQLite file (without DB_URL), generated secrets and uploaded media: kept across upgrades.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# Ready means the database and Redis answer and the migrations are done (GET /health/ready), so a
# load balancer or compose's depends_on waits for it. `podman build` keeps it with --format docker.
HEALTHCHECK --interval=10s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
