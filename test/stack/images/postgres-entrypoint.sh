# The official postgres image's first start, in short: an empty data directory gets a cluster whose
# POSTGRES_USER (a superuser) signs in with POSTGRES_PASSWORD over TCP, and the POSTGRES_DB database.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
  createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
fi
exec postgres -c listen_addresses='*' "$@"
