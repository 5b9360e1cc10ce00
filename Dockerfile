# syntax=docker/dockerfile:1
# One image for every Node process of Nocturne: the subgraph services and the gateway (which also serves
# the built frontend). The workspace entry point is chosen at build time (NOCTURNE_ENTRY) and can be
# overridden at run time with the environment variable of the same name. docker-compose.yml builds it
# once per service with the matching arguments; the build stage is shared through the layer cache.
#
#   docker build -t nocturne-gateway .
#   docker build -t nocturne-auth --build-arg NOCTURNE_ENTRY=services/auth/dist/main.js --build-arg HEALTH_PORT=4001 .

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, TypeScript and the Vite bundle ------------------------------------------------
FROM ${NODE_IMAGE} AS build
# The npm the lockfile is maintained with (npm 11 leaves dependencies' install scripts off unless allowed).
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund --loglevel=error
WORKDIR /app
# Everything .dockerignore lets through: sources and every workspace's package.json (npm ci needs them all).
COPY . .
# npm ci when the lockfile is complete for this platform; npm install (same versions, lockfile as the
# base) when npm ci rejects it, as npm 11.19 does for a lockfile that lists only one platform's optional
# native packages.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo "npm ci rejected package-lock.json; installing with npm install" >&2; npm install --no-audit --no-fund; }
RUN npm run build
# Keep production dependencies only, and drop what no server reads at run time.
RUN --mount=type=cache,target=/root/.npm \
    npm prune --omit=dev --no-audit --no-fund \
 && rm -rf frontend/src frontend/test frontend/node_modules e2e/node_modules \
 && find packages services gateway stack -name '*.test.ts' -delete \
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
