//! What the assembler produces: the ROM image of a [`Program`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How many words the program ROM holds (addresses `0x00..=0xFF`).
pub const ROM_WORDS: usize = 256;

/// An assembled program: the 256-word ROM image and how much of it the source filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub(super) rom: [u16; ROM_WORDS],
    pub(super) len: usize,
    pub(super) labels: BTreeMap<String, u16>,
}

impl Program {
    /// A program of the given words at addresses `0..words.len()`, with no labels; `None`
    /// when there are more than 256 words. (For a program read back from a `.hex` file.)
    pub fn from_words(words: &[u16]) -> Option<Program> {
        if words.len() > ROM_WORDS {
            return None;
        }
        let mut rom = [0; ROM_WORDS];
        rom[..words.len()].copy_from_slice(words);
        Some(Program {
            rom,
            len: words.len(),
            labels: BTreeMap::new(),
        })
    }

    /// The words the source filled: addresses `0..len`, where `len` (`0..=256`) is one past
    /// the highest address an instruction, `.byte` or `.word` wrote. Gaps left by `.org` are
    /// `0x0000` (`NOP`).
    pub fn words(&self) -> &[u16] {
        &self.rom[..self.len]
    }

    /// The whole ROM image: [`Program::words`] followed by `0x0000` up to address `0xFF`.
    pub fn rom(&self) -> &[u16; ROM_WORDS] {
        &self.rom
    }

    /// The labels (not the `.equ` constants) and their ROM addresses, `0..=256` (a label
    /// after the last word of a full ROM is 256).
    pub fn labels(&self) -> &BTreeMap<String, u16> {
        &self.labels
    }

    /// The contents file for the ROM: [`Program::words`] in plain hexadecimal, one word per
    /// line, four lower-case digits, each line ending in `\n` (the empty string for an empty
    /// program).
    ///
    /// ```
    /// let program = asm::assemble("LD #1\nOUT\nHLT")?;
    /// assert_eq!(program.to_hex(), "1101\n0e00\n0f00\n");
    /// # Ok::<(), asm::AsmError>(())
    /// ```
    pub fn to_hex(&self) -> String {
        let mut text = String::with_capacity(self.len * 5);
        for word in self.words() {
            // Writing to a String cannot fail.
            let _ = writeln!(text, "{word:04x}");
        }
        text
    }
}
