#!/usr/bin/env bash
# A real cluster on one machine, from Debian's packages (docs/cluster.md):
#   PostgreSQL 15 primary ──streaming, synchronous──▶ standby
#        ▲
#   PgBouncer (transaction pooling) ◀── app instance 1, app instance 2 ◀── nginx ◀── clients
#   and a mail catcher that the instances send their e-mail to, an SMS catcher, and the clearing
#   house (`npm run clearing`, src/clearing-house/main.ts) the instances pay other banks through.
#
#   scripts/cluster.sh up              start everything (a fresh cluster; the old state is removed)
#   scripts/cluster.sh down            stop everything it started; the state folder stays for its logs
#   scripts/cluster.sh status          what runs, on which port, and the replication's state
#   scripts/cluster.sh restart-app N   stop instance N gracefully (SIGTERM), start it again, wait until nginx uses it
#   scripts/cluster.sh failover        stop the primary abruptly, promote the standby, re-point PgBouncer
#   scripts/cluster.sh replication sync|async   whether a commit waits for the standby (sync after up)
#   scripts/cluster.sh stop-clearing   stop the clearing house (SIGTERM); its books stay in the state folder
#   scripts/cluster.sh start-clearing  start it again on the same books, port and key
#   scripts/cluster.sh drill           run the drills (tests/cluster.test.ts) on a cluster of their own
#
# Settings (environment): CLUSTER_STATE_DIR (./cluster-state), the ports CLUSTER_PRIMARY_PORT
# (15432), CLUSTER_STANDBY_PORT (15433), CLUSTER_PGBOUNCER_PORT (16432), CLUSTER_APP1_PORT (3101),
# CLUSTER_APP2_PORT (3102), CLUSTER_NGINX_PORT (8080), CLUSTER_SMTP_PORT (2525), CLUSTER_SMS_PORT
# (2580), CLUSTER_CLEARING_PORT (3190); and for the app
# STAFF_EMAIL, STAFF_PASSWORD, RATE_LIMIT_MULTIPLIER, LOG_LEVEL (warn).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
state=$(realpath -m "${CLUSTER_STATE_DIR:-$root/cluster-state}")
templates=$root/scripts/cluster
pg_bin=/usr/lib/postgresql/15/bin
# What the app's statementTimeoutMs (src/server/db/client.ts) asks of every connection. Through
# PgBouncer the app cannot set it at connection time, so the role carries it.
statement_timeout=10s

fail() {
  echo "cluster: $*" >&2
  exit 1
}

# PostgreSQL and PgBouncer refuse to run as root: as root, they run as the postgres user.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

give_to_postgres() {
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$@"; fi
}

