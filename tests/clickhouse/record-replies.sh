#!/usr/bin/env bash
# Records the ClickHouse HTTP responses that tst_clickhousereplay replays, byte for byte (status
# line, headers, chunked framing), from the server that tests/scripts/clickhouse.sh started:
#   tests/clickhouse/record-replies.sh <build>/test-clickhouse tests/data/clickhouse/replies
# Responses longer than 64 KiB are stored zlib-compressed in qCompress's framing (.http.qz).
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: record-replies.sh <fixture dir> <output dir>" >&2; exit 2; }
# shellcheck disable=SC1091
source "$1/clickhouse.env"
out=$2
mkdir -p "$out"
base="http://127.0.0.1:$SQLMEND_CH_HTTP_PORT/?database=sqlmend_test&default_format=TabSeparatedWithNamesAndTypes"

# record <name> <user> <extra parameters> <query>
record() {
    local name=$1 user=$2 extra=$3 query=$4
    curl -s --raw -i -u "$user:$SQLMEND_CH_PASSWORD" "$base$extra" --data-binary "$query" \
        >"$out/$name.http"
    if [ "$(stat -c %s "$out/$name.http")" -gt 65536 ]; then
        python3 - "$out/$name.http" <<'PY'
import struct, sys, zlib
path = sys.argv[1]
data = open(path, 'rb').read()
open(path + '.qz', 'wb').write(struct.pack('>I', len(data)) + zlib.compress(data, 9))
PY
        rm "$out/$name.http"
    fi
}

lookalike="Code: 47, e.displayText() = DB::Exception: a value that reads like an error, e.what() = DB::Exception"

record probe sqlmend_ro "" \
    "SELECT version(), timezone(), value FROM system.settings WHERE name = 'readonly'"
record types sqlmend_ro "" \
    "SELECT toInt8(-8) AS i8, toUInt64(18446744073709551615) AS u64, toFloat64('nan') AS nan, 1 / 0 AS inf, toDecimal64(123456789.123456, 6) AS dec, toDate('2024-02-29') AS day, toDateTime('2024-03-01 10:00:00', 'Asia/Shanghai') AS shanghai, toDateTime('2024-03-01 10:00:00') AS utc, CAST(NULL AS Nullable(Int32)) AS missing, toNullable('x') AS present, 'tab\there\nline\\\\slash' AS escaped, [1, 2] AS list, ['a', 'b\\'c'] AS words, (1, 'x') AS pair, toFixedString('ab', 3) AS fixed, CAST('b' AS Enum8('a' = 1, 'b' = 2)) AS choice, toUUID('61f0c404-5cb3-11e7-907b-a6006ad3dba0') AS id"
record users sqlmend_ro "" "SELECT id, username, email, created_at FROM users ORDER BY id"
record numbers sqlmend_ro "" "SELECT number, toString(number) AS text FROM system.numbers LIMIT 5000"
record unknown_column sqlmend_ro "" "SELECT nosuch FROM users"
record readonly_set sqlmend_ro "" "SET max_threads = 1"
record json sqlmend_ro "" "SELECT 1 AS x FORMAT JSONEachRow"
record kill sqlmend_ro "" "KILL QUERY WHERE query_id = 'sqlmend-none' ASYNC"
# The server holds back the first 1 MiB of a result; an error after that follows the rows.
record error_after_rows sqlmend_ro "" \
    "SELECT number % 10 AS digit, 'kettle' AS product FROM system.numbers WHERE throwIf(number = 200000) = 0"
record error_after_text_rows sqlmend_ro "" \
    "SELECT 'kettle' AS product FROM system.numbers WHERE throwIf(number = 200000) = 0"
record lookalike sqlmend_ro "" "SELECT arrayJoin(['$lookalike', 'the next row']) AS s"
record lookalike_last sqlmend_ro "" "SELECT '$lookalike' AS s"
record lookalike_after_mib sqlmend_ro "" \
    "SELECT if(number = 199999, '$lookalike', 'kettle') AS product FROM system.numbers LIMIT 200000"
curl -s -u "sqlmend_admin:$SQLMEND_CH_PASSWORD" "$base" \
    --data-binary "CREATE TABLE IF NOT EXISTS replay_insert (x UInt8) ENGINE = Memory" >/dev/null
record insert sqlmend_admin "" "INSERT INTO replay_insert VALUES (1), (2)"
curl -s -u "sqlmend_admin:$SQLMEND_CH_PASSWORD" "$base" --data-binary "DROP TABLE replay_insert" \
    >/dev/null
SQLMEND_CH_PASSWORD=wrong record wrong_password sqlmend_ro "" "SELECT 1"
ls -l "$out"
