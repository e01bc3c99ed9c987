//! Yosys' JSON netlist (`write_json`) as serde types: what the importer reads of it. Fields it
//! does not read (attributes other than `top` and `init`, `creator`, …) are ignored, so the
//! netlists of newer Yosys versions read too.
//!
//! Maps are read in file order ([`Ordered`]): Yosys writes ports in their declaration order,
//! which becomes the order of a part's pins.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};

/// The whole file: its modules by name.
#[derive(Debug, Deserialize)]
pub(super) struct Netlist {
    /// The modules, in file order.
    pub modules: Ordered<Module>,
}

/// One module.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Module {
    /// Attributes; the importer reads `top` and `blackbox`.
    pub attributes: Attributes,
    /// The ports, in declaration order.
    pub ports: Ordered<Port>,
    /// The cells, in file order.
    pub cells: Ordered<Cell>,
    /// The named nets.
    pub netnames: Ordered<NetName>,
}

/// The attributes the importer reads: each a string of binary digits (or a number) in Yosys'
/// JSON.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Attributes {
    /// Set on the top module by `hierarchy -top`.
    pub top: Option<Value>,
    /// Set on a module Yosys only knows the interface of.
    pub blackbox: Option<Value>,
    /// A register's power-on value, most significant bit first (`"01x0"`).
    pub init: Option<Value>,
}

/// A port: its direction and its bits, least significant first.
#[derive(Debug, Deserialize)]
pub(super) struct Port {
    /// `input`, `output` or `inout`.
    pub direction: Direction,
    /// The bits, least significant first.
    pub bits: Vec<Bit>,
}

/// Which way a port points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Direction {
    /// Read by the module.
    Input,
    /// Driven by the module.
    Output,
    /// Both: Tritium's nets have one driver, so the importer refuses it.
    Inout,
}

/// A cell: its type (a Yosys cell like `$_AND_`, or a module's name) and the bits on each of
/// its ports.
#[derive(Debug, Deserialize)]
pub(super) struct Cell {
    /// `$_AND_`, `$_DFF_P_`, `$mem_v2`, a module's name, …
    #[serde(rename = "type")]
    pub type_name: String,
    /// Parameters (memories read theirs), each a number or a string of binary digits.
    #[serde(default)]
    pub parameters: Ordered<Value>,
    /// The bits on each port, least significant first.
    #[serde(default)]
    pub connections: Ordered<Vec<Bit>>,
}

/// A named net: a name of the source for some bits.
#[derive(Debug, Deserialize)]
pub(super) struct NetName {
    /// 1 for a name Yosys made up (`$auto$…`), 0 for one of the source.
    #[serde(default)]
    pub hide_name: u8,
    /// Its bits, least significant first.
    pub bits: Vec<Bit>,
    /// Its attributes (`init`).
    #[serde(default)]
    pub attributes: Attributes,
}

/// One bit: a net number, or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Bit {
    /// Net number `n` of its module.
    Net(u64),
    /// `"0"`.
    Zero,
    /// `"1"`.
    One,
    /// `"x"` or `"z"`: unknown (a floating net reads unknown in Tritium).
    Unknown,
}

impl<'de> Deserialize<'de> for Bit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bit, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Net(u64),
            Constant(String),
        }
        match Repr::deserialize(d)? {
            Repr::Net(n) => Ok(Bit::Net(n)),
            Repr::Constant(c) => match c.as_str() {
                "0" => Ok(Bit::Zero),
                "1" => Ok(Bit::One),
                "x" | "z" => Ok(Bit::Unknown),
                _ => Err(de::Error::custom(format!(
                    "a bit is a net number or \"0\", \"1\", \"x\", \"z\", not {c:?}"
                ))),
            },
        }
    }
}

/// A parameter's or attribute's value: a number, or a string (of binary digits, most
/// significant first, for a constant; any text for a string parameter).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub(super) enum Value {
    /// A number.
    Number(u64),
    /// A string.
    Text(String),
}

impl Value {
    /// The value as a number: a number, or a string of binary digits without `x`.
    pub fn number(&self) -> Option<u64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::Text(t) => {
                let digits = t.trim_start_matches('0');
                if digits.is_empty() {
                    return t.chars().all(|c| c == '0').then_some(0);
                }
                u64::from_str_radix(digits, 2).ok()
            }
        }
    }

    /// Whether the value is set: a non-zero number or string (attributes are flags).
    pub fn is_set(&self) -> bool {
        self.number() != Some(0)
    }

    /// The value's binary digits, most significant first (`None` for a number).
    pub fn digits(&self) -> Option<&str> {
        match self {
            Value::Text(t) => Some(t),
            Value::Number(_) => None,
        }
    }
}

/// A JSON object read as a list of its entries in file order.
#[derive(Debug)]
pub(super) struct Ordered<T>(pub Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<T> Ordered<T> {
    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&T> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Entries<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered<T>, A::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Ordered(entries))
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}
