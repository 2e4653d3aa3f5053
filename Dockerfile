# One image for the api and the worker: the TypeScript sources run directly (SWC compiles on load,
# tools/register.js resolves the @shipledger/* aliases). The command picks the process.
FROM node:20-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data

COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY tsconfig.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps

RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3443

CMD ["node", "-r", "./tools/register.js", "apps/api/src/main.ts"]
