# One image for every service; docker-compose.yml picks the service by its command.
FROM node:20-bookworm-slim AS base
# python3, make and g++ build argon2 from source (its prebuilt binary is unreliable).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/* && npm install -g pnpm@10
WORKDIR /app

FROM base AS build
COPY . .
RUN npm_config_build_from_source=true pnpm install --frozen-lockfile \
    && pnpm --filter @coach/pwa build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
CMD ["node", "--import", "tsx", "services/gateway/src/main.ts"]
