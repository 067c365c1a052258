# Sourced by the test fixtures (servers.sh, clickhouse.sh): what a started fixture tells the tests.
#
# write_fixture_env DIR NAME KEY VALUE [KEY VALUE ...]
# writes DIR/NAME.env (shell exports) and DIR/NAME.json (one object), each replaced atomically,
# so that a test never reads half of either.
write_fixture_env() {
    local dir=$1 name=$2
    shift 2
    local env="" json="{" first=1
    while [ $# -ge 2 ]; do
        env+="export $1='$2'"$'\n'
        [ $first -eq 1 ] || json+=","
        first=0
        json+=$'\n'"  \"$1\": \"$2\""
        shift 2
    done
    json+=$'\n'"}"$'\n'
    printf '%s' "$env" >"$dir/$name.env.part"
    printf '%s' "$json" >"$dir/$name.json.part"
    mv "$dir/$name.env.part" "$dir/$name.env"
    mv "$dir/$name.json.part" "$dir/$name.json"
}