is_running() {
  [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null
}

# Seconds from $1 to $2, both from $EPOCHREALTIME.
seconds_since() {
  awk -v from="$1" -v to="$2" 'BEGIN { printf "%.2f", to - from }'
}

pid_in() {
  # A daemon removes its pid file as it exits: a file gone between the test and the read is no pid.
  [ -f "$1" ] && head -1 "$1" 2>/dev/null | tr -d '[:space:]' || true
}

port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# What holds a local port, if anything does: a listener and its process, or a connection that uses
# the port as its own end (a client's ephemeral port, or one in TIME-WAIT), which also makes a
# server's bind fail. Every default port lies below the kernel's ephemeral range (32768–60999),
# where no client connection can take it.
port_holder() {
  local line
  line=$(ss -Htanp "sport = :$1" 2>/dev/null | head -1)
  if [ -n "$line" ]; then
    echo "$line" | awk '{ printf "%s %s", $1, ($6 == "" ? "(no process: the kernel keeps it)" : $6) }'
    return 0
  fi
  port_taken "$1" && echo "LISTEN (the process could not be named)"
}

# Polls `$@` until it succeeds, for at most $1 seconds.
wait_for() {
  local seconds=$1
  shift
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.1
  done
}

# Waits until process $1 has exited, for at most $2 seconds.
wait_exit() {
  local deadline=$((SECONDS + $2))
  while is_running "$1"; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.05
  done
}

load_settings() {
  [ -f "$state/cluster.env" ] || fail "no cluster in $state (scripts/cluster.sh up)"
  # shellcheck source=/dev/null
  source "$state/cluster.env"
}

# Fills the @NAME@ values of a template from the variables of the same name.
render() {
  sed -e "s|@STATE_DIR@|$state|g" -e "s|@DATABASE_PORT@|$database_port|g" -e "s|@PGBOUNCER_PORT@|$pgbouncer_port|g" \
    -e "s|@APP1_PORT@|$app1_port|g" -e "s|@APP2_PORT@|$app2_port|g" -e "s|@NGINX_PORT@|$nginx_port|g" "$1"
}

psql_on() {
  local port=$1
  shift
  psql -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres "$@"
}

# ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────

# Each node's own settings, included after the shared ones. A standby names no synchronous
# standby of its own: once promoted it serves alone, and waiting for a standby that does not
# exist would stop every commit.
write_node_conf() {
  local node=$1 port=$2 synchronous=$3
  cat >"$state/pg/$node/node.conf" <<EOF
port = $port
unix_socket_directories = '$state/pg'
cluster_name = 'bank_$node'
synchronous_standby_names = '$synchronous'
EOF
}

start_postgres() {
  local node=$1
  as_postgres "$pg_bin/pg_ctl" -D "$state/pg/$node" -l "$state/pg/$node.log" -w -t 60 start >/dev/null ||
    fail "PostgreSQL ($node) did not start: $(tail -5 "$state/pg/$node.log")"
}

start_primary() {
  mkdir -p "$state/pg"
  give_to_postgres "$state/pg"
  as_postgres "$pg_bin/initdb" -D "$state/pg/primary" -U postgres --auth=trust -E UTF8 --no-instructions >"$state/pg/initdb.log"
  cp "$templates/postgresql.conf" "$state/pg/primary/postgresql.cluster.conf"
  printf "\ninclude 'postgresql.cluster.conf'\ninclude 'node.conf'\n" >>"$state/pg/primary/postgresql.conf"
  write_node_conf primary "$primary_port" bank_standby
  give_to_postgres "$state/pg"
  start_postgres primary
}

# A copy of the primary taken over the replication protocol; -R makes it a standby that streams
# from the primary. Its application_name is the one the primary waits for.
start_standby() {
  as_postgres "$pg_bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$state/pg/standby" -R -X stream -c fast
  write_node_conf standby "$standby_port" ''
  echo "primary_conninfo = 'host=127.0.0.1 port=$primary_port user=postgres application_name=bank_standby'" >>"$state/pg/standby/postgresql.auto.conf"
  give_to_postgres "$state/pg"
  start_postgres standby
  wait_for 30 replication_is_synchronous || fail "the standby is not replicating synchronously"
}

replication_is_synchronous() {
  [ "$(psql_on "$primary_port" -c "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'bank_standby'")" = sync ]
}

# The app's own role, not a superuser, owning the app's database; see statement_timeout above.
create_database() {
  psql_on "$primary_port" -c "CREATE ROLE bank LOGIN" -c "ALTER ROLE bank SET statement_timeout = '$statement_timeout'" -c "CREATE DATABASE bank OWNER bank"
  # Migrations take a session advisory lock, which only a direct connection keeps: never through PgBouncer.
  DATABASE_URL="postgres://bank@127.0.0.1:$primary_port/bank" node --import tsx src/server/migrate-main.ts
}

stop_postgres() {
  local node=$1 mode=$2
  [ -f "$state/pg/$node/postmaster.pid" ] || return 0
  as_postgres "$pg_bin/pg_ctl" -D "$state/pg/$node" -m "$mode" -w -t 60 stop >/dev/null 2>&1 || true
}

# ── PgBouncer ───────────────────────────────────────────────────────────────────────────────

write_pgbouncer_conf() {
  mkdir -p "$state/pgbouncer"
  render "$templates/pgbouncer.ini" >"$state/pgbouncer/pgbouncer.ini.new"
  mv "$state/pgbouncer/pgbouncer.ini.new" "$state/pgbouncer/pgbouncer.ini"
  printf '"bank" ""\n"pgbouncer" ""\n' >"$state/pgbouncer/userlist.txt"
  give_to_postgres "$state/pgbouncer"
}

start_pgbouncer() {
  write_pgbouncer_conf
  as_postgres pgbouncer -d -q "$state/pgbouncer/pgbouncer.ini"
  wait_for 10 port_taken "$pgbouncer_port" || fail "PgBouncer did not start: $(tail -5 "$state/pgbouncer/pgbouncer.log")"
}

pgbouncer_admin() {
  psql -X -q -A -t -h 127.0.0.1 -p "$pgbouncer_port" -U pgbouncer -d pgbouncer -c "$1"
}

# ── The mail catcher, the app instances and nginx ─────────────────────────────────────────

start_mail_catcher() {
  mkdir -p "$state/mail"
  nohup node --import tsx "$templates/mail-catcher.ts" "$smtp_port" "$state/mail/inbox" >"$state/mail/catcher.log" 2>&1 </dev/null &
  echo $! >"$state/mail/catcher.pid"
  wait_for 20 port_taken "$smtp_port" || fail "the mail catcher did not start: $(tail -5 "$state/mail/catcher.log")"
}

# The SMS catcher: the instances' SMS gateway, so that every code the bank sends is in $state/sms/inbox.
start_sms_catcher() {
  mkdir -p "$state/sms"
  nohup node --import tsx "$templates/sms-catcher.ts" "$sms_port" "$state/sms/inbox" >"$state/sms/catcher.log" 2>&1 </dev/null &
  echo $! >"$state/sms/catcher.pid"
  wait_for 20 port_taken "$sms_port" || fail "the SMS catcher did not start: $(tail -5 "$state/sms/catcher.log")"
}

# The clearing house as its own process, as Bangladesh Bank's switch is: one for both instances (an
# instance without CLEARING_URL would start a switch of its own and split the payments). It
# delivers through nginx, so either instance takes a delivery; its control API is on (development
# mode) for the drills. Its books are a PGlite folder under $state/clearing.
start_clearing_house() {
  mkdir -p "$state/clearing"
  (
    export CLEARING_PORT="$clearing_port" CLEARING_HOST=127.0.0.1 CLEARING_DATA_DIR="$state/clearing/books" CLEARING_MODE=development
    export CLEARING_PARTICIPANTS=PADMA CLEARING_KEY_PADMA="$clearing_key" CLEARING_INBOUND_URL_PADMA="http://127.0.0.1:$nginx_port/api/clearing/inbound"
    nohup node --import tsx src/clearing-house/main.ts >>"$state/clearing/clearing.log" 2>&1 </dev/null &
    echo $! >"$state/clearing/clearing.pid"
  )
  wait_for 90 port_taken "$clearing_port" || fail "the clearing house did not start: $(tail -5 "$state/clearing/clearing.log")"
}

app_port() {
  if [ "$1" = 1 ]; then echo "$app1_port"; else echo "$app2_port"; fi
}

app_ready() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/readyz")" = 200 ]
}

