#!/bin/sh
# Saves screenshots of the application window answering the demo's correction question (recorded
# model, bundled shop database; correction.png) and of the retry timeline alone in a light and a
# dark theme (timeline.png, timeline-dark.png) into packaging/screenshots/.
#   packaging/screenshots.sh <build folder>
# Builds nothing: build the sqlmend and screenshot_demo targets first. Needs Xvfb (package xvfb).
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 <build folder>" >&2
    exit 2
fi
build=$1
here=$(cd "$(dirname "$0")" && pwd)
program="$build/tests/ui/screenshot_demo"
app="$build/app/sqlmend"
for file in "$program" "$app"; do
    if [ ! -x "$file" ]; then
        echo "$0: $file is missing; build the sqlmend and screenshot_demo targets first" >&2
        exit 1
    fi
done
command -v Xvfb >/dev/null 2>&1 || { echo "$0: Xvfb is not installed" >&2; exit 1; }

# The first display number without a lock file or a socket.
display=99
while [ -e "/tmp/.X$display-lock" ] || [ -e "/tmp/.X11-unix/X$display" ]; do
    display=$((display + 1))
done

Xvfb ":$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
# The real window runs with default settings (no model: the recorded demo) in a scratch home, so
# the user's own settings, demo database and case store are never touched.
scratch=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; rm -rf "$scratch"' EXIT INT TERM

# Wait for the server's socket, at most about 10 s.
tries=0
while [ ! -e "/tmp/.X11-unix/X$display" ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ] || ! kill -0 "$xvfb" 2>/dev/null; then
        echo "$0: Xvfb did not start on :$display" >&2
        exit 1
    fi
    sleep 0.1
done

mkdir -p "$here/screenshots"
DISPLAY=":$display" QT_QPA_PLATFORM=xcb LANG=C.UTF-8 "$program" "$here/screenshots"
# The window's shot replaces the panel-only correction.png the program above saved.
DISPLAY=":$display" QT_QPA_PLATFORM=xcb LANG=C.UTF-8 HOME="$scratch" \
    XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" XDG_CACHE_HOME="$scratch/cache" \
    DBUS_SESSION_BUS_ADDRESS= \
    "$app" --demo --ask-demo-correction "$here/screenshots/correction.png"
echo "$here/screenshots/correction.png"
