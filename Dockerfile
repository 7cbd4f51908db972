# Builds every package once, then runs the API, which serves the host and remote builds.
FROM node:24-bookworm-slim AS build
RUN npm install -g pnpm@10
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
RUN npm install -g pnpm@10
WORKDIR /app
COPY --from=build /app /app
RUN pnpm install --frozen-lockfile --prod
EXPOSE 8080
CMD ["node", "api/dist/server.js"]