# Every instance: the same secret and public address, PgBouncer as its database, migrations
# left to `create_database`, nginx as the one proxy it believes about client addresses.
start_app() {
  local instance=$1 port
  port=$(app_port "$1")
  mkdir -p "$state/app$instance/data"
  rm -f "$state/app$instance/app.pid"
  (
    export NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$state/app$instance/data"
    export DATABASE_URL="postgres://bank@127.0.0.1:$pgbouncer_port/bank" MIGRATE_ON_START=false
    export PUBLIC_URL="http://127.0.0.1:$nginx_port" BETTER_AUTH_SECRET="$auth_secret" TRUST_PROXY=127.0.0.1
    export SMTP_URL="smtp://127.0.0.1:$smtp_port" SMS_URL="http://127.0.0.1:$sms_port/messages" LOG_LEVEL="$log_level" RATE_LIMIT_MULTIPLIER="$rate_limit_multiplier"
    export CLEARING_URL="http://127.0.0.1:$clearing_port" CLEARING_KEY="$clearing_key"
    [ -n "$staff_email" ] && export STAFF_EMAIL="$staff_email" STAFF_PASSWORD="$staff_password"
    nohup node dist/server/main.js >>"$state/app$instance/app.log" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$state/app$instance/app.pid"
    # The log at LOG_LEVEL=warn does not say when an instance stopped: this line does, whoever stopped it.
    wait "$pid" && status=0 || status=$?
    echo "cluster: instance $instance (pid $pid) ended with status $status at $(date -u +%FT%T.%3NZ)" >>"$state/app$instance/app.log"
  ) >/dev/null 2>&1 </dev/null &
  wait_for 60 app_ready "$port" || fail "app instance $instance is not ready: $(tail -5 "$state/app$instance/app.log")"
}

