#!/usr/bin/env bash
# with-postgres.sh COMMAND...: runs COMMAND with a throwaway PostgreSQL server of its own, for the
# tests of the online games' PostgreSQL store and of several server nodes on one database. The
# server lives in a new temporary folder, listens on 127.0.0.1 on a free port, trusts local
# connections, and is stopped and deleted when COMMAND ends; COMMAND finds it in
# DUOBAO_TEST_POSTGRES (postgres://postgres@127.0.0.1:PORT/duobao). Debian's `postgresql`
# package provides the server (scripts/setup.sh installs it); as root it runs as the `postgres`
# user, since PostgreSQL refuses to run as root.
set -euo pipefail

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if [[ -z "$bin" || ! -x "$bin/initdb" ]]; then
  echo "with-postgres: no PostgreSQL server (/usr/lib/postgresql/*/bin/initdb): run scripts/setup.sh" >&2
  exit 1
fi

folder="$(mktemp -d /tmp/duobao-postgres.XXXXXX)"
as_owner=()
if [[ "$(id -u)" == 0 ]]; then
  chown postgres: "$folder"
  as_owner=(runuser -u postgres --)
fi
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$folder"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$folder/data" -U postgres --auth=trust -E UTF8 >"$folder/initdb.log" 2>&1 \
  || { cat "$folder/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null \
  || { cat "$folder/server.log" >&2; exit 1; }
"${as_owner[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres duobao

export DUOBAO_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/duobao"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $DUOBAO_TEST_POSTGRES"
"$@"
