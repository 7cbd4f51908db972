# The CRM in one image: the API (api/dist) serving the host and remote builds on one origin.
#   docker build -t crm .         docker compose up --build (docker-compose.yml)
# Operator commands in the image: node api/dist/migrate.js | backup.js | restore.js | storage-migrate.js |
# allowlist-disable.js (docs/backups.md, README).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every package built once, then the API's production dependencies alone ----
FROM ${NODE_IMAGE} AS build
RUN npm install -g pnpm@10
WORKDIR /src
# The lockfile and manifests first, so a code change reuses the installed dependencies' layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY api/package.json api/
COPY host/package.json host/
COPY remote-leads/package.json remote-leads/
COPY remote-documents/package.json remote-documents/
COPY remote-admin/package.json remote-admin/
COPY shared/package.json shared/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build
# `pnpm deploy`: api/ with only its production dependencies (@crm/shared is bundled into api/dist by esbuild, so it is
# a build-time dependency); then what the API reads beside it: the root package.json (the release name), the shared
# package.json (the host's @crm/shared version) and the front-end builds it serves.
RUN pnpm --filter @crm/api deploy --legacy --prod /out/api \
 && cp package.json /out/ \
 && mkdir -p /out/shared && cp shared/package.json /out/shared/ \
 && for p in host remote-leads remote-documents remote-admin; do mkdir -p "/out/$p" && cp -r "$p/dist" "/out/$p/"; done

# ---- runtime ----
FROM ${NODE_IMAGE}
# pg_dump and pg_restore for backups on PostgreSQL, of the server's major version (docs/backups.md): Debian 12 ships 15,
# the compose file runs PostgreSQL 16, so they come from apt.postgresql.org. Change PG_MAJOR with the server.
ARG PG_MAJOR=16
ADD https://www.postgresql.org/media/keys/ACCC4CF8.asc /usr/share/keyrings/pgdg.asc
RUN chmod 644 /usr/share/keyrings/pgdg.asc \
 && apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && echo "deb [signed-by=/usr/share/keyrings/pgdg.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends "postgresql-client-${PG_MAJOR}" \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the app; only DATA_DIR is the app's to write.
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
# The official image's unprivileged user (uid 1000).
USER node
VOLUME ["/data"]
EXPOSE 8080
# /api/ready answers 503 while the instance drains (docs/decisions/050); Node's fetch, so no curl in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "api/dist/server.js"]
