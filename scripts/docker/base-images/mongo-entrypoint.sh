#!/bin/bash
set -euo pipefail
# Arguments alone are mongod's.
if [ "${1:0:1}" = '-' ]; then set -- mongod "$@"; fi
if [ "$1" != mongod ]; then exec "$@"; fi
shift
# As the official image: the volume is the mongodb user's, and mongod runs as that user; secret
# files are read as that user too (so they must be readable by it).
if [ "$(id -u)" = 0 ]; then
  chown -R mongodb:mongodb /data/db /data/configdb
  export HOME=/data/db
  exec setpriv --reuid=mongodb --regid=mongodb --init-groups "$0" mongod "$@"
fi
password="${MONGO_INITDB_ROOT_PASSWORD:-}"
if [ -n "${MONGO_INITDB_ROOT_PASSWORD_FILE:-}" ]; then password="$(cat "$MONGO_INITDB_ROOT_PASSWORD_FILE")"; fi
if [ -n "${MONGO_INITDB_ROOT_USERNAME:-}" ] && [ ! -e /data/db/WiredTiger ]; then
  # A new volume: the root user is made by a mongod that only this container reaches.
  mongod --dbpath /data/db --bind_ip 127.0.0.1 --port 27017 --fork --logpath /tmp/mongod-init.log
  MONGO_INITDB_PASSWORD="$password" mongosh --quiet admin --eval \
    'db.createUser({ user: process.env.MONGO_INITDB_ROOT_USERNAME, pwd: process.env.MONGO_INITDB_PASSWORD, roles: [{ role: "root", db: "admin" }] })'
  mongod --dbpath /data/db --shutdown
fi
if [ -n "${MONGO_INITDB_ROOT_USERNAME:-}" ]; then set -- --auth "$@"; fi
case " $* " in *" --bind_ip_all "* | *" --bind_ip "*) ;; *) set -- --bind_ip_all "$@" ;; esac
exec mongod "$@"
