# The catalog service as an image: built in one stage, run from a slim one as a non-root user.
# Build:  podman build --format docker -t tcg-catalog .     (or: docker build -t tcg-catalog .)
# Run:    podman run -p 3000:3000 -v catalog-data:/app/var tcg-catalog
# --format docker keeps the HEALTHCHECK (the OCI image format has no place for it).

# Both stages start from this Node 24 image; any image with Node 24 (or 22) and npm does, as the
# stack test's, made from Debian's packages, shows.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
# --ignore-scripts: the image's Node runs the service, so the devDependency `node` (a second Node for
# clones on an older one) is not fetched. better-sqlite3 needs no script: its binaries (Node-API,
# one for every Node from 22 on) come in its package.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src src
RUN node node_modules/typescript/bin/tsc -p tsconfig.build.json \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@tcg-catalog

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build /build/package.json ./
COPY --from=build /build/node_modules node_modules
COPY --from=build /build/dist/src dist/src
COPY fixtures/demo-catalog fixtures/demo-catalog
COPY public public
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
# The SQLite files, the bulk files and the crawl cache all live under ./var (the defaults of
# DATABASE_URL and BULK_DIR): one volume keeps them. uid 1000 is the official image's `node` user.
RUN mkdir -p /app/var && chown 1000:1000 /app/var
VOLUME /app/var
USER 1000:1000
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# SIGTERM (the default stop signal) drains: requests in flight are answered, then the process exits 0
# within 10 s, the grace period `docker stop` and `podman stop` give.
CMD ["node", "--max-semi-space-size=16", "--no-allocation-site-pretenuring", "--heap-growing-percent=25", "dist/src/main.js"]
