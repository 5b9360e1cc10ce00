# syntax=docker/dockerfile:1
# One image for every Node process of Nocturne: the subgraph services and the gateway (which also serves
# the built frontend). The workspace entry point is chosen at build time (NOCTURNE_ENTRY) and can be
# overridden at run time with the environment variable of the same name. docker-compose.yml builds it
# once per service with the matching arguments; the build stage is shared through the layer cache.
#
#   docker build -t nocturne-gateway .
#   docker build -t nocturne-auth --build-arg NOCTURNE_ENTRY=services/auth/dist/main.js --build-arg HEALTH_PORT=4001 .

# Node 24 LTS, an exact release (tags move; pin a digest with `docker buildx imagetools inspect` where the
# registry is reachable). The same release as the root package.json's node-linux-* packages, which bring
# Node 24 to machines that have an older one (stack/src/runtime.unit.test.ts keeps the two in step).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- build: every dependency, TypeScript and the Vite bundle ------------------------------------------------
FROM ${NODE_IMAGE} AS build
# The npm the lockfile is maintained with (npm 11 leaves dependencies' install scripts off unless allowed).
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
# 1. The package manifests only: the lockfile and every workspace's package.json (npm ci needs them all;
#    `npm run compose:check` fails when a workspace is missing here). Until one of them changes, this layer
#    and the install below come from the build cache, whatever else changed.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY services/auth/package.json services/auth/
COPY services/profile/package.json services/profile/
COPY services/swipe/package.json services/swipe/
COPY services/chat/package.json services/chat/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY stack/package.json stack/
COPY tools/demo/package.json tools/demo/
COPY tools/bench/package.json tools/bench/
COPY tests/system/package.json tests/system/
COPY infra/package.json infra/
COPY e2e/package.json e2e/
# 2. Exactly the lockfile's versions, or nothing: npm ci refuses a lockfile out of step with the manifests.
#    The lockfile lists the optional native packages of every platform (linux x64 and arm64 included), so
#    the same file installs on either.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
# 3. The sources (.dockerignore keeps node_modules, builds and secrets out), then the build.
COPY . .
RUN npm run build
# Keep production dependencies only, and drop what no server reads at run time (the image's own Node runs
# everything: the copy npm ci brought for machines with an older Node goes too).
RUN --mount=type=cache,target=/root/.npm \
    npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-* node_modules/.bin/node \
 && rm -rf frontend/src frontend/test frontend/node_modules e2e/node_modules \
 && find packages services gateway stack tools -name '*.test.ts' -delete \
 && find . -name '*.tsbuildinfo' -not -path './node_modules/*' -delete

# ---- runtime: production dependencies, compiled code, the built frontend; runs as the non-root "node" ------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NOCTURNE_DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build /app /app
# The only writable place: data of the embedded adapters, used when no real infrastructure is configured.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node

# Which workspace to run, and the port its /readyz answers on:
#   gateway          stack/dist/gatewayMain.js        8080 (PORT)
#   auth subgraph    services/auth/dist/main.js       4001 (AUTH_PORT)
#   profile subgraph services/profile/dist/main.js    4002 (PROFILE_PORT)
#   swipe subgraph   services/swipe/dist/main.js      4003 (SWIPE_PORT)
#   chat subgraph    services/chat/dist/main.js       4004 (CHAT_PORT)
#   demo night owls  tools/demo/dist/main.js          4010 (NIGHT_OWLS_PORT)
ARG NOCTURNE_ENTRY=stack/dist/gatewayMain.js
ARG HEALTH_PORT=8080
ENV NOCTURNE_ENTRY=${NOCTURNE_ENTRY} \
    HEALTH_PORT=${HEALTH_PORT}
# 9464-9468: each process's /metrics (METRICS_PORT), for Prometheus inside the network only.
EXPOSE 8080 4001 4002 4003 4004 9464 9465 9466 9467 9468

# Healthy = ready (GET /readyz answers 2xx); liveness is GET /healthz on the same port.
HEALTHCHECK --interval=10s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# exec: node replaces the shell and receives SIGTERM itself (the services shut down cleanly on it).
CMD ["sh", "-c", "exec node \"$NOCTURNE_ENTRY\""]
