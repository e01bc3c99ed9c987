//! Properties: the assembler never panics, and assembling and disassembling are inverse.

use asm::{Instruction, Op, Operand, OperandKind, assemble, disassemble, emulate};
use proptest::prelude::*;

/// Any valid instruction.
fn instruction() -> impl Strategy<Value = Instruction> {
    (0..16usize, any::<bool>(), any::<u8>()).prop_map(|(nibble, immediate, byte)| {
        let op = Op::ALL[nibble];
        let operand = match op.operand_kind() {
            OperandKind::None => Operand::None,
            OperandKind::Value if immediate => Operand::Immediate(byte),
            _ => Operand::Address(byte),
        };
        Instruction::new(op, operand).expect("an operand of the right kind")
    })
}

/// `value` as the source writes it in one of the number forms, chosen by `form`.
fn number(value: u8, form: u8) -> String {
    match form % 5 {
        0 => value.to_string(),
        1 => format!("0x{value:x}"),
        2 => format!("0B{value:b}"),
        3 if value.is_ascii_graphic() && value != b'\'' && value != b'\\' => {
            format!("'{}'", char::from(value))
        }
        // A constant and an offset: `BASE + (value - BASE)`.
        _ if value >= 100 => format!("BASE + {}", value - 100),
        _ => format!("BASE - {}", 100 - value),
    }
}

/// `instruction` as source text, in a case and number form chosen by `form`.
fn text(instruction: Instruction, form: u8) -> String {
    let mnemonic = instruction.op().mnemonic();
    let mnemonic = if form & 0x80 == 0 {
        mnemonic.to_owned()
    } else {
        mnemonic.to_ascii_lowercase()
    };
    match instruction.operand() {
        Operand::None => mnemonic,
        Operand::Immediate(value) => format!("{mnemonic} #{}", number(value, form)),
        Operand::Address(address) => format!("{mnemonic} {}", number(address, form)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(source in any::<String>()) {
        let _ = assemble(&source);
    }

    /// Text made of the assembler's own characters gets past the lexer more often.
    #[test]
    fn assembler_like_text_never_panics(
        source in "([a-zA-Z_ .#,:;+'\\\\0-9\n-]|LD|JMP|\\.org|\\.equ|\\.byte|\\.word|0x|0b|x:){0,60}"
    ) {
        if let Ok(program) = assemble(&source) {
            // Whatever assembles also runs without panicking.
            let _ = emulate(&program, 600);
        }
    }

    #[test]
    fn disassembly_of_an_assembled_list_gives_back_its_instructions(
        list in prop::collection::vec((instruction(), any::<u8>()), 0..=256)
    ) {
        let mut source = String::from(".equ BASE, 100\n");
        for (instruction, form) in &list {
            source.push_str(&text(*instruction, *form));
            source.push_str("   ; a comment\n");
        }
        let program = assemble(&source).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(program.words().len(), list.len());
        for ((instruction, _), word) in list.iter().zip(program.words()) {
            prop_assert_eq!(Instruction::from_word(*word), Some(*instruction));
            prop_assert_eq!(disassemble(*word), instruction.to_string());
        }
        // The disassembly is itself a source that assembles to the same words.
        let listing: Vec<String> = program.words().iter().map(|w| disassemble(*w)).collect();
        let again = assemble(&listing.join("\n")).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(again.words(), program.words());
    }
}

/// Every one of the 65536 words disassembles to text that assembles back to that word.
#[test]
fn every_word_survives_disassembly_and_assembly() {
    for word in 0..=u16::MAX {
        let text = disassemble(word);
        let program = assemble(&text).unwrap_or_else(|e| panic!("{word:04X} `{text}`: {e}"));
        assert_eq!(program.words(), [word], "`{text}`");
    }
}
