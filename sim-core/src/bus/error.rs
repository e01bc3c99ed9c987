//! Why a level's buses cannot be expanded: [`BusError`], every message naming the node or
//! wire.

use crate::kind::NodeKind;
use crate::literal::LiteralError;

/// Why a level's buses cannot be expanded; every message names the node or wire.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BusError {
    /// A width outside 1..=64, a clock wider than 1, or a splitter whose width disagrees
    /// with its ranges.
    #[error("node `{label}`: {message}")]
    Width {
        /// The node.
        label: String,
        /// What is wrong.
        message: String,
    },
    /// A wire joins ends of different widths.
    #[error(
        "wire {from} → {to}{}: `{from}` is {from_width} {} wide but `{to}`{} takes {to_width}",
        pin_suffix(*input), trits(*from_width), pin_of(*input)
    )]
    Mismatch {
        /// The driving end, as written.
        from: String,
        /// Its width.
        from_width: usize,
        /// The driven end, as written.
        to: String,
        /// Its input pin.
        input: u8,
        /// The width that input takes.
        to_width: usize,
    },
    /// A bus constant's `value` is not a number of its width.
    #[error("node `{label}`: {error}")]
    Value {
        /// The node.
        label: String,
        /// What is wrong (boxed: a rare error keeps the common result small).
        error: Box<LiteralError>,
    },
    /// A `value` on a node that is not a constant.
    #[error("node `{label}`: `value` is for constants, not a {kind}")]
    ValueNotConstant {
        /// The node.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A wire end names a splitter or merger wrongly (`SP` instead of `SP.0`, a range that
    /// does not exist, an input pin past the merger's ranges).
    #[error("wire end `{end}`: {message}")]
    End {
        /// The end as written.
        end: String,
        /// What is wrong.
        message: String,
    },
    /// Splitters and mergers wired in a loop, with no gate in it.
    #[error("splitters and mergers are wired in a loop through `{label}` with no gate in it")]
    Loop {
        /// A node in the loop.
        label: String,
    },
    /// Two wires drive the same input of a splitter or merger.
    #[error("input {input} of `{label}` has two drivers: `{first}` and `{second}`")]
    DoubleDriver {
        /// The splitter or merger.
        label: String,
        /// The input pin.
        input: u8,
        /// The first driver.
        first: String,
        /// The second driver.
        second: String,
    },
    /// The level's tunnels cannot be resolved (see [`crate::tunnel`]). Boxed: a rare error
    /// keeps the common result small.
    #[error(transparent)]
    Tunnel(Box<crate::tunnel::TunnelError>),
}

fn pin_suffix(input: u8) -> String {
    if input == 0 {
        String::new()
    } else {
        format!(".{input}")
    }
}

fn pin_of(input: u8) -> String {
    if input == 0 {
        String::new()
    } else {
        format!(" (input {input})")
    }
}

fn trits(width: usize) -> &'static str {
    if width == 1 { "trit" } else { "trits" }
}
