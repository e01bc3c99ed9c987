//! The checks of one node or wire of a level with buses: a node's width, a constant's value,
//! a memory's declaration, the widths a wire joins.

use super::MAX_WIDTH;
use super::error::BusError;
use crate::desc::{Node, WireDesc};
use crate::kind::NodeKind;
use crate::memory::{MemoryDecl, MemoryKind};
use crate::trit::Trit;

pub(super) fn check_width(n: &Node) -> Result<(), BusError> {
    let fail = |message: String| {
        Err(BusError::Width {
            label: n.label.clone(),
            message,
        })
    };
    match n.kind {
        NodeKind::Split(r) | NodeKind::Merge(r)
            if n.width != 1 && usize::from(n.width) != r.width() =>
        {
            return fail(format!(
                "width {} disagrees with its ranges `{r}` ({} trits); leave `width` out",
                n.width,
                r.width()
            ));
        }
        NodeKind::Split(_) | NodeKind::Merge(_) => {}
        _ if n.width == 0 || n.width > MAX_WIDTH => {
            return fail(format!("width {} is outside 1..={MAX_WIDTH}", n.width));
        }
        NodeKind::Clock { .. } if n.width != 1 => {
            return fail(format!("a clock is 1 trit wide, not {}", n.width));
        }
        NodeKind::Keypad if n.width != 4 => {
            return fail(format!(
                "a keypad is 4 trits wide (a hexadecimal digit), not {}",
                n.width
            ));
        }
        NodeKind::Tty if n.width != crate::kind::TTY_WIDTH => {
            return fail(format!(
                "a TTY is {} trits wide (7 of character, clock, write enable, clear), not {}",
                crate::kind::TTY_WIDTH,
                n.width
            ));
        }
        NodeKind::LedMatrix { rows, columns } if rows == 0 || columns == 0 => {
            return fail(format!(
                "an LED matrix of {rows} × {columns} lamps has none; rows and columns start at 1"
            ));
        }
        NodeKind::LedMatrix { rows, columns }
            if n.kind.fixed_width() != Some(u16::from(n.width)) =>
        {
            return fail(format!(
                "an LED matrix of {rows} × {columns} lamps is {} trits wide (one a lamp, at most {MAX_WIDTH}), not {}",
                u16::from(rows) * u16::from(columns),
                n.width
            ));
        }
        NodeKind::SevenSegment if !matches!(n.width, 7 | 8) => {
            return fail(format!(
                "a 7-segment display takes 7 trits (segments a to g) or 8 (and the decimal point), not {}",
                n.width
            ));
        }
        _ => {}
    }
    Ok(())
}

/// A constant's bits from its `value` (`None`: every bit is the kind's trit).
pub(super) fn constant_bits(n: &Node) -> Result<Option<Vec<Trit>>, BusError> {
    let Some(value) = &n.value else {
        return Ok(None);
    };
    if !matches!(n.kind, NodeKind::Constant(_)) {
        return Err(BusError::ValueNotConstant {
            label: n.label.clone(),
            kind: n.kind,
        });
    }
    value
        .resolve(usize::from(n.width))
        .map(Some)
        .map_err(|error| BusError::Value {
            label: n.label.clone(),
            error: Box::new(error),
        })
}

/// The memory node `n` declares, checked: address bits in
/// [`ADDR_BITS`](crate::memory::ADDR_BITS), and `contents` only on a memory. `None` for any
/// other node.
pub(super) fn memory_decl(n: &Node) -> Result<Option<MemoryDecl>, BusError> {
    let fail = |message: String| BusError::Width {
        label: n.label.clone(),
        message,
    };
    let (kind, addr_bits) = match n.kind {
        NodeKind::Rom { addr_bits } => (MemoryKind::Rom, addr_bits),
        NodeKind::Ram { addr_bits } => (MemoryKind::Ram, addr_bits),
        _ if n.contents.is_some() => {
            return Err(fail(format!(
                "`contents` is for memories, not a {}",
                n.kind
            )));
        }
        _ => return Ok(None),
    };
    if !crate::memory::ADDR_BITS.contains(&addr_bits) {
        return Err(fail(format!(
            "a memory has 1 to 16 address bits, not {addr_bits}"
        )));
    }
    Ok(Some(MemoryDecl {
        label: n.label.clone(),
        kind,
        addr_bits,
        data_bits: n.width,
        contents: n.contents.as_deref().cloned(),
    }))
}

/// Checks that wire `w` joins ends of the same width.
pub(super) fn same_width(w: &WireDesc, from_width: usize, to_width: usize) -> Result<(), BusError> {
    if from_width == to_width {
        Ok(())
    } else {
        Err(BusError::Mismatch {
            from: w.from.clone(),
            from_width,
            to: w.to.clone(),
            input: w.input,
            to_width,
        })
    }
}
