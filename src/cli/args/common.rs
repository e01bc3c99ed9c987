//! What several commands share: how a circuit file is loaded (`--max-nodes`, `--library-dir`),
//! the `--set` batches and their parser, and `--format text|json`.

use std::fmt;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sim_core::literal::Literal;

/// How a circuit file is loaded, shared by the commands that load one: its size limit and the
/// folders its libraries may come from.
#[derive(Clone, Debug, Args)]
pub struct LoadArgs {
    /// The most nodes a circuit with subcircuits may flatten to (checked before it is
    /// built). Loading costs about 700 bytes a node at its peak: the default, 4 million, is
    /// about 2.8 GB of memory; 20 million would be about 14 GB.
    ///
    /// A few kilobytes of parts each placing the one below twice flatten to billions of
    /// nodes; such a file is refused with the instance path and the sizes instead of
    /// exhausting memory. Raise the limit for a larger design that fits the machine.
    #[arg(long, value_name = "N", default_value_t = sim_core::hierarchy::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,

    /// Also let the circuit read library files under DIR (repeatable). A circuit's
    /// `libraries` are otherwise read only from under the folder of the file naming them:
    /// regular files of at most 64 MiB, never a path that leads elsewhere (`/…`, `../…`, a
    /// symbolic link).
    #[arg(long, value_name = "DIR")]
    pub library_dir: Vec<PathBuf>,
}

/// How `sim`, `trace` and the analyses print their results (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON document for programs.
    Json,
}

/// One `--set` batch: labels and values in the order given, each label at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetBatch(pub Vec<(String, Literal)>);

impl fmt::Display for SetBatch {
    /// Formats as `R=+1, S=-1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (label, value)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{label}={value}")?;
        }
        Ok(())
    }
}

/// Parses `NAME=VALUE[,NAME=VALUE...]` (the value parser of `--set`), with
/// [`sim_core::literal::parse_assignments`].
///
/// Only the syntax is checked here; whether the labels exist is up to the circuit.
///
/// # Errors
/// A message naming the malformed assignment, the value that is not a trit, or the label given
/// twice.
pub fn parse_batch(text: &str) -> Result<SetBatch, String> {
    sim_core::literal::parse_assignments(text)
        .map(SetBatch)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Trit;
    use sim_core::number::Radix;

    #[test]
    fn batches_parse_every_value_spelling() {
        let batch = parse_batch("R=+1, S=F,T=unknown,A=0x5A").expect("valid");
        let values: Vec<Vec<Trit>> = batch
            .0
            .iter()
            .map(|(_, v)| v.resolve(if v.to_string() == "0x5A" { 8 } else { 1 }))
            .collect::<Result<_, _>>()
            .expect("valid for their widths");
        assert_eq!(
            values[..3],
            [vec![Trit::True], vec![Trit::False], vec![Trit::Unknown]]
        );
        assert_eq!(sim_core::number::format(&values[3], Radix::Unsigned), "90");
        assert_eq!(batch.to_string(), "R=+1, S=F, T=unknown, A=0x5A");
    }

    #[test]
    fn malformed_batches_are_refused() {
        for (text, message) in [
            ("", "is not an assignment"),
            ("R", "is not an assignment"),
            ("R=1,", "is not an assignment"),
            ("=1", "has no label"),
            ("R=maybe", "neither a trit"),
            ("A=0x5G", "neither a trit"),
            ("R=1,R=-1", "set twice"),
        ] {
            let err = parse_batch(text).expect_err(text);
            assert!(err.contains(message), "{text:?}: {err:?} lacks {message:?}");
        }
    }
}
