; fib.s — the Fibonacci numbers that fit 8 bits.
;
; Output port: 1 1 2 3 5 8 13 21 34 55 89 144 233 (13 values), then HLT.
; The next number, 144 + 233 = 377, would not fit: the ADD that computes it
; sets C and the program halts instead.
;
; 118 instructions executed (4 + 12 × 9 + 5 + 1), 236 clock cycles.

        .equ a, 0x00            ; RAM: the previous number
        .equ b, 0x01            ; RAM: the current number
        .equ t, 0x02            ; RAM: a copy of b while a + b is formed

        LD #0
        ST a                    ; a = 0
        LD #1
        ST b                    ; b = 1
loop:   LD b
        OUT                     ; output b
        ST t                    ; t = b
        ADD a                   ; A = a + b, C = carry out of bit 7
        JC done                 ; a + b does not fit 8 bits: stop
        ST b                    ; b = a + b
        LD t
        ST a                    ; a = old b
        JMP loop
done:   HLT
