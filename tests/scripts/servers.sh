#!/usr/bin/env bash
# Throwaway PostgreSQL 15 and MariaDB servers for the integration tests.
#   servers.sh start <dir>   initialise both in a fresh temporary folder, start them on free
#                            loopback ports (unix sockets inside that folder), load the sample
#                            shop, create the roles, configure psqlODBC, and write
#                            <dir>/servers.env (shell) and <dir>/servers.json
#   servers.sh stop <dir>    stop both and remove the temporary folder; safe after a failed start
# Roles, the same on both servers, all with the password in SQLMEND_TEST_PASSWORD:
#   sqlmend_admin (superuser, for checksums), sqlmend_owner (owns the shop, may write),
#   sqlmend_ro (SELECT only), sqlmend_nogrant (may connect, nothing else).
# The other string syntax, for the escape tests: on PostgreSQL sqlmend_legacy, a superuser whose
# sessions start with standard_conforming_strings = off; a second MariaDB server (same shop, same
# roles) started with NO_BACKSLASH_ESCAPES in its sql_mode.
# Environment: SQLMEND_PG_BIN (default /usr/lib/postgresql/15/bin),
#   SQLMEND_PSQLODBC (default /usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=fixtureenv.sh
. "$here/fixtureenv.sh"
schema_sql="$here/../data/fixtures/sample_schema.sql"
pg_bin=${SQLMEND_PG_BIN:-/usr/lib/postgresql/15/bin}
psqlodbc=${SQLMEND_PSQLODBC:-/usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so}
database=sqlmend_test
ready_seconds=60

