#!/bin/sh
set -eu
if [ "$1" = nginx ]; then
  # Only the environment's own names are replaced: nginx's variables ($host, ...) stay.
  names=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
  for template in /etc/nginx/templates/*.template; do
    [ -e "$template" ] || continue
    envsubst "$names" < "$template" > "/etc/nginx/conf.d/$(basename "$template" .template)"
  done
fi
exec "$@"