# SIGTERM: the instance stops accepting, finishes what is in flight and closes its pool (main.ts).
stop_app() {
  stop_pid_file "$state/app$1/app.pid" 20
}

start_nginx() {
  mkdir -p "$state/nginx/temp"
  render "$templates/nginx.conf" >"$state/nginx/nginx.conf"
  nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -e "$state/nginx/error.log" -t -q || fail "nginx refused its configuration"
  nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -e "$state/nginx/error.log"
  wait_for 10 port_taken "$nginx_port" || fail "nginx did not start: $(tail -5 "$state/nginx/error.log")"
}

# SIGTERM to the process named in pid file $1, SIGKILL if it has not exited after $2 seconds (15).
stop_pid_file() {
  local pid
  pid=$(pid_in "$1")
  is_running "$pid" || return 0
  kill -TERM "$pid"
  wait_exit "$pid" "${2:-15}" || kill -KILL "$pid" 2>/dev/null || true
}

# ── Commands ────────────────────────────────────────────────────────────────────────────────

up() {
  [ -x "$pg_bin/initdb" ] || fail "no PostgreSQL 15 in $pg_bin (apt-get install -y postgresql-15)"
  command -v pgbouncer >/dev/null && command -v nginx >/dev/null || fail "pgbouncer or nginx is missing (apt-get install -y pgbouncer nginx)"
  if [ -f "$state/cluster.env" ]; then
    (load_settings && any_running) && fail "a cluster is running in $state: scripts/cluster.sh down first"
  fi
  primary_port=${CLUSTER_PRIMARY_PORT:-15432} standby_port=${CLUSTER_STANDBY_PORT:-15433}
  pgbouncer_port=${CLUSTER_PGBOUNCER_PORT:-16432} app1_port=${CLUSTER_APP1_PORT:-3101}
  app2_port=${CLUSTER_APP2_PORT:-3102} nginx_port=${CLUSTER_NGINX_PORT:-8080} smtp_port=${CLUSTER_SMTP_PORT:-2525}
  sms_port=${CLUSTER_SMS_PORT:-2580} clearing_port=${CLUSTER_CLEARING_PORT:-3190}
  for port in "$primary_port" "$standby_port" "$pgbouncer_port" "$app1_port" "$app2_port" "$nginx_port" "$smtp_port" "$sms_port" "$clearing_port"; do
    if holder=$(port_holder "$port"); then fail "port $port is taken, $holder: choose others with CLUSTER_*_PORT"; fi
  done
  rm -rf "$state"
  mkdir -p "$state"
  chmod 0755 "$state"
  cat >"$state/cluster.env" <<EOF
primary_port=$primary_port
standby_port=$standby_port
pgbouncer_port=$pgbouncer_port
app1_port=$app1_port
app2_port=$app2_port
nginx_port=$nginx_port
smtp_port=$smtp_port
sms_port=$sms_port
clearing_port=$clearing_port
auth_secret=$(head -c 32 /dev/urandom | base64 | tr -d '/+=')
clearing_key=$(head -c 48 /dev/urandom | base64 | tr -d '/+=')
staff_email='${STAFF_EMAIL:-}'
staff_password='${STAFF_PASSWORD:-}'
rate_limit_multiplier=${RATE_LIMIT_MULTIPLIER:-1}
log_level=${LOG_LEVEL:-warn}
EOF
  chmod 0600 "$state/cluster.env"
  load_settings
  echo primary >"$state/serving-node"
  database_port=$primary_port
  node scripts/build-if-stale.mjs >/dev/null
  start_primary
  start_standby
  create_database >/dev/null
  start_pgbouncer
  start_mail_catcher
  start_sms_catcher
  start_clearing_house
  # One after the other: both would otherwise create the staff member at the same moment.
  start_app 1
  start_app 2
  start_nginx
  echo "cluster up in $state: the bank at http://127.0.0.1:$nginx_port"
  status
}

