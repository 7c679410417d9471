#!/usr/bin/env bash
# Starts Debian's PostgreSQL on 127.0.0.1 for the tests that run against a server, and prints the
# DATABASE_URL to use. Creates the cluster when the package did not.
set -euo pipefail
port="${PGPORT_FOR_TESTS:-5433}"
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
bin="/usr/lib/postgresql/${version}/bin"
data="${PGDATA_FOR_TESTS:-/tmp/portal-ci-postgres}"
if [ ! -f "${data}/PG_VERSION" ]; then
  rm -rf "${data}" && mkdir -p "${data}" && chown postgres:postgres "${data}"
  su postgres -s /bin/sh -c "${bin}/initdb -D '${data}' -A trust -U postgres >/dev/null"
fi
if ! su postgres -s /bin/sh -c "${bin}/pg_ctl -D '${data}' status" >/dev/null 2>&1; then
  su postgres -s /bin/sh -c "${bin}/pg_ctl -D '${data}' -l '${data}/server.log' -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1' -w start" >/dev/null
fi
for database in portal_ci; do
  su postgres -s /bin/sh -c "${bin}/psql -h 127.0.0.1 -p ${port} -U postgres -tAc \"SELECT 1 FROM pg_database WHERE datname='${database}'\"" | grep -q 1 \
    || su postgres -s /bin/sh -c "${bin}/createdb -h 127.0.0.1 -p ${port} -U postgres ${database}"
done
echo "postgres://postgres@127.0.0.1:${port}/portal_ci"
