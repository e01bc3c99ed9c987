#!/usr/bin/env bash
# Usage: scripts/bench-cpu.sh [PROGRAM]
#
# The 8-bit CPU of docs/cpu.md running a program, in the same run under Tritium, Icarus
# Verilog and (when installed) Verilator: simulated clock cycles per second and the ratios.
#
#   PROGRAM   a top-level circuit of circuits/cpu/ (default: count, the program that never
#             halts: one clock cycle costs the same all run long).
#
# Environment:
#   CYCLES    clock cycles after the reset (default 1000000).
#
# Each tool resets the CPU (RESET = +1 for one clock cycle), releases it and runs CYCLES more
# cycles, then prints the output port and the program counter; the script fails unless the
# three agree.
#   * Tritium: `tritium run FILE --set RESET=1 --set RESET=-1 --ticks 2*(CYCLES+1)`,
#     cycle-based (the rate it prints: the engine's, file loading excluded); the same with
#     --event-driven (the levelized schedule tick by tick), and with --unit-delay on CYCLES/10
#     cycles (Step mode's schedule).
#   * Icarus: `tritium export verilog` of the circuit, a testbench toggling CLK, iverilog;
#     vvp timed (wall clock, so its start-up counts: it is well under a second).
#   * Verilator: the same Verilog, `verilator --cc --exe --build -O3`, a C++ loop toggling CLK
#     and calling eval(), timed in-process. Verilator is two-state (x read as 0): after the
#     CPU's reset its registers are all known, so it computes the same port.
#
# Output: one line per tool: cycles, seconds, cycles/s, and Tritium's rate over it.

set -euo pipefail

usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
program=${1:-count}
cycles=${CYCLES:-1000000}
circuit="$root/circuits/cpu/$program.ron"
[[ $program =~ ^[A-Za-z0-9_-]+$ ]] || { echo "bench-cpu: PROGRAM is a file name in circuits/cpu/ without .ron, not '$program'" >&2; exit 1; }
[[ -f $circuit ]] || { echo "bench-cpu: no $circuit" >&2; exit 1; }
[[ $cycles =~ ^[1-9][0-9]{0,9}$ ]] || { echo "bench-cpu: CYCLES must be a number of cycles from 1 to 9999999999, not '$cycles'" >&2; exit 1; }
for tool in python3 iverilog vvp; do
    command -v "$tool" > /dev/null || { echo "bench-cpu: $tool is not on the PATH" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-cpu.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building tritium (release)..." >&2
cargo build --release --quiet --bin tritium --manifest-path "$root/Cargo.toml"
tritium="$root/target/release/tritium"

now() { date +%s.%N; }
rate() { python3 -c "import sys; c, s = float(sys.argv[1]), float(sys.argv[2]); print(f'{c / s:.0f}')" "$1" "$2"; }

# Tritium: its own report of the engine's rate ("… in T ms: R cycles/s" on standard error).
ticks=$((2 * (cycles + 1)))
"$tritium" run "$circuit" --set RESET=1 --set RESET=-1 --ticks "$ticks" --radix unsigned \
    > "$work/tritium.out" 2> "$work/tritium.err"
tritium_port=$(sed -n 's/.*PORT=\([0-9]*\).* PC=\([0-9]*\).*/\1 \2/p' "$work/tritium.out")
tritium_rate=$(sed -n 's/.*: \([0-9.]*\) cycles\/s.*/\1/p' "$work/tritium.err")
grep -q "(cycle-based)" "$work/tritium.err" || { echo "bench-cpu: the run was not cycle-based: $(cat "$work/tritium.err")" >&2; exit 1; }
"$tritium" run "$circuit" --set RESET=1 --set RESET=-1 --ticks "$ticks" --event-driven --radix unsigned \
    > "$work/event.out" 2> "$work/event.err"
event_rate=$(sed -n 's/.*: \([0-9.]*\) cycles\/s.*/\1/p' "$work/event.err")
cmp -s "$work/tritium.out" "$work/event.out" || { echo "bench-cpu: cycle-based and event-driven runs disagree" >&2; exit 1; }
unit_cycles=$((cycles / 10))
"$tritium" run "$circuit" --set RESET=1 --set RESET=-1 --ticks $((2 * (unit_cycles + 1))) \
    --unit-delay > /dev/null 2> "$work/unit.err"
unit_rate=$(sed -n 's/.*: \([0-9.]*\) cycles\/s.*/\1/p' "$work/unit.err")

# The exported Verilog and a testbench: one reset cycle, then CYCLES cycles.
(cd "$work" && "$tritium" export verilog "$circuit" --module cpu_top -o cpu.v 2> /dev/null)
cat > "$work/tb.v" << EOF
module tb;
  reg RESET, CLK;
  wire [7:0] PORT, PC, ACC;
  wire HALTED;
  cpu_top dut(.RESET(RESET), .CLK(CLK), .PORT(PORT), .HALTED(HALTED), .PC(PC), .ACC(ACC));
  integer i;
  initial begin
    CLK = 0; RESET = 1;
    #1 CLK = 1; #1 CLK = 0;
    RESET = 0;
    for (i = 0; i < $cycles; i = i + 1) begin
      #1 CLK = 1; #1 CLK = 0;
    end
    \$display("%0d %0d", PORT, PC);
    \$finish;
  end
endmodule
EOF
(cd "$work" && iverilog -g2012 -o tb.vvp tb.v cpu.v)
start=$(now)
icarus_port=$(cd "$work" && vvp -n tb.vvp | head -1)
icarus_secs=$(python3 -c "print($(now) - $start)")
icarus_rate=$(rate "$cycles" "$icarus_secs")

verilator_line="verilator  (not installed)"
verilator_port=""
if command -v verilator > /dev/null; then
    cat > "$work/main.cpp" << EOF
#include "Vcpu_top.h"
#include "verilated.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    long cycles = std::atol(argv[1]);
    Vcpu_top* top = new Vcpu_top;
    top->CLK = 0; top->RESET = 1; top->eval();
    top->CLK = 1; top->eval(); top->CLK = 0; top->eval();
    top->RESET = 0; top->eval();
    auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < cycles; i++) {
        top->CLK = 1; top->eval();
        top->CLK = 0; top->eval();
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%d %d\n%.6f\n", top->PORT, top->PC, secs);
    delete top;
    return 0;
}
EOF
    (cd "$work" && verilator --cc --exe --build -O3 -Wno-fatal -Wno-lint -Wno-style \
        --top-module cpu_top cpu.v main.cpp -o vcpu > verilator.log 2>&1) \
        || { echo "bench-cpu: verilator failed, see its log:" >&2; tail -20 "$work/verilator.log" >&2; exit 1; }
    (cd "$work" && ./obj_dir/vcpu "$cycles" > verilator.out)
    verilator_port=$(head -1 "$work/verilator.out")
    verilator_secs=$(sed -n 2p "$work/verilator.out")
    verilator_rate=$(rate "$cycles" "$verilator_secs")
fi

echo "program $program: $cycles cycles after reset; port and PC: tritium '$tritium_port', icarus '$icarus_port'${verilator_port:+, verilator '$verilator_port'}"
[[ $tritium_port == "$icarus_port" ]] || { echo "bench-cpu: Tritium and Icarus disagree" >&2; exit 1; }
if [[ -n $verilator_port && $verilator_port != "$tritium_port" ]]; then
    echo "bench-cpu: Tritium and Verilator disagree" >&2
    exit 1
fi
printf '%-28s %14s cycles/s\n' "tritium run (cycle-based)" "$tritium_rate"
printf '%-28s %14s cycles/s  (cycle-based: %sx)\n' "tritium run --event-driven" "$event_rate" \
    "$(python3 -c "print(f'{$tritium_rate / $event_rate:.2f}')")"
printf '%-28s %14s cycles/s\n' "tritium run --unit-delay" "$unit_rate"
printf '%-28s %14s cycles/s  (tritium cycle-based: %sx)\n' "icarus (vvp)" "$icarus_rate" \
    "$(python3 -c "print(f'{$tritium_rate / $icarus_rate:.1f}')")"
if [[ -n $verilator_port ]]; then
    printf '%-28s %14s cycles/s  (tritium cycle-based: %sx)\n' "verilator -O3 (2-state)" \
        "$verilator_rate" "$(python3 -c "print(f'{$tritium_rate / $verilator_rate:.2f}')")"
else
    echo "$verilator_line"
fi
