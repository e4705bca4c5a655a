#!/bin/sh
# Run by the postgres image once, on a new data volume (docker-compose.yml
# mounts it into /docker-entrypoint-initdb.d/): creates the app's unprivileged
# role. On an existing volume run it once by hand:
#   docker compose exec db sh /docker-entrypoint-initdb.d/10-gamenight-roles.sh
set -eu
psql --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v owner="$POSTGRES_USER" \
    -v app_role="${POSTGRES_APP_USER:-gamenight_app}" \
    -v app_password="${POSTGRES_APP_PASSWORD:?set POSTGRES_APP_PASSWORD}" \
    -f /gamenight/postgres-roles.sql
