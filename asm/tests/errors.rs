//! Golden error messages: a table of bad sources, each with the exact `line:column: message`
//! the assembler must give, and the syntax that must assemble.

use asm::{AsmErrorKind, MAX_TOKEN_CHARS, Op, assemble};

/// `(source, message)`: the message names the line, column and offending item.
const BAD: &[(&str, &str)] = &[
    ("FOO 5", "1:1: unknown mnemonic `FOO`"),
    ("NOP\nNOP\n    JMP loop2", "3:9: undefined label `loop2`"),
    ("LD #x", "1:5: undefined label `x`"),
    (
        "x: NOP\nx: HLT",
        "2:1: duplicate label `x` (first defined on line 1)",
    ),
    (
        ".equ x, 1\nx: NOP",
        "2:1: duplicate label `x` (first defined on line 1)",
    ),
    (
        "LD #300",
        "1:5: value 300 out of range for an 8-bit immediate (-128..=255)",
    ),
    (
        "LD #-129",
        "1:5: value -129 out of range for an 8-bit immediate (-128..=255)",
    ),
    (
        "ST 256",
        "1:4: value 256 out of range for a RAM address (0..=255)",
    ),
    (
        "ADD x+1\n.equ x, 255",
        "1:5: value 256 out of range for a RAM address (0..=255)",
    ),
    (
        "JMP -1",
        "1:5: value -1 out of range for a jump target (0..=255)",
    ),
    (
        ".byte 1, 256",
        "1:10: value 256 out of range for a `.byte` value (-128..=255)",
    ),
    (
        ".word 0x10000",
        "1:7: value 65536 out of range for a `.word` value (0..=65535)",
    ),
    (
        ".org 300",
        "1:6: value 300 out of range for `.org` (0..=255)",
    ),
    (
        ".org 4\nNOP\n.org 2",
        "3:6: `.org 2` moves backwards: the program is already at address 5",
    ),
    (
        ".org 255\nNOP\nNOP",
        "3:1: program past 256 words: no room for `NOP`",
    ),
    (
        ".org 254\n.byte 1, 2, 3",
        "2:13: program past 256 words: no room for `.byte`",
    ),
    ("ADD", "1:1: `ADD` needs an operand"),
    ("  jz ; to where?", "1:3: `JZ` needs an operand"),
    ("HLT 5", "1:5: `HLT` takes no operand"),
    ("OUT #1", "1:5: `OUT` takes no operand"),
    ("ADD 1, 2", "1:6: `ADD` takes one operand"),
    ("ST #5", "1:4: `ST` takes an address, not an immediate"),
    ("JZ #x", "1:4: `JZ` takes an address, not an immediate"),
    ("LD #0xZZ", "1:5: bad number `0xZZ`"),
    ("LD #12ab", "1:5: bad number `12ab`"),
    ("LD #0b102", "1:5: bad number `0b102`"),
    (
        "LD 99999999999999999999",
        "1:4: bad number `99999999999999999999`",
    ),
    ("LD #'ab'", "1:5: bad character literal `'ab`"),
    ("LD #''", "1:5: bad character literal `''`"),
    ("LD #'a", "1:5: bad character literal `'a`"),
    ("LD $5", "1:4: unexpected character `$`"),
    ("LD . 5", "1:4: unexpected character `.`"),
    (".foo 1", "1:1: unknown directive `.foo`"),
    (
        ".equ X, Y\n.equ Y, 1",
        "1:9: label `Y` is not defined above this line (`.org` and `.equ` use only symbols defined earlier)",
    ),
    (
        ".org end\nend: HLT",
        "1:6: label `end` is not defined above this line (`.org` and `.equ` use only symbols defined earlier)",
    ),
    (".equ X 1", "1:8: expected `,`, found `1`"),
    (".equ 5, 1", "1:6: expected a constant's name, found `5`"),
    (
        ".byte 1, 2,",
        "1:12: expected an expression, found end of line",
    ),
    (".org", "1:5: expected an expression, found end of line"),
    ("ADD #5 6", "1:8: expected end of line, found `6`"),
    ("ADD #", "1:6: expected an expression, found end of line"),
    ("ADD 1 +", "1:8: expected an expression, found end of line"),
    (
        ": NOP",
        "1:1: expected a label, mnemonic or directive, found `:`",
    ),
    (
        "x: 5",
        "1:4: expected a label, mnemonic or directive, found `5`",
    ),
    (
        "LD #9223372036854775807 + 1",
        "1:5: expression overflows 64 bits",
    ),
    // Columns count characters, not bytes.
    ("; é\nLD #'é' + x", "2:11: undefined label `x`"),
    (
        "'é' NOP",
        "1:1: expected a label, mnemonic or directive, found `'é'`",
    ),
];