serving_port() {
  if [ "$(cat "$state/serving-node")" = primary ]; then echo "$primary_port"; else echo "$standby_port"; fi
}

any_running() {
  local pid
  for file in "$state/nginx/nginx.pid" "$state/app1/app.pid" "$state/app2/app.pid" "$state/mail/catcher.pid" "$state/sms/catcher.pid" "$state/clearing/clearing.pid" \
    "$state/pgbouncer/pgbouncer.pid" "$state/pg/primary/postmaster.pid" "$state/pg/standby/postmaster.pid"; do
    pid=$(pid_in "$file")
    is_running "$pid" && return 0
  done
  return 1
}

down() {
  load_settings
  local nginx_pid
  nginx_pid=$(pid_in "$state/nginx/nginx.pid")
  if is_running "$nginx_pid"; then
    # QUIT: nginx finishes the requests it is serving, then exits.
    kill -QUIT "$nginx_pid"
    wait_exit "$nginx_pid" 10 || kill -KILL "$nginx_pid" 2>/dev/null || true
  fi
  stop_app 1
  stop_app 2
  stop_pid_file "$state/mail/catcher.pid"
  stop_pid_file "$state/sms/catcher.pid"
  stop_pid_file "$state/clearing/clearing.pid"
  stop_pid_file "$state/pgbouncer/pgbouncer.pid"
  stop_postgres standby fast
  stop_postgres primary fast
  if any_running; then fail "something in $state is still running"; fi
  echo "cluster down; its state and logs stay in $state"
}

status() {
  load_settings
  local pid
  show() { printf '  %-22s %-8s %s\n' "$1" "$2" "$3"; }
  running_or_not() { if is_running "$1"; then echo "pid $1"; else echo stopped; fi; }
  echo "cluster in $state (PgBouncer serves the $(cat "$state/serving-node") node)"
  for node in primary standby; do
    pid=$(pid_in "$state/pg/$node/postmaster.pid")
    local port=$primary_port role=''
    [ "$node" = standby ] && port=$standby_port
    if is_running "$pid"; then
      role=$(psql_on "$port" -c "SELECT CASE WHEN pg_is_in_recovery() THEN 'in recovery (standby)' ELSE 'accepts writes' END" 2>/dev/null || echo '?')
    fi
    show "PostgreSQL $node" "$port" "$(running_or_not "$pid") $role"
  done
  if is_running "$(pid_in "$state/pg/primary/postmaster.pid")"; then
    show replication '' "$(psql_on "$primary_port" -c "SELECT coalesce(string_agg(application_name || ' ' || state || ' ' || sync_state, ', '), 'no standby connected') FROM pg_stat_replication" 2>/dev/null)"
  fi
  show PgBouncer "$pgbouncer_port" "$(running_or_not "$(pid_in "$state/pgbouncer/pgbouncer.pid")") → port $(serving_port)"
  show "SMS catcher" "${sms_port:-}" "$(running_or_not "$(pid_in "$state/sms/catcher.pid")") → $state/sms/inbox ($(find "$state/sms/inbox" -type f 2>/dev/null | wc -l) messages)"
  show "clearing house" "${clearing_port:-}" "$(running_or_not "$(pid_in "$state/clearing/clearing.pid")")"
  show "mail catcher" "$smtp_port" "$(running_or_not "$(pid_in "$state/mail/catcher.pid")") → $state/mail/inbox ($(find "$state/mail/inbox" -type f 2>/dev/null | wc -l) messages)"
  for instance in 1 2; do
    local port ready=''
    port=$(app_port "$instance")
    pid=$(pid_in "$state/app$instance/app.pid")
    is_running "$pid" && { app_ready "$port" && ready=ready || ready='not ready'; }
    show "app instance $instance" "$port" "$(running_or_not "$pid") $ready"
  done
  show nginx "$nginx_port" "$(running_or_not "$(pid_in "$state/nginx/nginx.pid")") → http://127.0.0.1:$nginx_port"
}

