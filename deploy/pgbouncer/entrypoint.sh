#!/bin/sh
# Writes the one login PgBouncer accepts from the environment, owner-only, outside the image and
# the repository, then runs PgBouncer in the foreground as process 1 (it stops on SIGTERM/SIGINT).
set -eu
umask 077
auth_file=/tmp/pgbouncer-userlist.txt
escaped=$(printf '%s' "$BANK_DB_PASSWORD" | sed 's/"/""/g')
printf '"bank" "%s"\n' "$escaped" > "$auth_file"
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
