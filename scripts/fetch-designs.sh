#!/usr/bin/env bash
# Installs the third-party Verilog designs that tests/designs.rs checks Tritium's Verilog import
# against: LiteX's PyPI packaging of open cores (PicoRV32 with PicoSoC's peripherals, SERV).
# Pinned versions, `pip install --target` into target/pythondata (ignored by git, never
# committed); the tests read the sources from there, or from $TRITIUM_DESIGNS if set.
# Installs packages only: it builds nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
dest="${TRITIUM_DESIGNS:-target/pythondata}"
python3 -m pip install --quiet --disable-pip-version-check --no-deps --upgrade \
  --target "$dest" \
  pythondata-cpu-picorv32==1.0.post218 \
  pythondata-cpu-serv==1.2.0.post146
echo "designs installed in $dest"
