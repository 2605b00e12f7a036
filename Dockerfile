# The bank's server as one image: the API, the built web app and the migrations.
# Not built on the project's machines (they have no container engine); see docs/deploy.md.
#
#   docker build -t padma-bank .
#   docker run -p 3000:3000 -v bank-data:/data padma-bank          # embedded database (one instance)
#   docker compose -f deploy/compose.yaml up                        # PostgreSQL cluster, two instances

# ---- build: every dependency, then the web app, the bundled server and the PGlite template ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lock file alone first, so that a change to the sources does not reinstall every package.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm run build` is `node scripts/build-if-stale.mjs --force`: dist/web (Vite), dist/server
# (esbuild, packages left external) and dist/pglite-template (an empty embedded cluster).
RUN npm run build

# ---- runtime: production dependencies and what the build wrote ----
FROM node:20-bookworm-slim AS runtime
# pg_dump and pg_restore for `npm run backup` and `npm run restore` against PostgreSQL. Debian 12
# ships version 15, the server's major version; pg_dump refuses a server newer than itself, so
# this moves with the server.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
# The bundle imports its packages from node_modules (esbuild `packages: 'external'`); every one
# it imports is in `dependencies`. So is tsx, which `npm run db:migrate`, `backup` and `restore`
# run under, so they work in this image too.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
# The sources the tsx scripts above import (the server itself runs dist/server/main.js).
COPY --from=build /app/tsconfig.json ./
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/scripts/backup.ts /app/scripts/restore.ts ./scripts/
# The server makes DATA_DIR private to its own user at start (0700), so the user must own it. A
# named volume takes this ownership from the image; a bind mount must be owned by uid 1000.
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
EXPOSE 3000
# /readyz answers 200 once the database answers and holds every migration; the slim image has no
# curl, so node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as process 1, not npm: SIGTERM reaches the server, which drains and closes its pool.
CMD ["node", "dist/server/main.js"]
