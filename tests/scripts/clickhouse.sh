#!/usr/bin/env bash
# A throwaway ClickHouse server for the ClickHouse tests.
#   clickhouse.sh start <dir>   configure a server in a fresh temporary folder, start it on free
#                               loopback ports (HTTP, HTTPS with a test CA, native TCP for the
#                               cluster), load the sample shop with orders as a Distributed table
#                               over two local shards, and write <dir>/clickhouse.env (shell) and
#                               <dir>/clickhouse.json
#   clickhouse.sh stop <dir>    stop it and remove the temporary folder; safe after a failed start
# Users, all with the password in SQLMEND_CH_PASSWORD:
#   sqlmend_admin (may write; loads the shop), sqlmend_ro (profile readonly=1),
#   sqlmend_ro2 (profile readonly=2: reads and changes settings), sqlmend_nogrant (readonly, and
#   only the database sqlmend_shard1).
# Environment: SQLMEND_CLICKHOUSE_SERVER (default /usr/sbin/clickhouse-server),
#   SQLMEND_CLICKHOUSE_CLIENT (default /usr/bin/clickhouse-client).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=fixtureenv.sh
. "$here/fixtureenv.sh"
schema_sql="$here/../data/fixtures/sample_schema_clickhouse.sql"
server_bin=${SQLMEND_CLICKHOUSE_SERVER:-/usr/sbin/clickhouse-server}
client_bin=${SQLMEND_CLICKHOUSE_CLIENT:-/usr/bin/clickhouse-client}
service_user=clickhouse
ready_seconds=60

log() { printf 'clickhouse.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

usage() {
    echo "usage: clickhouse.sh start|stop <dir>" >&2
    exit 2
}

as_service() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$service_user" -- "$@"
    else
        "$@"
    fi
}

port_in_use() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# A port that is free now and is none of those given.
free_port() {
    local port tries=0 taken=" $* "
    while [ $tries -lt 200 ]; do
        port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
        if [[ $taken != *" $port "* ]] && ! port_in_use "$port"; then
            echo "$port"
            return 0
        fi
        tries=$((tries + 1))
    done
    return 1
}

stop_server() {
    local dir=$1 tmp=""
    [ -f "$dir/clickhouse.tmpdir" ] && tmp=$(cat "$dir/clickhouse.tmpdir")
    if [ -n "$tmp" ] && [ -d "$tmp" ]; then
        local pid=""
        [ -f "$tmp/server.pid" ] && pid=$(cat "$tmp/server.pid" 2>/dev/null || true)
        # A server that died or hung before writing its pid file: stop its launcher.
        [ -z "$pid" ] && [ -f "$tmp/launcher.pid" ] && pid=$(cat "$tmp/launcher.pid")
        if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then
            for _ in $(seq 1 150); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.2
            done
            kill -9 "$pid" 2>/dev/null || true
        fi
        rm -rf "$tmp"
    fi
    rm -f "$dir/clickhouse.tmpdir" "$dir/clickhouse.env" "$dir/clickhouse.json"
}

make_certificates() {
    local tls=$1
    mkdir -p "$tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=SQLMend test CA" \
        -keyout "$tls/ca.key" -out "$tls/ca.pem" >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
        -keyout "$tls/server.key" -out "$tls/server.csr" >/dev/null 2>&1
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$tls/server.ext"
    openssl x509 -req -days 2 -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" \
        -CAcreateserial -extfile "$tls/server.ext" -out "$tls/server.crt" >/dev/null 2>&1
    chmod 644 "$tls/ca.pem"
}

write_config() {
    local tmp=$1 http=$2 https=$3 tcp=$4 password=$5
    replica() {
        printf '<shard><replica><host>127.0.0.1</host><port>%s</port>' "$tcp"
        printf '<user>sqlmend_admin</user><password>%s</password>' "$password"
        printf '<default_database>%s</default_database></replica></shard>' "$1"
    }
    cat >"$tmp/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <logger>
        <level>warning</level>
        <log>$tmp/log/server.log</log>
        <errorlog>$tmp/log/error.log</errorlog>
        <size>20M</size>
        <count>1</count>
    </logger>
    <http_port>$http</http_port>
    <https_port>$https</https_port>
    <tcp_port>$tcp</tcp_port>
    <listen_host>127.0.0.1</listen_host>
    <openSSL>
        <server>
            <certificateFile>$tmp/tls/server.crt</certificateFile>
            <privateKeyFile>$tmp/tls/server.key</privateKeyFile>
            <verificationMode>none</verificationMode>
            <loadDefaultCAFile>false</loadDefaultCAFile>
            <cacheSessions>true</cacheSessions>
            <disableProtocols>sslv2,sslv3</disableProtocols>
            <preferServerCiphers>true</preferServerCiphers>
        </server>
    </openSSL>
    <max_connections>256</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>50</max_concurrent_queries>
    <uncompressed_cache_size>67108864</uncompressed_cache_size>
    <mark_cache_size>67108864</mark_cache_size>
    <path>$tmp/data/</path>
    <tmp_path>$tmp/tmp/</tmp_path>
    <user_files_path>$tmp/user_files/</user_files_path>
    <format_schema_path>$tmp/format_schemas/</format_schema_path>
    <users_config>$tmp/users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <mlock_executable>false</mlock_executable>
    <remote_servers>
        <sqlmend_shards>$(replica sqlmend_shard1)$(replica sqlmend_shard2)</sqlmend_shards>
    </remote_servers>
</yandex>
XML
    user() {
        printf '<%s><password>%s</password><networks><ip>127.0.0.1</ip></networks>' "$1" "$password"
        printf '<profile>%s</profile><quota>default</quota>%s</%s>\n' "$2" "${3:-}" "$1"
    }
    cat >"$tmp/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <profiles>
        <default><max_memory_usage>2000000000</max_memory_usage></default>
        <sqlmend_readonly><readonly>1</readonly></sqlmend_readonly>
        <sqlmend_settings><readonly>2</readonly></sqlmend_settings>
    </profiles>
    <users>
$(user sqlmend_admin default)
$(user sqlmend_ro sqlmend_readonly)
$(user sqlmend_ro2 sqlmend_settings)
$(user sqlmend_nogrant sqlmend_readonly '<allow_databases><database>sqlmend_shard1</database></allow_databases>')
    </users>
    <quotas>
        <default>
            <interval>
                <duration>3600</duration>
                <queries>0</queries>
                <errors>0</errors>
                <result_rows>0</result_rows>
                <read_rows>0</read_rows>
                <execution_time>0</execution_time>
            </interval>
        </default>
    </quotas>
</yandex>
XML
}

