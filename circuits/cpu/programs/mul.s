; mul.s — 8-bit multiplication by shift and add: X × Y = 13 × 11.
;
; Output port: 143 (13 × 11), then HLT.
; For each of the 8 bits of Y (mask = 1, 2, 4, …, 128) the shifted
; multiplicand m = X << i is added to the product when Y AND mask is not 0;
; m and mask are shifted left by adding each to itself through RAM.
; The product is kept modulo 256 (13 × 11 fits).
;
; 98 instructions executed (6 + 3 × 13 for Y's three 1 bits
; + 5 × 10 for its five 0 bits + 3), 196 clock cycles.

        .equ X, 13              ; the multiplicand
        .equ Y, 11              ; the multiplier, 0b00001011
        .equ prod, 0x00         ; RAM: the product so far
        .equ m, 0x01            ; RAM: X shifted left by the bit number
        .equ mask, 0x02         ; RAM: the bit of Y under test

        LD #0
        ST prod                 ; prod = 0
        LD #X
        ST m                    ; m = X
        LD #1
        ST mask                 ; mask = 1
loop:   LD #Y
        AND mask                ; Z = this bit of Y is 0
        JZ skip
        LD prod
        ADD m
        ST prod                 ; prod = prod + m
skip:   LD m
        ADD m
        ST m                    ; m = m << 1
        LD mask
        ADD mask                ; mask = mask << 1: 0 (Z) after bit 7
        ST mask
        JNZ loop
        LD prod
        OUT                     ; output the product
        HLT
