#!/bin/bash
# The standby's first start copies the primary with pg_basebackup (through the slot the primary's
# init script made) and writes standby.signal; every later start finds the copy and goes straight
# to the image's own entrypoint, which runs PostgreSQL as a hot standby streaming from the primary.
set -euo pipefail

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U replicator -q; do
    echo "waiting for the primary at $PRIMARY_HOST"
    sleep 1
  done
  mkdir -p "$(dirname "$PGDATA")"
  chown postgres:postgres "$(dirname "$PGDATA")"
  PGPASSWORD="$REPLICATION_PASSWORD" gosu postgres \
    pg_basebackup --host="$PRIMARY_HOST" --username=replicator --pgdata="$PGDATA" \
      --wal-method=stream --slot=standby --write-recovery-conf --checkpoint=fast --progress
  # application_name is the name synchronous_standby_names waits for; written last, so it wins
  # over the primary_conninfo pg_basebackup wrote. The file is the server's own, mode 0600.
  printf "primary_conninfo = 'host=%s port=5432 user=replicator password=%s application_name=standby'\n" \
    "$PRIMARY_HOST" "$REPLICATION_PASSWORD" | gosu postgres tee -a "$PGDATA/postgresql.auto.conf" > /dev/null
fi

exec docker-entrypoint.sh "$@"
