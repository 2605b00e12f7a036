#!/bin/bash
# Runs once, when the primary's data folder is first initialised (the postgres image runs every
# script in /docker-entrypoint-initdb.d then). Creates the replication user and slot for the
# standby, the bank's own role and database, and turns on synchronous replication.
set -euo pipefail

# Passwords go in as psql variables (:'name' quotes them), never pasted into the SQL text.
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v replication_password="$REPLICATION_PASSWORD" \
  -v bank_password="$BANK_DB_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'replication_password';
-- The slot keeps the WAL the standby has not received yet, however long it is away.
SELECT pg_create_physical_replication_slot('standby');
-- The server connects as an ordinary role that owns its database, never as a superuser.
CREATE ROLE bank LOGIN PASSWORD :'bank_password';
CREATE DATABASE bank OWNER bank;
-- node-postgres asks for a 10 s statement timeout when it connects, but PgBouncer cannot pass
-- that start-up parameter on (pgbouncer.ini ignores it), so the role carries it instead.
ALTER ROLE bank SET statement_timeout = '10s';
-- A commit is acknowledged only once the standby holds it, so a lost primary loses no
-- acknowledged transfer. Set here rather than on the command line: it takes effect when the real
-- server starts, after this script, whose temporary server has no standby to wait for.
ALTER SYSTEM SET synchronous_standby_names = 'FIRST 1 (standby)';
SQL

# The image's pg_hba.conf lets every role in by password except for replication, which "all" does
# not cover.
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