#[test]
fn bad_sources_give_their_golden_messages() {
    let mut failures = Vec::new();
    for (source, expected) in BAD {
        match assemble(source) {
            Ok(program) => failures.push(format!(
                "{source:?} assembled to {:04x?}, expected {expected}",
                program.words()
            )),
            Err(error) => {
                let message = error.to_string();
                if message != *expected {
                    failures.push(format!(
                        "{source:?}\n   gave: {message}\n   want: {expected}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn errors_are_typed_with_their_position() {
    let error = assemble("NOP\nNOP\n    JMP loop2").expect_err("undefined");
    assert_eq!((error.line, error.column), (3, 9));
    assert_eq!(error.kind, AsmErrorKind::UndefinedLabel("loop2".to_owned()));
    let error = assemble("st #1").expect_err("immediate");
    assert_eq!(error.kind, AsmErrorKind::ImmediateNotAllowed(Op::St));
}

/// A name or number longer than `MAX_TOKEN_CHARS` is refused by its length, not echoed: a
/// megabyte word gives a one-line message.
#[test]
fn an_overlong_token_is_refused_without_being_echoed() {
    let long = "x".repeat(1_000_000);
    for (source, column) in [
        (format!("JMP {long}"), 5),
        (format!("LD #1{long}"), 5),
        (format!(".{long}"), 1),
        (long.clone(), 1),
    ] {
        let error = assemble(&source).expect_err("too long");
        assert_eq!(
            error.to_string(),
            format!(
                "1:{column}: a token of {} characters, more than the {MAX_TOKEN_CHARS} a name or number may have",
                source.chars().count() + 1 - column
            )
        );
    }
    let longest = "x".repeat(MAX_TOKEN_CHARS);
    let error = assemble(&format!("JMP {longest}")).expect_err("undefined");
    assert_eq!(error.kind, AsmErrorKind::UndefinedLabel(longest));
}

/// Every syntax form of docs/cpu.md.
#[test]
fn the_documented_syntax_assembles() {
    let source = "\
; a comment line
        .equ N, 3               ; a constant
        .equ LAST, N + 0x10 - 1 ; expressions: + and -
start:  ld #N                   ; mnemonics in any case
        Add #-1                 ; negative immediates are two's complement
        ADD #'a'                ; a character
        ADD #'\\n'               ; an escape
        AND #0b1010_0000 - 0b1010_0000 + 0xF0
        JNZ later               ; a forward reference
a: b:   ST LAST                 ; two labels on one line
        JMP start+1             ; label + constant
later:
        .org 0x10
        .byte 1, -1, 'z', later
        .word 0xBEEF, start
";
    // `0b1010_0000` is not a number: `_` is not a digit.
    let error = assemble(source).expect_err("0b1010_0000");
    assert_eq!(error.to_string(), "8:14: bad number `0b1010_0000`");

    let source = source.replace("0b1010_0000", "0b10100000");
    let program = assemble(&source).expect("assembles");
    let mut expected = vec![
        0x1103, // ld #N
        0x13FF, // Add #-1
        0x1361, // ADD #'a'
        0x130A, // ADD #'\n'
        0x15F0, // AND #0xF0
        0x0B08, // JNZ later
        0x0212, // ST LAST = 3 + 16 - 1
        0x0901, // JMP start+1
    ];
    expected.resize(0x10, 0x0000); // the gap before `.org 0x10`: NOP
    expected.extend([0x0001, 0x00FF, 0x007A, 0x0008, 0xBEEF, 0x0000]);
    assert_eq!(program.words(), expected);
    assert_eq!(program.labels().get("a"), Some(&6));
    assert_eq!(program.labels().get("b"), Some(&6));
    assert_eq!(program.labels().get("later"), Some(&8));
    assert_eq!(program.labels().get("N"), None, "constants are not labels");
}

#[test]
fn an_empty_or_blank_source_is_an_empty_program() {
    for source in ["", "\n\n", "; nothing\n   ; at all", "only: ; a label"] {
        let program = assemble(source).expect("assembles");
        assert!(program.words().is_empty());
        assert_eq!(program.to_hex(), "");
    }
}

#[test]
fn a_full_rom_assembles_and_one_more_word_does_not() {
    let full = "NOP\n".repeat(256) + "end:";
    let program = assemble(&full).expect("256 words fit");
    assert_eq!(program.words().len(), 256);
    assert_eq!(program.labels().get("end"), Some(&256));
    let error = assemble(&(full + " HLT")).expect_err("257 words");
    assert_eq!(
        error.to_string(),
        "257:6: program past 256 words: no room for `HLT`"
    );
    let error = assemble(&("NOP\n".repeat(256) + "end: NOP\nJMP end")).expect_err("a label at 256");
    assert_eq!(error.line, 257);
}

/// The syntax example in docs/cpu.md assembles.
#[test]
fn the_example_in_docs_cpu_md_assembles() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/cpu.md");
    let doc = std::fs::read_to_string(path).expect("docs/cpu.md reads");
    let start = doc.find("```asm\n").expect("an asm block") + "```asm\n".len();
    let end = start + doc[start..].find("```").expect("the block ends");
    let program = assemble(&doc[start..end]).unwrap_or_else(|e| panic!("docs/cpu.md: {e}"));
    assert_eq!(program.words()[0], 0x1103, "LD #N");
    assert_eq!(
        program.words()[0x20..],
        [0x0001, 0x0002, 0x0061, 0x00FF, 0xBEEF]
    );
}
