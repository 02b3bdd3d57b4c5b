# Stand-in for redis:7: Debian's Redis 7.0 server and client, data in /data, and protected mode off
# as the official image builds it (a Sentinel without a password answers other containers).
FROM coach-ci/debian:bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends redis-server redis-tools \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir /data \
    && printf '#!/bin/sh\nexec /usr/bin/redis-server "$@" --protected-mode no\n' > /usr/local/bin/redis-server \
    && chmod +x /usr/local/bin/redis-server
WORKDIR /data
VOLUME /data
EXPOSE 6379
CMD ["redis-server"]
