# One image for every service: docker-compose.yml picks each service's main.js by its command.
# Node 24 LTS, the Node the site runs on everywhere.

FROM node:24-bookworm-slim AS build
# python3, make and g++ compile argon2 from source (its prebuilt binary crashes on some machines),
# against this image's own Node headers, so nothing is downloaded for it.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/* \
    && npm install -g pnpm@10.34.9  # package.json packageManager: keep in step
ENV npm_config_nodedir=/usr/local npm_config_build_from_source=true
WORKDIR /src
# The packages first: this layer is rebuilt only when the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile \
    && pnpm --filter @coach/pwa build \
    && node scripts/build-production.mjs /app \
    && mkdir -p /app/var/outbox

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# A small young generation, a capped old one, two malloc arenas and large buffers given back when
# freed: the whole site stays within 512 MB (the embedded stack runs its services the same way).
ENV NODE_OPTIONS="--max-semi-space-size=1 --max-old-space-size=128" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
# /app belongs to the non-root user that runs the services; e-mails without SMTP_URL are written
# to var/outbox there.
RUN mkdir /app && chown node:node /app
COPY --from=build --chown=node:node /app /app
WORKDIR /app
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "gateway/dist/main.js"]
