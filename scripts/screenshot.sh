#!/usr/bin/env bash
# Usage: scripts/screenshot.sh FILE.ron OUT.png [DEMO]
# Runs the desktop app on FILE under Xvfb (glow backend) and saves its first frame to OUT.png.
# DEMO (optional) is passed as TRITIUM_DEMO_STEPS (see gui::app::apply_demo) to set switches,
# and step events, before the first frame: `LABEL=VALUE,...` sets them in Run mode and settles;
# `LABEL=VALUE,...;N` enters Step mode, sets them and processes N events. The README's images:
#   scripts/screenshot.sh circuits/rs_nor_latch.ron docs/screenshots/rs_latch_step.png 'R=+1;2'
#   scripts/screenshot.sh circuits/ripple_carry_adder_4bit.ron docs/screenshots/adder_4bit.png \
#     'Cin=+1,A0=-1,A1=+1,A2=+1,A3=-1,B0=+1,B1=+1,B2=-1,B3=-1'
# Needs Debian's xvfb, xauth and Mesa (libgl1-mesa-dri), installed by .ci/run.
set -euo pipefail
usage="usage: screenshot.sh FILE.ron OUT.png [DEMO]"
file=${1:?$usage}
out=${2:?$usage}
demo=${3:-}
cd "$(dirname "$0")/.."
cargo build --release --features screenshot --bin tritium
out=$(realpath -m "$out")
mkdir -p "$(dirname "$out")"
TRITIUM_DEMO_STEPS="$demo" EFRAME_SCREENSHOT_TO="$out" LIBGL_ALWAYS_SOFTWARE=1 \
  xvfb-run -a -s "-screen 0 1280x800x24" target/release/tritium "$file"
echo "wrote $out"