restart_app() {
  load_settings
  local instance=$1 started=$EPOCHREALTIME stopped_at ready_at
  [ "$instance" = 1 ] || [ "$instance" = 2 ] || fail "restart-app 1 or restart-app 2"
  stop_app "$instance"
  stopped_at=$EPOCHREALTIME
  start_app "$instance"
  ready_at=$EPOCHREALTIME
  # nginx leaves an instance it failed to reach alone for fail_timeout (two seconds, nginx.conf),
  # whatever its /readyz says: stopping the other instance before then would leave nginx none.
  sleep 2.1
  echo "app instance $instance: stopped in $(seconds_since "$started" "$stopped_at") s, ready again $(seconds_since "$stopped_at" "$ready_at") s later"
}

# The standby becomes the primary: the old primary is stopped as a crash would stop it, the
# standby promoted, and PgBouncer re-pointed at it; the app instances are not touched.
failover() {
  load_settings
  [ "$(cat "$state/serving-node")" = primary ] || fail "already failed over: the standby serves"
  local started=$EPOCHREALTIME
  stop_postgres primary immediate
  # When the primary was gone, for whoever measures the time to recover from it.
  echo "primary stopped at $EPOCHREALTIME (seconds since the epoch)"
  as_postgres "$pg_bin/pg_ctl" -D "$state/pg/standby" -w -t 60 promote >/dev/null
  echo standby >"$state/serving-node"
  database_port=$standby_port
  write_pgbouncer_conf
  # RELOAD makes PgBouncer drop its connections to the old address as they are released.
  pgbouncer_admin RELOAD >/dev/null
  echo "failed over to the standby (port $standby_port) in $(seconds_since "$started" "$EPOCHREALTIME") s"
}

# Whether a commit on the serving node waits for the standby. `async` is for when the standby
# is lost: with `sync` every commit would wait for it for good. With `async`, a transfer
# acknowledged just before the primary fails may be missing on the node that replaces it.
replication() {
  load_settings
  local names
  case "${1:-}" in
    sync) names=bank_standby ;;
    async) names='' ;;
    *) fail "replication sync|async" ;;
  esac
  psql_on "$(serving_port)" -c "ALTER SYSTEM SET synchronous_standby_names = '$names'" -c "SELECT pg_reload_conf()" >/dev/null
  echo "replication is now ${1}hronous"
}

# The switch going away and coming back, as Bangladesh Bank's may: the instances keep their
# payments in the outbox meanwhile and ask after the ones whose answer they lost.
stop_clearing() {
  load_settings
  local started=$EPOCHREALTIME
  stop_pid_file "$state/clearing/clearing.pid"
  echo "clearing house stopped in $(seconds_since "$started" "$EPOCHREALTIME") s"
}

start_clearing() {
  load_settings
  is_running "$(pid_in "$state/clearing/clearing.pid")" && fail "the clearing house is running"
  local started=$EPOCHREALTIME
  start_clearing_house
  echo "clearing house started in $(seconds_since "$started" "$EPOCHREALTIME") s"
}

drill() {
  CLUSTER=1 node_modules/.bin/vitest run tests/cluster.test.ts
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  restart-app) restart_app "${2:-}" ;;
  failover) failover ;;
  replication) replication "${2:-}" ;;
  stop-clearing) stop_clearing ;;
  start-clearing) start_clearing ;;
  drill) drill ;;
  *) fail "usage: scripts/cluster.sh up|down|status|restart-app N|failover|replication sync|async|stop-clearing|start-clearing|drill" ;;
esac
