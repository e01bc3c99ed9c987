#!/usr/bin/env bash
# Usage: scripts/screenshot.sh FILE.ron OUT.png
# Runs the desktop app on FILE under Xvfb (glow backend) and saves its first frame to OUT.png.
# Needs Debian's xvfb, xauth and Mesa (libgl1-mesa-dri), installed by .ci/run.
set -euo pipefail
file=${1:?usage: screenshot.sh FILE.ron OUT.png}
out=${2:?usage: screenshot.sh FILE.ron OUT.png}
cd "$(dirname "$0")/.."
cargo build --release --features screenshot --bin tritium
out=$(realpath -m "$out")
EFRAME_SCREENSHOT_TO="$out" LIBGL_ALWAYS_SOFTWARE=1 \
  xvfb-run -a -s "-screen 0 1280x800x24" target/release/tritium "$file"
echo "wrote $out"