write_env() {
    local dir=$1 tmp=$2 http=$3 https=$4 tcp=$5 password=$6
    local at="127.0.0.1:$http/sqlmend_test"
    local -a keys=(
        SQLMEND_CH_TMP "$tmp"
        SQLMEND_CH_PASSWORD "$password"
        SQLMEND_CH_HTTP_PORT "$http"
        SQLMEND_CH_HTTPS_PORT "$https"
        SQLMEND_CH_TCP_PORT "$tcp"
        SQLMEND_CH_CA_FILE "$tmp/tls/ca.pem"
        SQLMEND_CH_ADMIN_URL "clickhouse://sqlmend_admin@$at"
        SQLMEND_CH_RO_URL "clickhouse://sqlmend_ro@$at"
        SQLMEND_CH_RO2_URL "clickhouse://sqlmend_ro2@$at"
        SQLMEND_CH_NOGRANT_URL "clickhouse://sqlmend_nogrant@127.0.0.1:$http/sqlmend_shard1"
        SQLMEND_CH_HTTPS_URL "clickhouses://sqlmend_ro@127.0.0.1:$https/sqlmend_test?ca_file=$tmp/tls/ca.pem"
    )
    write_fixture_env "$dir" clickhouse "${keys[@]}"
}

[ $# -eq 2 ] || usage
command=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

case "$command" in
start)
    stop_server "$dir"
    [ -x "$server_bin" ] || die "no $server_bin (packaging/install-deps.sh installs clickhouse-server)"
    [ -x "$client_bin" ] || die "no $client_bin (packaging/install-deps.sh installs clickhouse-client)"
    command -v openssl >/dev/null || die "no openssl (packaging/install-deps.sh installs it)"
    if [ "$(id -u)" -eq 0 ]; then
        id "$service_user" >/dev/null 2>&1 || die "no user $service_user (the package creates it)"
    fi
    tmp=$(mktemp -d /tmp/sqlmend-clickhouse.XXXXXX)
    echo "$tmp" >"$dir/clickhouse.tmpdir"
    chmod 755 "$tmp"
    # Any failure from here on (a failing command or die) stops what did start.
    started=0
    trap '[ $started -eq 1 ] || { log "start failed; cleaning up"; stop_server "$dir"; }' EXIT
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    http=$(free_port) || die "no free port for HTTP"
    https=$(free_port "$http") || die "no free port for HTTPS"
    tcp=$(free_port "$http" "$https") || die "no free port for TCP"
    mkdir -p "$tmp/data" "$tmp/tmp" "$tmp/user_files" "$tmp/format_schemas" "$tmp/log"
    make_certificates "$tmp/tls"
    write_config "$tmp" "$http" "$https" "$tcp" "$password"
    chmod 600 "$tmp/users.xml" "$tmp/tls/server.key" "$tmp/tls/ca.key"
    [ "$(id -u)" -eq 0 ] && chown -R "$service_user:$service_user" "$tmp"
    as_service "$server_bin" --config-file="$tmp/config.xml" --pidfile="$tmp/server.pid" \
        >"$tmp/log/stdout.log" 2>&1 &
    echo $! >"$tmp/launcher.pid"
    client=("$client_bin" --host 127.0.0.1 --port "$tcp" --user sqlmend_admin --password "$password")
    waited=0
    until "${client[@]}" --query 'SELECT 1' >/dev/null 2>&1; do
        sleep 0.25
        waited=$((waited + 1))
        if [ $waited -gt $((ready_seconds * 4)) ]; then
            cat "$tmp/log/error.log" "$tmp/log/stdout.log" >&2 2>/dev/null || true
            die "ClickHouse did not start"
        fi
    done
    "${client[@]}" --multiquery <"$schema_sql" || die "loading the sample shop failed"
    rows=$("${client[@]}" --query 'SELECT count() FROM sqlmend_test.orders')
    [ "$rows" = 5 ] || die "the Distributed table orders has $rows rows, not 5"
    write_env "$dir" "$tmp" "$http" "$https" "$tcp" "$password"
    started=1
    log "ClickHouse $("${client[@]}" --query 'SELECT version()') on 127.0.0.1: HTTP $http, HTTPS $https, TCP $tcp; see $dir/clickhouse.env"
    ;;
stop)
    stop_server "$dir"
    ;;
*)
    usage
    ;;
esac
