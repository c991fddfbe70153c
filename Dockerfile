# syntax=docker/dockerfile:1
# The service image: compiled in one stage, run in another with production dependencies only, as a non-root user.
#   docker build -t workflow-execution-service .
#   docker run -p 8080:8080 -v wes-data:/data workflow-execution-service

FROM node:24-bookworm-slim AS build
# Native modules (better-sqlite3, isolated-vm) compile from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
# The npm that wrote the lockfile and reads its allowScripts: only the approved install scripts run.
RUN npm install -g npm@11.19.1 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# Everything .dockerignore lets through: sources, configs and the build scripts.
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
# bubblewrap and python3 run Python script nodes in their sandbox; tini reaps the sandboxes' processes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends bubblewrap python3 tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    ENGINE_PORT=8080 \
    ENGINE_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
# On PATH: `wes`, the command line (its launcher runs dist/cli/main.js with --no-node-snapshot), and `nu` for
# NuShell script nodes, from the optional npm package @nushell/linux-x64; npm installs that one on x64 only, so
# on other platforms nu is left out and NuShell nodes say it is missing.
RUN ln -s /app/bin/wes.js /usr/local/bin/wes \
 && if [ -x node_modules/@nushell/linux-x64/bin/nu ]; then ln -s /app/node_modules/@nushell/linux-x64/bin/nu /usr/local/bin/nu; fi \
 && mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.ENGINE_PORT || 8080) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--no-node-snapshot", "dist/server/main.js"]
