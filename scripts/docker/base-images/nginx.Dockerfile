# Stand-in for nginx:1.30 without its ACME module: Debian's nginx 1.22, with the official image's
# start: every /etc/nginx/templates/*.template written to /etc/nginx/conf.d/ with the environment's
# values, then nginx in the foreground.
FROM coach-ci/debian:bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx-light gettext-base \
    && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default
COPY nginx-entrypoint.sh /docker-entrypoint.sh
EXPOSE 80 443
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
