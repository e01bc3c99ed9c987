//! The memory views' state: which memories are open in a window ([`MemoryViews`], keyed by
//! [`MemoryViewKey`] in a slot map, so a view keeps its handle while others open and close),
//! and the actions on a memory's words — edit a word, load and save its contents file. The
//! words come from the running simulation ([`sim_core::Engine::memory_words`]): a RAM's are
//! live; a ROM's edits are edits of the document (undoable, saved with the circuit or into
//! its contents file).

use std::path::PathBuf;

use slotmap::{SlotMap, new_key_type};

use sim_core::hierarchy::ResolveError;
use sim_core::memory::contents::{self, ContentsError, ContentsFormat, WordError};
use sim_core::memory::{self, ContentsDecl, Memory, MemoryKind, Word};
use sim_core::{NodeId, Trit};

use super::CircuitPageState;

/// Why an action of a memory view (edit a word, load or save the contents file) failed; its
/// text is what the status bar shows.
#[derive(Debug, thiserror::Error)]
pub enum MemoryViewError {
    /// The circuit has no memory of that label.
    #[error("no memory `{label}`")]
    NoMemory {
        /// The label asked for.
        label: String,
    },
    /// The word's text is refused (not hex, too wide).
    #[error(transparent)]
    Word(#[from] WordError),
    /// The address is past the memory's words.
    #[error("{label} has no word {addr:#x}")]
    NoWord {
        /// The memory's label.
        label: String,
        /// The address asked for.
        addr: usize,
    },
    /// The contents file is refused or cannot be read.
    #[error(transparent)]
    Read(#[from] ResolveError),
    /// The contents file's text is malformed (its line and column after the file's name).
    #[error("{file}:{error}")]
    Contents {
        /// The contents file, as given.
        file: String,
        /// What is wrong, and where.
        error: ContentsError,
    },
    /// The words cannot be written in the file's format.
    #[error(transparent)]
    Write(ContentsError),
    /// The circuit has not been saved, so its contents file has no folder.
    #[error("save the circuit first: its contents file goes beside it")]
    NoFolder,
    /// The contents file cannot be written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A ROM inside a part: its words are the part file's.
    #[error("`{label}` is inside a part: edit the part's file to change its words")]
    InsidePart {
        /// The memory's label (an instance path).
        label: String,
    },
    /// The document's edit was refused (the reason is already shown).
    #[error("the edit was refused")]
    Refused,
}

new_key_type! {
    /// An open memory view: stable while other views open and close.
    pub struct MemoryViewKey;
}

/// One open memory view.
#[derive(Clone, Debug, Default)]
pub struct MemoryView {
    /// The memory's label.
    pub label: String,
    /// The word being edited, and its text so far.
    pub edit: Option<(usize, String)>,
    /// The contents file the Load and Save buttons use (relative to the circuit's folder).
    pub file: String,
}

/// The open memory views.
#[derive(Clone, Debug, Default)]
pub struct MemoryViews {
    views: SlotMap<MemoryViewKey, MemoryView>,
}

impl MemoryViews {
    /// The open views, in the order they were opened.
    pub fn keys(&self) -> Vec<MemoryViewKey> {
        self.views.keys().collect()
    }

    /// View `key`, if open.
    pub fn get(&self, key: MemoryViewKey) -> Option<&MemoryView> {
        self.views.get(key)
    }

    /// View `key`, if open, to change.
    pub fn get_mut(&mut self, key: MemoryViewKey) -> Option<&mut MemoryView> {
        self.views.get_mut(key)
    }

    /// Closes view `key`.
    pub fn close(&mut self, key: MemoryViewKey) {
        self.views.remove(key);
    }

    /// The number of open views.
    pub fn len(&self) -> usize {
        self.views.len()
    }

    /// Whether no view is open.
    pub fn is_empty(&self) -> bool {
        self.views.is_empty()
    }

    /// Closes the views of memories `keep` does not accept (after an edit or a new
    /// document).
    pub fn retain(&mut self, keep: impl Fn(&str) -> bool) {
        self.views.retain(|_, v| keep(&v.label));
    }
}

/// The address a memory reads now: the values of the drivers of its address pins.
pub fn address_of(state: &CircuitPageState, memory: &Memory) -> Vec<Trit> {
    let c = state.circuit();
    let Some(bit) = c.find(&memory.bit_label(0)) else {
        return vec![Trit::Unknown; usize::from(memory.addr_bits)];
    };
    c.drivers(bit)
        .into_iter()
        .take(usize::from(memory.addr_bits))
        .map(|d: Option<NodeId>| d.map_or(Trit::Unknown, |d| state.sim.value(d)))
        .collect()
}

impl CircuitPageState {
    /// Opens a view of memory `label` (or returns the one already open).
    pub fn open_memory(&mut self, label: &str) -> Option<MemoryViewKey> {
        let memory = self.circuit().memory(label)?;
        let file = memory
            .file
            .clone()
            .unwrap_or_else(|| format!("{}.hex", label.replace('/', "_")));
        if let Some(key) = self
            .memories
            .views
            .iter()
            .find(|(_, v)| v.label == label)
            .map(|(k, _)| k)
        {
            return Some(key);
        }
        Some(self.memories.views.insert(MemoryView {
            label: label.to_owned(),
            edit: None,
            file,
        }))
    }

    /// The memory a node is a data bit of, if any.
    pub fn memory_of_node(&self, id: NodeId) -> Option<&Memory> {
        let c = self.circuit();
        let node = c.node(id)?;
        if !node.kind.is_memory() {
            return None;
        }
        c.memories()
            .iter()
            .find(|m| (0..usize::from(m.data_bits)).any(|k| m.bit_label(k) == node.label))
    }

    /// The words of memory `label` now (a RAM's as the simulation wrote them).
    pub fn memory_words(&self, label: &str) -> Option<&[Word]> {
        self.sim.engine().memory_words(label)
    }

    /// Sets word `addr` of memory `label` to the hex `text` (`3f`, `?` digits unknown): a
    /// RAM's word in the running simulation; a ROM's in the document too (an undoable edit:
    /// its inline words, or its contents file's text, which Save contents writes).
    ///
    /// # Errors
    /// A [`MemoryViewError`] naming the word: not hex, too wide, past the memory's words.
    pub fn edit_memory_word(
        &mut self,
        label: &str,
        addr: usize,
        text: &str,
    ) -> Result<(), MemoryViewError> {
        let memory = self
            .circuit()
            .memory(label)
            .cloned()
            .ok_or_else(|| no_memory(label))?;
        let word = contents::parse_word(text, memory.data_bits)?;
        if addr >= memory.words() {
            return Err(MemoryViewError::NoWord {
                label: label.to_owned(),
                addr,
            });
        }
        if memory.kind == MemoryKind::Ram {
            self.sim.write_memory_word(label, addr, word);
            return Ok(());
        }
        let mut words = memory.image.to_vec();
        words[addr] = word;
        self.set_rom_words(&memory, &words)
    }

    /// Reads contents file `file` (relative to the circuit's folder) into memory `label`: a
    /// RAM's words now, a ROM's in the document (undoable).
    ///
    /// # Errors
    /// A [`MemoryViewError`]: the file cannot be read or a word is malformed (line and
    /// column).
    pub fn load_memory(&mut self, label: &str, file: &str) -> Result<(), MemoryViewError> {
        let memory = self
            .circuit()
            .memory(label)
            .cloned()
            .ok_or_else(|| no_memory(label))?;
        let from = self.document_path_text();
        let (_, text) = super::read_library(file, &from)?;
        let read = contents::parse(&text, memory.addr_bits, memory.data_bits).map_err(|error| {
            MemoryViewError::Contents {
                file: file.to_owned(),
                error,
            }
        })?;
        let words = read.fill(memory.addr_bits, memory.data_bits);
        if memory.kind == MemoryKind::Ram {
            for (addr, &w) in words.iter().enumerate() {
                self.sim.write_memory_word(label, addr, w);
            }
            return Ok(());
        }
        self.set_rom_words(&memory, &words)
    }

    /// Writes memory `label`'s words now to contents file `file` (relative to the circuit's
    /// folder; plain hex, or Logisim's format if the file is one), atomically.
    ///
    /// # Errors
    /// A [`MemoryViewError`]: the memory has no words, the circuit has no folder yet, or the
    /// file cannot be written.
    pub fn save_memory(&mut self, label: &str, file: &str) -> Result<PathBuf, MemoryViewError> {
        let memory = self
            .circuit()
            .memory(label)
            .cloned()
            .ok_or_else(|| no_memory(label))?;
        let words = self
            .memory_words(label)
            .ok_or_else(|| no_memory(label))?
            .to_vec();
        let format = memory
            .file
            .as_ref()
            .and_then(|f| self.doc.document.design.contents.get(f))
            .and_then(|t| contents::parse(t, memory.addr_bits, memory.data_bits).ok())
            .map_or(ContentsFormat::PlainHex, |c| c.format);
        let text =
            contents::write(&words, memory.data_bits, format).map_err(MemoryViewError::Write)?;
        let dir = self
            .doc
            .path
            .as_ref()
            .and_then(|p| p.parent())
            .ok_or(MemoryViewError::NoFolder)?;
        let path = dir.join(file);
        loader::write_atomically(&path, text.as_bytes()).map_err(|error| MemoryViewError::Io {
            path: path.clone(),
            error,
        })?;
        if memory.file.as_deref() == Some(file) {
            self.doc
                .document
                .design
                .contents
                .insert(file.to_owned(), text);
        }
        Ok(path)
    }

    /// The document's path as the library reader takes it (`from`).
    fn document_path_text(&self) -> String {
        self.doc
            .path
            .as_ref()
            .map_or_else(|| "untitled.ron".to_owned(), |p| p.display().to_string())
    }

    /// Replaces ROM `memory`'s words in the document (an undoable edit): its contents file's
    /// text when it has one (kept in the document until Save contents writes it), else its
    /// words inline.
    fn set_rom_words(&mut self, memory: &Memory, words: &[Word]) -> Result<(), MemoryViewError> {
        let label = memory.label.clone();
        if label.contains('/') {
            return Err(MemoryViewError::InsidePart { label });
        }
        let data_bits = memory.data_bits;
        let file = memory.file.clone();
        let before = self.doc.document.clone();
        if let Some(file) = &file {
            let text = contents::write(words, data_bits, ContentsFormat::PlainHex)
                .map_err(MemoryViewError::Write)?;
            self.doc.document.design.contents.insert(file.clone(), text);
        }
        let inline: Vec<sim_core::literal::Literal> = {
            let end = words
                .iter()
                .rposition(|w| !w.is_unknown(data_bits))
                .map_or(0, |p| p + 1);
            words[..end]
                .iter()
                .map(|&w| sim_core::literal::Literal::Text(inline_word(w, data_bits)))
                .collect()
        };
        let result = super::bus_level::rebuild_edited(&mut self.doc.document, |nodes, _| {
            let node = nodes
                .iter_mut()
                .find(|n| n.label == label)
                .ok_or_else(|| format!("no memory `{label}` at the top level"))?;
            if file.is_none() {
                node.contents = Some(Box::new(ContentsDecl::Words(inline)));
            }
            Ok(())
        });
        self.commit_edit(before, result)
            .ok_or(MemoryViewError::Refused)
    }
}

/// [`MemoryViewError::NoMemory`] for `label`.
fn no_memory(label: &str) -> MemoryViewError {
    MemoryViewError::NoMemory {
        label: label.to_owned(),
    }
}

/// Word `w` as an inline literal: hex when every digit is known or unknown as a whole,
/// else binary with `x` bits.
fn inline_word(w: Word, data_bits: u8) -> String {
    let hex = contents::format_word(w, data_bits);
    let digit_exact = (0..data_bits.div_ceil(4)).all(|d| {
        let bits: Vec<Trit> = (4 * u32::from(d)..(4 * u32::from(d) + 4).min(u32::from(data_bits)))
            .map(|k| w.bit(k))
            .collect();
        bits.iter().all(|b| b.is_known()) || bits.iter().all(|b| !b.is_known())
    });
    if digit_exact {
        format!("0x{hex}")
    } else {
        sim_core::number::format(&w.trits(data_bits), sim_core::number::Radix::Bin)
    }
}

/// The candidate addresses of `addr` (all of them when more than `limit`: `None`).
pub fn candidates(addr: &[Trit], limit: usize) -> Option<Vec<usize>> {
    let unknown = addr.iter().filter(|t| !t.is_known()).count();
    if unknown > 20 || 1usize << unknown > limit {
        return None;
    }
    Some(memory::candidate_addresses(addr).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_view_errors_read_as_before() {
        let io = std::io::Error::new(std::io::ErrorKind::PermissionDenied, "denied");
        for (error, text) in [
            (no_memory("MEM"), "no memory `MEM`"),
            (
                MemoryViewError::NoWord {
                    label: "MEM".into(),
                    addr: 31,
                },
                "MEM has no word 0x1f",
            ),
            (
                MemoryViewError::Io {
                    path: PathBuf::from("dir/rom.hex"),
                    error: io,
                },
                "dir/rom.hex: denied",
            ),
            (
                MemoryViewError::InsidePart {
                    label: "U1/ROM".into(),
                },
                "`U1/ROM` is inside a part: edit the part's file to change its words",
            ),
            (
                MemoryViewError::NoFolder,
                "save the circuit first: its contents file goes beside it",
            ),
        ] {
            assert_eq!(error.to_string(), text);
        }
        let contents = contents::parse("zz\n", 4, 8).expect_err("not hex");
        let error = MemoryViewError::Contents {
            file: "rom.hex".into(),
            error: contents,
        };
        assert_eq!(
            error.to_string(),
            "rom.hex:1:1: `zz` is not a hex word (digits 0-9, a-f, `?` unknown)"
        );
    }
}
