//! The text of every TTY of a circuit ([`NodeKind::Tty`]), as a run writes it: [`TtyLogs`]
//! holds a [`TtyLog`] per TTY bus, fed the bus after every settle
//! ([`observe`](TtyLogs::observe)) — after every tick of a clocked run, since a write happens
//! on a clock edge between two settles (see [`crate::kind::TtyLog`] for the rules).

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::kind::{NodeKind, TtyLog};
use crate::trit::Trit;

/// One TTY: its bus's name and bits, and its text.
#[derive(Clone, Debug)]
struct Watched {
    /// The bus's name (an instance path inside a part).
    name: String,
    /// Its bits, bit 0 first.
    bits: Vec<NodeId>,
    /// What it has written.
    log: TtyLog,
}

/// The TTYs of a circuit and their texts, in the circuit's bus order; none for a circuit
/// without TTYs (then [`observe`](Self::observe) reads nothing).
#[derive(Clone, Debug, Default)]
pub struct TtyLogs {
    /// Every TTY bus.
    ttys: Vec<Watched>,
}

impl TtyLogs {
    /// Every TTY of `circuit` (each a bus of [`TTY_WIDTH`](crate::kind::TTY_WIDTH) bits),
    /// its text empty.
    pub fn new(circuit: &Circuit) -> TtyLogs {
        let ttys = circuit
            .buses()
            .iter()
            .filter(|bus| {
                bus.bits
                    .first()
                    .is_some_and(|&bit| circuit[bit].kind == NodeKind::Tty)
            })
            .map(|bus| Watched {
                name: bus.name.clone(),
                bits: bus.bits.clone(),
                log: TtyLog::new(),
            })
            .collect();
        TtyLogs { ttys }
    }

    /// The TTYs of `circuit`, after an edit: each keeps its text if a TTY of its bus's name
    /// was there before, else starts empty.
    pub fn rebind(&mut self, circuit: &Circuit) {
        let mut fresh = TtyLogs::new(circuit);
        for tty in &mut fresh.ttys {
            if let Some(i) = self.ttys.iter().position(|old| old.name == tty.name) {
                tty.log = self.ttys.swap_remove(i).log;
            }
        }
        *self = fresh;
    }

    /// Whether the circuit has no TTY.
    pub fn is_empty(&self) -> bool {
        self.ttys.is_empty()
    }

    /// Feeds every TTY its bus as `engine` holds it now (call after every settle).
    pub fn observe(&mut self, engine: &Engine) {
        for tty in &mut self.ttys {
            let bus: Vec<Trit> = tty.bits.iter().map(|&bit| engine.value(bit)).collect();
            tty.log.observe(&bus);
        }
    }

    /// Empties every text and forgets the buses (power-on).
    pub fn reset(&mut self) {
        for tty in &mut self.ttys {
            tty.log.reset();
        }
    }

    /// The text of the TTY whose bus is `name`; `None` if there is none.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.ttys
            .iter()
            .find(|tty| tty.name == name)
            .map(|tty| tty.log.text())
    }

    /// Every TTY's bus name and text, in the circuit's bus order.
    pub fn texts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.ttys
            .iter()
            .map(|tty| (tty.name.as_str(), tty.log.text()))
    }
}
