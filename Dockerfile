# The storefront as one image: `docker build -t storefront .`, then one process per container
# (docs/deploy.md). Never built on the machine this was written on (no image can be pulled there); the
# same layout was checked by hand: production dependencies only, run as an unprivileged user.

ARG NODE_IMAGE=node:20-bookworm-slim

# Every workspace's manifest: npm ci checks them all against the lockfile.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY apps/courier/package.json apps/courier/
COPY apps/native/package.json apps/native/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Everything the build needs (Vite, React Router's compiler, Tailwind).
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Only what the server runs: the API's and the web app's production dependencies (tsx among them,
# because the server is TypeScript compiled on load), none of the tests', benches' or build tools'.
FROM manifests AS production-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund --workspace=@storefront/api --workspace=@storefront/web

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The code stays root's and read-only to the server; only DATA_DIR is its to write.
COPY --from=production-deps /app ./
COPY tsconfig.json tsconfig.base.json ./
COPY scripts scripts
COPY packages/domain/src packages/domain/src
COPY apps/api/src apps/api/src
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/build apps/web/build
COPY --from=build /app/apps/console/build apps/console/build
COPY --from=build /app/apps/courier/build apps/courier/build
# scripts/start.mjs rebuilds when a source looks newer than a build; this image has no build tools,
# so each build is made its newest file.
RUN touch apps/web/build/server/index.js apps/console/build/client/index.html apps/courier/build/index.html \
    && mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only (the process answers); load balancers ask /api/ready, which also checks the database,
# Redis and migrations and turns 503 while the process drains.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
