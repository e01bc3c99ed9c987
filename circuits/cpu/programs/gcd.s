; gcd.s — Euclid's greatest common divisor by repeated subtraction.
;
; Output port: 21 (gcd(252, 105)), then HLT.
; While a ≠ b the smaller is subtracted from the larger:
; (252,105) → (147,105) → (42,105) → (42,63) → (42,21) → (21,21).
;
; 46 instructions executed (4 + 3 × 7 for a − b + 2 × 8 for b − a
; + 3 + 2), 92 clock cycles.

        .equ A0, 252            ; the first number
        .equ B0, 105            ; the second number
        .equ a, 0x00            ; RAM: a
        .equ b, 0x01            ; RAM: b

        LD #A0
        ST a                    ; a = A0
        LD #B0
        ST b                    ; b = B0
loop:   LD a
        CMP b                   ; Z = (a == b), C = (a < b); A stays a
        JZ done
        JC less
        SUB b
        ST a                    ; a = a - b
        JMP loop
less:   LD b
        SUB a
        ST b                    ; b = b - a
        JMP loop
done:   OUT                     ; output a (A still holds it)
        HLT
