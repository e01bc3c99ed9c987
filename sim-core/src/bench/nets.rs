//! The nets of a netlist text, numbered in order of first appearance, hashed once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher as _, BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxBuildHasher;

use crate::kind::NodeKind;

/// One definition: a net, where it is defined, and the nets it reads.
pub(super) struct Def<'t> {
    pub(super) net: &'t str,
    pub(super) line: usize,
    pub(super) kind: NodeKind,
    /// Its inputs: `Nets::args[args.0..args.1]`.
    pub(super) args: (u32, u32),
}

/// Marks a net that is used but (so far) not defined.
pub(super) const UNDEFINED: u32 = u32::MAX;

/// Entries of [`Nets::recent`] (a power of two).
pub(super) const RECENT: usize = 4096;

/// A net name with its hash, computed once for the cache and the table of [`Nets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hashed<'t> {
    pub(super) hash: u64,
    pub(super) name: &'t str,
}

impl<'t> Hashed<'t> {
    pub(super) fn new(name: &'t str) -> Hashed<'t> {
        Hashed {
            hash: FxBuildHasher.hash_one(name),
            name,
        }
    }
}

impl Hash for Hashed<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The hasher of [`Nets::index`]: passes [`Hashed::hash`] through.
#[derive(Default)]
pub(super) struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is called (by `Hashed`); this keeps any other use a hash.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The nets of a netlist text, numbered in order of first appearance (definition or use).
pub(super) struct Nets<'t> {
    /// Name → net number.
    pub(super) index: HashMap<Hashed<'t>, u32, BuildHasherDefault<Prehashed>>,
    /// A direct-mapped cache in front of `index`, by the name's hash: netlists mostly read nets
    /// defined a few lines before, so most uses are answered here, from memory the processor
    /// still holds, rather than by a probe into a table too big for its caches. An empty
    /// name marks an empty entry (no net name is empty).
    pub(super) recent: Box<[(Hashed<'t>, u32)]>,
    /// Net number → its definition (an index into the definitions), or [`UNDEFINED`].
    pub(super) def: Vec<u32>,
    /// The inputs of every definition, as net numbers, one definition after the other.
    pub(super) args: Vec<u32>,
}

impl<'t> Nets<'t> {
    /// The number of net `name`, numbering it if it is new.
    #[inline]
    pub(super) fn number(&mut self, name: Hashed<'t>) -> u32 {
        let cached = &mut self.recent[name.hash as usize % RECENT];
        // The hashes first: a miss rarely compares the names.
        if cached.0 == name {
            return cached.1;
        }
        let number = match self.index.entry(name) {
            Entry::Occupied(known) => *known.get(),
            Entry::Vacant(slot) => {
                let number = self.def.len() as u32;
                self.def.push(UNDEFINED);
                *slot.insert(number)
            }
        };
        *cached = (name, number);
        number
    }
}
