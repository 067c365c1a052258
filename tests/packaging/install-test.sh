#!/usr/bin/env bash
# Installs SQLMend into a scratch prefix and, from a .deb built with CPack, into a scratch root,
# then runs the installed files only: --version, --help, classify on one message, and an offscreen
# start of the GUI that exits cleanly. Usage: install-test.sh <build-dir>
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen
app_id=io.github.sqlmend.sqlmend
failures=0

check() { # check <what> <command...>
    local what=$1; shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

exercise() { # exercise <root> <bin>
    local root=$1 bin=$2 out
    check "$bin exists" test -x "$bin"
    out=$("$bin" --version)
    check "--version prints the version ($out)" grep -Eq '^sqlmend [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out"
    out=$("$bin" --help)
    for command in classify run schema cases ask; do
        check "--help lists $command" grep -q "^  $command " <<<"$out"
    done
    out=$(printf '%s\n' '{"engine":"postgresql","message":"ERROR:  relation \"orders2\" does not exist","code":"42P01"}' | "$bin" classify)
    check "classify names table_missing" grep -q '"class":"table_missing"' <<<"$out"
    check "the GUI starts offscreen and exits cleanly" env HOME="$scratch/home" "$bin" --smoke-test
    check "desktop file is valid" desktop-file-validate "$root/share/applications/$app_id.desktop"
    check "metainfo is valid" appstreamcli validate --no-net --pedantic "$root/share/metainfo/$app_id.metainfo.xml"
    check "scalable icon" test -s "$root/share/icons/hicolor/scalable/apps/$app_id.svg"
    for size in 16 32 48 128 256; do
        check "${size}px icon" test -s "$root/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    done
}

echo "--- cmake --install into a scratch prefix"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
exercise "$scratch/prefix" "$scratch/prefix/bin/sqlmend"

echo "--- the .deb, unpacked into a scratch root"
(cd "$scratch" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/pkg" >/dev/null)
deb=$(ls "$scratch"/pkg/*.deb)
check "one .deb was built ($(basename "$deb"))" test -f "$deb"
dpkg-deb -x "$deb" "$scratch/root"
exercise "$scratch/root/usr" "$scratch/root/usr/bin/sqlmend"
fields=$(dpkg-deb -f "$deb" Depends Recommends)
check "Depends names the Qt libraries" grep -q 'libqt6core6' <<<"$fields"
check "Depends names the SQLite driver" grep -q 'libqt6sql6-sqlite' <<<"$fields"
for driver in libqt6sql6-psql libqt6sql6-mysql libqt6sql6-odbc; do
    check "Recommends $driver" grep -q "Recommends:.*$driver" <<<"$fields"
done

echo "install test: $failures failure(s)"
[ "$failures" -eq 0 ]
