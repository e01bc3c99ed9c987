#!/usr/bin/env bash
# Usage: scripts/bench-compare.sh [CIRCUIT...]
#
# Compares the simulation throughput of Tritium (event and batch engines) with Icarus
# Verilog and, when installed, Verilator (2-state) on the same random input vectors.
#
#   CIRCUIT   an ISCAS-85 name (c6288) looked up in ../shared/circuits/iscas85/, or a path to
#             a combinational .bench file. Default: c6288 c7552.
#
# Environment:
#   VECTORS   vectors in each circuit's vector file (default 10000): enough for the slow tools
#             (Tritium's event engine, Icarus) to run for over a second.
#   MIN_SECS  the least run time of the fast tools (default 1.0): Tritium's event engine
#             (levelized) and batch engine run the vector file concatenated with itself
#             enough times, Verilator repeats the vectors in-process until this much time has
#             passed.
#   SEED      the seed of the vector generator (default 85); 10% of the inputs are x.
#
# For each circuit it writes ONE vector file (python3, random.Random(SEED): per input `x` with
# probability 0.1, else 0 or 1) and times, wall clock:
#   * tritium vectors --engine event   (whole process: load, parse vectors, simulate, print;
#     the default levelized schedule; on the file repeated R times), and the same with
#     --schedule unit-delay (one pass: it runs for seconds)
#   * tritium vectors --engine batch   (same, on the file repeated R times)
#   * Icarus: tritium export verilog + a $readmemb testbench, iverilog -g2012; only vvp timed
#   * Verilator: verilator --cc --exe --build -O3, a C++ main that reads the vectors (x -> 0),
#     evaluates each and stores the outputs in a buffer; timed in-process around the loop.
# Tritium's two engines (both schedules) and Icarus must print identical outputs (the script fails otherwise);
# Verilator is 2-state (x read as 0) and is not compared.
#
# Output: one table row per circuit and tool: vectors, seconds, vectors/s, and the ratio of
# vectors/s to Icarus's and to Verilator's.

set -euo pipefail

usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
iscas="$root/../shared/circuits/iscas85"
vectors=${VECTORS:-10000}
min_secs=${MIN_SECS:-1.0}
seed=${SEED:-85}
[[ $# -gt 0 ]] || set -- c6288 c7552

for tool in python3 iverilog vvp; do
    command -v "$tool" > /dev/null || { echo "bench-compare: $tool is not on the PATH" >&2; exit 1; }
done
have_verilator=0
command -v verilator > /dev/null && have_verilator=1

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-compare.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building tritium (release)..." >&2
cargo build --release --quiet --bin tritium --manifest-path "$root/Cargo.toml"
tritium="$root/target/release/tritium"

now() { date +%s.%N; }
# elapsed START END -> seconds
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# The C++ main for Verilator: reads VECFILE (x -> 0), packs each vector into 32-bit words,
# then evaluates the vectors in order, again and again, until MIN_SECS have passed; every
# output is stored in a buffer and folded into a checksum so nothing is optimized away.
cat > "$work/vmain.cpp" << 'EOF'
#include "Vbench_top.h"
#include "verilated.h"
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 5) { std::fprintf(stderr, "usage: vsim VECFILE NIN NOUT MIN_SECS\n"); return 2; }
    const int nin = std::atoi(argv[2]), nout = std::atoi(argv[3]);
    const double min_secs = std::atof(argv[4]);
    const int win = sizeof(Vbench_top::in) / sizeof(uint32_t);
    const int wout = sizeof(Vbench_top::out) / sizeof(uint32_t);
    std::vector<uint32_t> packed;
    std::ifstream file(argv[1]);
    std::string line;
    size_t count = 0;
    while (std::getline(file, line)) {
        if (line.empty()) continue;
        if ((int)line.size() != nin) { std::fprintf(stderr, "bad vector line\n"); return 2; }
        std::vector<uint32_t> words(win, 0);
        for (int k = 0; k < nin; ++k)
            if (line[k] == '1') words[k / 32] |= 1u << (k % 32);
        packed.insert(packed.end(), words.begin(), words.end());
        ++count;
    }
    VerilatedContext ctx;
    Vbench_top top(&ctx);
    std::vector<uint32_t> outbuf(count * wout);
    uint64_t checksum = 0, done = 0;
    auto start = std::chrono::steady_clock::now();
    double secs = 0;
    do {
        for (size_t v = 0; v < count; ++v) {
            for (int w = 0; w < win; ++w) top.in[w] = packed[v * win + w];
            top.eval();
            for (int w = 0; w < wout; ++w) outbuf[v * wout + w] = top.out[w];
        }
        for (uint32_t o : outbuf) checksum = checksum * 31 + o;
        done += count;
        secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (secs < min_secs);
    top.final();
    std::printf("%llu %.6f %llu\n", (unsigned long long)done, secs, (unsigned long long)checksum);
    (void)nout;
    return 0;
}
EOF

rows=()
row() { rows+=("$(printf '%s\t%s\t%s\t%s' "$1" "$2" "$3" "$4")"); }

# repeated LABEL ARGS...: times `tritium vectors NETLIST ARGS...` on the vector file repeated R
# times, R chosen so that the run lasts at least MIN_SECS (a short run measures start-up and
# whatever else the machine was doing in that instant); checks the output against the event
# engine's one-pass output repeated R times; adds a row. Uses $netlist, $dir, $name, $vectors.
repeated() {
    local label=$1 t0 t1 reps short i
    shift
    t0=$(now)
    "$tritium" vectors "$netlist" --input "$dir/vectors.txt" "$@" > "$dir/once.out"
    t1=$(now)
    cmp -s "$dir/event.out" "$dir/once.out" \
        || { echo "bench-compare: $name: $label differs from the event engine" >&2; exit 1; }
    reps=$(awk -v t="$(elapsed "$t0" "$t1")" -v m="$min_secs" \
        'BEGIN { r = int(1.5 * m / (t > 0.005 ? t : 0.005)) + 1; print (r < 1 ? 1 : r) }')
    while :; do
        for ((i = 0; i < reps; i++)); do cat "$dir/vectors.txt"; done > "$dir/vectors-rep.txt"
        t0=$(now)
        "$tritium" vectors "$netlist" --input "$dir/vectors-rep.txt" "$@" > "$dir/rep.out"
        t1=$(now)
        # Too short (the one-pass calibration is mostly start-up): scale up and run again.
        short=$(awk -v t="$(elapsed "$t0" "$t1")" -v m="$min_secs" -v r="$reps" \
            'BEGIN { if (t >= m) print 0; else print int(r * 1.3 * m / (t > 0.001 ? t : 0.001)) + 1 }')
        ((short == 0)) && break
        reps=$short
    done
    for ((i = 0; i < reps; i++)); do cat "$dir/event.out"; done | cmp -s - "$dir/rep.out" \
        || { echo "bench-compare: $name: the repeated $label run differs" >&2; exit 1; }
    rm -f "$dir/vectors-rep.txt" "$dir/rep.out" "$dir/once.out"
    row "$name" "$label" "$((vectors * reps))" "$(elapsed "$t0" "$t1")"
}

for circuit in "$@"; do
    if [[ -f $circuit ]]; then netlist=$circuit; else netlist="$iscas/$circuit.bench"; fi
    [[ -f $netlist ]] || { echo "bench-compare: no netlist $netlist" >&2; exit 1; }
    name=$(basename "$netlist" .bench)
    dir="$work/$name"
    mkdir -p "$dir"
    "$tritium" export verilog "$netlist" -o "$dir/dut.v" --module dut_top
    nin=$(grep -c '^  input ' "$dir/dut.v")
    nout=$(grep -c '^  output ' "$dir/dut.v")
    echo "$name: $nin inputs, $nout outputs, $vectors vectors" >&2

    python3 - "$nin" "$vectors" "$seed" > "$dir/vectors.txt" << 'EOF'
import random, sys
width, count, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
out = sys.stdout
for _ in range(count):
    out.write("".join("x" if rng.random() < 0.1 else "01"[rng.getrandbits(1)] for _ in range(width)))
    out.write("\n")
EOF

    # Tritium, event engine: one pass gives the reference output (and calibrates).
    "$tritium" vectors "$netlist" --input "$dir/vectors.txt" --engine event > "$dir/event.out"
    repeated "tritium-event" --engine event

    # Tritium, event engine, unit-delay schedule (slow enough for one pass).
    t0=$(now)
    "$tritium" vectors "$netlist" --input "$dir/vectors.txt" --engine event \
        --schedule unit-delay > "$dir/unit.out"
    t1=$(now)
    cmp -s "$dir/event.out" "$dir/unit.out" \
        || { echo "bench-compare: $name: the unit-delay schedule differs" >&2; exit 1; }
    row "$name" "tritium-event-unit" "$vectors" "$(elapsed "$t0" "$t1")"

    # Tritium, batch engine.
    repeated "tritium-batch" --engine batch

    # Icarus.
    {
        echo "module tb;"
        echo "  reg [0:$((nin - 1))] mem [0:$((vectors - 1))];"
        echo "  reg [0:$((nin - 1))] in;"
        echo "  wire [0:$((nout - 1))] out;"
        echo "  integer i;"
        ports=$( (for ((k = 0; k < nin; k++)); do echo "in[$k]"; done
            for ((k = 0; k < nout; k++)); do echo "out[$k]"; done) | paste -sd, -)
        echo "  dut_top dut($ports);"
        echo "  initial begin"
        echo "    \$readmemb(\"$dir/vectors.txt\", mem);"
        echo "    for (i = 0; i < $vectors; i = i + 1) begin"
        echo "      in = mem[i];"
        echo "      #1;"
        echo "      \$display(\"V %b\", out);"
        echo "    end"
        echo "    \$finish;"
        echo "  end"
        echo "endmodule"
    } > "$dir/tb.v"
    iverilog -g2012 -o "$dir/sim.vvp" "$dir/dut.v" "$dir/tb.v"
    t0=$(now)
    vvp -n "$dir/sim.vvp" > "$dir/icarus.raw"
    t1=$(now)
    sed -n 's/^V //p' "$dir/icarus.raw" > "$dir/icarus.out"
    if ! cmp -s "$dir/event.out" "$dir/icarus.out"; then
        echo "bench-compare: $name: Icarus differs from Tritium:" >&2
        diff "$dir/event.out" "$dir/icarus.out" | head -5 >&2
        exit 1
    fi
    row "$name" "icarus" "$vectors" "$(elapsed "$t0" "$t1")"
    echo "$name: tritium event, tritium batch and icarus agree on $vectors vectors" >&2

    # Verilator, 2-state; a wrapper gives it word-array ports (padded to >= 96 bits, so the
    # model's ports are always VlWide arrays of 32-bit words).
    if ((have_verilator)); then
        pad() { local w=$(((($1 + 31) / 32) * 32)); echo $((w < 96 ? 96 : w)); }
        pin=$(pad "$nin") pout=$(pad "$nout")
        {
            echo "module bench_top(input [$((pin - 1)):0] in, output [$((pout - 1)):0] out);"
            ((pout > nout)) && echo "  assign out[$((pout - 1)):$nout] = 0;"
            ports=$( (for ((k = 0; k < nin; k++)); do echo "in[$k]"; done
                for ((k = 0; k < nout; k++)); do echo "out[$k]"; done) | paste -sd, -)
            echo "  dut_top dut($ports);"
            echo "endmodule"
        } > "$dir/bench_top.v"
        (cd "$dir" && verilator --cc --exe --build -O3 --x-assign fast --x-initial fast \
            -Wno-fatal -Wno-lint -Wno-style -CFLAGS -O2 -j 2 --top-module bench_top \
            -o vsim bench_top.v dut.v "$work/vmain.cpp" > verilator.log 2>&1) \
            || { cat "$dir/verilator.log" >&2; exit 1; }
        read -r vdone vsecs _ < <("$dir/obj_dir/vsim" "$dir/vectors.txt" "$nin" "$nout" "$min_secs")
        row "$name" "verilator-2state" "$vdone" "$(printf '%.3f' "$vsecs")"
    fi
done

# The table: ratios are vectors/s over Icarus's (and Verilator's) on the same circuit.
printf '%s\n' "${rows[@]}" | awk -F'\t' '
    { c[NR] = $1; t[NR] = $2; n[NR] = $3; s[NR] = $4; r[NR] = $3 / $4
      if ($2 == "icarus") ic[$1] = r[NR]; if ($2 == "verilator-2state") vl[$1] = r[NR] }
    END {
        printf "| %-8s | %-18s | %10s | %8s | %12s | %9s | %12s |\n", "circuit", "tool", "vectors", "seconds", "vectors/s", "vs Icarus", "vs Verilator"
        printf "|----------|--------------------|-----------:|---------:|-------------:|----------:|-------------:|\n"
        for (i = 1; i <= NR; i++) {
            vi = (c[i] in ic) ? sprintf("%.2fx", r[i] / ic[c[i]]) : "-"
            vv = (c[i] in vl) ? sprintf("%.3fx", r[i] / vl[c[i]]) : "-"
            printf "| %-8s | %-18s | %10d | %8.3f | %12.0f | %9s | %12s |\n", c[i], t[i], n[i], s[i], r[i], vi, vv
        }
    }'
