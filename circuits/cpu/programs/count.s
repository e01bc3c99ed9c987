; count.s — counts forever: 1, 2, 3, … on the output port, wrapping from 255 to 0.
;
; A program that never halts, for measuring the CPU's simulated clock rate while it runs
; (tritium run, the app's Run mode, scripts/bench-cpu.sh). One loop is 3 instructions,
; 6 clock cycles: the port shows n (mod 256) from the end of cycle 6n on.

        LD #0
loop:   ADD #1                  ; A = A + 1 (C set on the wrap, and ignored)
        OUT                     ; the port shows A
        JMP loop
