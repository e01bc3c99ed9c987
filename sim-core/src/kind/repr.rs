//! [`NodeKind`]'s written form: every kind as it is, except a table gate, written as its
//! input count and outputs and checked when read ([`TruthTable::new`]).
//!
//! The mirror enum and both conversions are generated from one list by `kind_repr!`: a new
//! kind written as it is needs one line there (the compiler asks for it: the conversion from
//! `NodeKind` matches every kind).

use serde::{Deserialize, Serialize};

use super::NodeKind;
use super::display::DecimalMode;
use super::ranges::Ranges;
use super::table::{TableError, TruthTable};
use crate::trit::Trit;

/// Generates `KindRepr` and its conversions from the kinds written as they are, each
/// `Name`, `Name(binding: Type)` or `Name { field: Type, … }`; the table gate is added by hand.
macro_rules! kind_repr {
    ($(
        $variant:ident
        $( ($bind:ident : $ty:ty) )?
        $( { $($field:ident : $fty:ty),* } )?
    ),* $(,)?) => {
        /// [`NodeKind`] as it is written: a table gate's table as its input count and outputs,
        /// checked when read.
        #[derive(Serialize, Deserialize)]
        #[serde(rename = "NodeKind")]
        pub(super) enum KindRepr {
            $( $variant $( ($ty) )? $( { $($field: $fty),* } )?, )*
            Table { inputs: u8, outputs: Vec<Trit> },
        }

        impl TryFrom<KindRepr> for NodeKind {
            type Error = TableError;

            fn try_from(repr: KindRepr) -> Result<NodeKind, TableError> {
                Ok(match repr {
                    $(
                        KindRepr::$variant $( ($bind) )? $( { $($field),* } )? =>
                            NodeKind::$variant $( ($bind) )? $( { $($field),* } )?,
                    )*
                    KindRepr::Table { inputs, outputs } => {
                        NodeKind::Table(TruthTable::new(inputs, &outputs)?)
                    }
                })
            }
        }

        impl From<NodeKind> for KindRepr {
            fn from(kind: NodeKind) -> KindRepr {
                match kind {
                    $(
                        NodeKind::$variant $( ($bind) )? $( { $($field),* } )? =>
                            KindRepr::$variant $( ($bind) )? $( { $($field),* } )?,
                    )*
                    NodeKind::Table(table) => KindRepr::Table {
                        inputs: table.inputs(),
                        outputs: table.outputs(),
                    },
                }
            }
        }
    };
}

kind_repr! {
    Constant(value: Trit),
    Switch,
    Button,
    Keypad,
    Clock { half_period: u32 },
    Buf,
    Not,
    And(n: u8),
    Or(n: u8),
    Nand(n: u8),
    Nor(n: u8),
    Xor(n: u8),
    Xnor(n: u8),
    Dff,
    Dffe,
    Dffsr,
    Lamp,
    Probe,
    HexDisplay,
    SevenSegment,
    DecimalDisplay(mode: DecimalMode),
    LedMatrix { rows: u8, columns: u8 },
    Tty,
    Split(ranges: Ranges),
    Merge(ranges: Ranges),
    Tunnel,
    Rom { addr_bits: u8 },
    Ram { addr_bits: u8 },
}
