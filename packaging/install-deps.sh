#!/usr/bin/env bash
# Installs every Debian 12 package that building, running and testing SQLMend needs.
# Idempotent: when everything is already there it prints nothing and exits 0.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config git clang clang-format lld
  libclang-rt-14-dev libfuzzer-14-dev
  # Qt 6 (Widgets, Sql, Network, Concurrent, Charts, Svg, HttpServer, Linguist, Test)
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-httpserver-dev qt6-websockets-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libqt6opengl6-dev libgl-dev libvulkan-dev libxkbcommon-dev
  qt6-qpa-plugins libqt6svg6
  # Qt SQL drivers
  libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-mysql libqt6sql6-odbc
  # secrets, parser, Excel workbooks
  qtkeychain-qt6-dev libpg-query-dev libxlsxwriter-dev
  # PCRE2 (the regex library under QRegularExpression), for the error pipeline's matcher
  libpcre2-dev
  # the executor's server interrupts and session pins (sqlite3_interrupt, PQcancel, PQprepare,
  # mysql_set_server_option)
  libsqlite3-dev libpq-dev libmariadb-dev
  # real servers and drivers for the tests
  postgresql-15 postgresql-client-15 mariadb-server mariadb-client
  unixodbc unixodbc-dev odbc-postgresql sqlite3
  clickhouse-server clickhouse-client openssl
  # GUI tests, screenshots and the keyring; driving the real window from outside (xdotool, xwd)
  xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools fonts-noto-cjk xdotool x11-apps
  # exported files read back by other programs: workbooks (openpyxl), SVG and PDF charts as PNG;
  # python3 also compares the sanitizer build's benchmark JSON with the gcc build's
  python3 python3-openpyxl librsvg2-bin poppler-utils
  # packaging checks
  desktop-file-utils appstream dpkg-dev file
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: these packages are missing and installing them needs root: ${missing[*]}" >&2
  exit 1
fi

echo "install-deps: installing ${#missing[@]} package(s): ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The servers are started by the test scripts on private ports; keep the packaged
# services from starting at install time on machines without an init system.
policy=/usr/sbin/policy-rc.d
made_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  made_policy=1
fi
trap '[ $made_policy -eq 1 ] && rm -f "$policy"' EXIT
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