log() { printf 'servers.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

usage() {
    echo "usage: servers.sh start|stop <dir>" >&2
    exit 2
}

# Runs a command as a service user when we are root, else as ourselves.
as_user() {
    local user=$1
    shift
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$user" -- "$@"
    else
        "$@"
    fi
}

port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

free_port() {
    local port tries=0
    while [ $tries -lt 200 ]; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if ! port_in_use "$port"; then
            echo "$port"
            return 0
        fi
        tries=$((tries + 1))
    done
    return 1
}

stop_servers() {
    local dir=$1 tmp=""
    [ -f "$dir/tmpdir" ] && tmp=$(cat "$dir/tmpdir")
    if [ -n "$tmp" ] && [ -d "$tmp" ]; then
        if [ -f "$tmp/pg/data/postmaster.pid" ]; then
            as_user postgres "$pg_bin/pg_ctl" -D "$tmp/pg/data" -m immediate -w -t 20 stop \
                >/dev/null 2>&1 || true
        fi
        local name
        for name in mysql mysql-nbe; do
            [ -f "$tmp/$name/mariadbd.pid" ] || continue
            local pid
            pid=$(cat "$tmp/$name/mariadbd.pid" 2>/dev/null || true)
            if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then
                for _ in $(seq 1 100); do
                    kill -0 "$pid" 2>/dev/null || break
                    sleep 0.2
                done
                kill -9 "$pid" 2>/dev/null || true
            fi
        done
        rm -rf "$tmp"
    fi
    rm -f "$dir/tmpdir" "$dir/servers.env" "$dir/servers.json"
}

start_postgres() {
    local tmp=$1 port=$2 password=$3
    local data="$tmp/pg/data" sock="$tmp/pg"
    mkdir -p "$data"
    printf '%s\n' "$password" >"$tmp/pg/pwfile"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$tmp/pg"
    chmod 700 "$data"
    as_user postgres "$pg_bin/initdb" -D "$data" -U sqlmend_admin --pwfile="$tmp/pg/pwfile" \
        --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
        >"$tmp/pg/initdb.log" 2>&1 || { cat "$tmp/pg/initdb.log" >&2; die "initdb failed"; }
    as_user postgres "$pg_bin/pg_ctl" -D "$data" -l "$tmp/pg/server.log" -w -t "$ready_seconds" \
        -o "-p $port -k $sock -c listen_addresses=127.0.0.1 -c max_connections=60" start \
        >/dev/null || { cat "$tmp/pg/server.log" >&2; die "PostgreSQL did not start"; }

    local psql=(as_user postgres psql -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$port" -U sqlmend_admin)
    "${psql[@]}" -d postgres >/dev/null <<SQL
CREATE ROLE sqlmend_owner LOGIN PASSWORD '$password';
CREATE ROLE sqlmend_ro LOGIN PASSWORD '$password';
CREATE ROLE sqlmend_nogrant LOGIN PASSWORD '$password';
CREATE ROLE sqlmend_legacy LOGIN SUPERUSER PASSWORD '$password';
ALTER ROLE sqlmend_legacy SET standard_conforming_strings = off;
CREATE DATABASE $database OWNER sqlmend_owner;
SQL
    {
        echo "SET ROLE sqlmend_owner;"
        cat "$schema_sql"
        echo "CREATE SEQUENCE invoice_seq;"
        echo "GRANT USAGE ON SCHEMA public TO sqlmend_ro;"
        echo "GRANT SELECT ON ALL TABLES IN SCHEMA public TO sqlmend_ro;"
        echo "GRANT USAGE ON SCHEMA public TO sqlmend_nogrant;"
        echo "RESET ROLE;"
        echo "CREATE EXTENSION IF NOT EXISTS dblink;"
    } | "${psql[@]}" -d "$database" >/dev/null
}

# start_mariadb <tmp> <port> <password> [<folder name> [extra mariadbd options...]]
start_mariadb() {
    local tmp=$1 port=$2 password=$3 name=${4:-mysql}
    shift 3
    [ $# -gt 0 ] && shift
    local root="$tmp/$name"
    local data="$root/data" sock="$root/mariadbd.sock"
    mkdir -p "$data" "$root/files"
    [ "$(id -u)" -eq 0 ] && chown -R mysql:mysql "$root"
    local user_opt=()
    [ "$(id -u)" -eq 0 ] && user_opt=(--user=mysql)
    mariadb-install-db --no-defaults "${user_opt[@]}" --datadir="$data" --skip-test-db \
        --auth-root-authentication-method=normal >"$root/install.log" 2>&1 \
        || { cat "$root/install.log" >&2; die "mariadb-install-db failed"; }
    # secure_file_priv points at an empty folder nobody reads: INTO OUTFILE cannot reach the rest.
    mariadbd --no-defaults "${user_opt[@]}" --datadir="$data" --socket="$sock" --port="$port" \
        --bind-address=127.0.0.1 --skip-name-resolve --pid-file="$root/mariadbd.pid" \
        --log-error="$root/server.log" --secure-file-priv="$root/files" \
        --innodb-buffer-pool-size=32M --max-connections=60 "$@" >/dev/null 2>&1 &
    local waited=0
    until mariadb-admin --no-defaults --socket="$sock" -uroot ping >/dev/null 2>&1; do
        sleep 0.25
        waited=$((waited + 1))
        if [ $waited -gt $((ready_seconds * 4)) ]; then
            cat "$root/server.log" >&2 || true
            die "MariaDB did not start"
        fi
    done
    local mysql=(mariadb --no-defaults --socket="$sock" -uroot)
    "${mysql[@]}" <<SQL
CREATE DATABASE $database;
CREATE USER 'sqlmend_admin'@'%' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON *.* TO 'sqlmend_admin'@'%' WITH GRANT OPTION;
CREATE USER 'sqlmend_owner'@'%' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON $database.* TO 'sqlmend_owner'@'%';
CREATE USER 'sqlmend_ro'@'%' IDENTIFIED BY '$password';
GRANT SELECT ON $database.* TO 'sqlmend_ro'@'%';
CREATE USER 'sqlmend_nogrant'@'%' IDENTIFIED BY '$password';
FLUSH PRIVILEGES;
SQL
    "${mysql[@]}" "$database" <"$schema_sql"
}

configure_odbc() {
    local tmp=$1 pg_port=$2
    mkdir -p "$tmp/odbc"
    cat >"$tmp/odbc/odbcinst.ini" <<INI
[PostgreSQL Unicode]
Description=psqlODBC for the SQLMend tests
Driver=$psqlodbc
INI
    cat >"$tmp/odbc/odbc.ini" <<INI
[sqlmend_pg]
Driver=PostgreSQL Unicode
Servername=127.0.0.1
Port=$pg_port
Database=$database
ReadOnly=1
UseDeclareFetch=1
Fetch=200
INI
}

write_env() {
    local dir=$1 tmp=$2 pg_port=$3 my_port=$4 password=$5 nbe_port=$6
    local pg="127.0.0.1:$pg_port/$database" my="127.0.0.1:$my_port/$database"
    local nbe="127.0.0.1:$nbe_port/$database"
    local -a keys=(
        SQLMEND_SERVERS_TMP "$tmp"
        SQLMEND_TEST_PASSWORD "$password"
        SQLMEND_PG_PORT "$pg_port"
        SQLMEND_PG_SOCKET_DIR "$tmp/pg"
        SQLMEND_PG_ADMIN_URL "postgresql://sqlmend_admin@$pg"
        SQLMEND_PG_OWNER_URL "postgresql://sqlmend_owner@$pg"
        SQLMEND_PG_RO_URL "postgresql://sqlmend_ro@$pg"
        SQLMEND_PG_NOGRANT_URL "postgresql://sqlmend_nogrant@$pg"
        SQLMEND_PG_LEGACY_URL "postgresql://sqlmend_legacy@$pg"
        SQLMEND_MARIADB_PORT "$my_port"
        SQLMEND_MARIADB_SOCKET "$tmp/mysql/mariadbd.sock"
        SQLMEND_MARIADB_ADMIN_URL "mariadb://sqlmend_admin@$my"
        SQLMEND_MARIADB_OWNER_URL "mariadb://sqlmend_owner@$my"
        SQLMEND_MARIADB_RO_URL "mariadb://sqlmend_ro@$my"
        SQLMEND_MARIADB_NOGRANT_URL "mariadb://sqlmend_nogrant@$my"
        SQLMEND_MARIADB_FILES_DIR "$tmp/mysql/files"
        SQLMEND_MARIADB_NBE_PORT "$nbe_port"
        SQLMEND_MARIADB_NBE_SOCKET "$tmp/mysql-nbe/mariadbd.sock"
        SQLMEND_MARIADB_NBE_ADMIN_URL "mariadb://sqlmend_admin@$nbe"
        SQLMEND_MARIADB_NBE_OWNER_URL "mariadb://sqlmend_owner@$nbe"
        SQLMEND_MARIADB_NBE_FILES_DIR "$tmp/mysql-nbe/files"
        ODBCSYSINI "$tmp/odbc"
        ODBCINI "$tmp/odbc/odbc.ini"
        SQLMEND_ODBC_RO_URL "odbc://sqlmend_ro@sqlmend_pg"
        SQLMEND_ODBC_STRING_URL "odbc:DRIVER={PostgreSQL Unicode};SERVER=127.0.0.1;PORT=$pg_port;DATABASE=$database;UID=sqlmend_ro"
    )
    write_fixture_env "$dir" servers "${keys[@]}"
}

[ $# -eq 2 ] || usage
command=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

case "$command" in
start)
    stop_servers "$dir"
    [ -x "$pg_bin/initdb" ] || die "no PostgreSQL 15 in $pg_bin (packaging/install-deps.sh installs it)"
    command -v mariadbd >/dev/null || die "no mariadbd (packaging/install-deps.sh installs it)"
    tmp=$(mktemp -d /tmp/sqlmend-servers.XXXXXX)
    echo "$tmp" >"$dir/tmpdir"
    chmod 755 "$tmp"
    # Any failure from here on (a failing command or die) stops what did start.
    started=0
    trap '[ $started -eq 1 ] || { log "start failed; cleaning up"; stop_servers "$dir"; }' EXIT
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    pg_port=$(free_port) || die "no free port for PostgreSQL"
    start_postgres "$tmp" "$pg_port" "$password"
    my_port=$(free_port) || die "no free port for MariaDB"
    start_mariadb "$tmp" "$my_port" "$password"
    nbe_port=$(free_port) || die "no free port for the second MariaDB"
    start_mariadb "$tmp" "$nbe_port" "$password" mysql-nbe \
        --sql-mode=NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION
    configure_odbc "$tmp" "$pg_port"
    write_env "$dir" "$tmp" "$pg_port" "$my_port" "$password" "$nbe_port"
    started=1
    log "PostgreSQL on 127.0.0.1:$pg_port, MariaDB on 127.0.0.1:$my_port and (NO_BACKSLASH_ESCAPES)" \
        "127.0.0.1:$nbe_port; see $dir/servers.env"
    ;;
stop)
    stop_servers "$dir"
    ;;
*)
    usage
    ;;
esac
