//! Driving the sources: [`Engine::set`], [`Port`]s resolved once for repeated
//! [`Engine::set_port`] and [`Engine::port_values`], and clock ticks ([`Engine::tick`]).

use super::{Engine, SetError};
use crate::desc::NodeId;
use crate::event::Cause;
use crate::kind::NodeKind;
use crate::trit::Trit;

/// A fixed list of nodes resolved once to the engine's internal indices ([`Engine::port`]),
/// to drive or read vector after vector without looking each node up again — what a
/// testbench does with a circuit's inputs and outputs. Stays usable across
/// [`Engine::rebuild`]: a node whose index moved is looked up again. The default is the
/// empty port.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Port {
    ids: Vec<NodeId>,
    /// `ids[k]`'s dense index when the port was made.
    dense: Vec<u32>,
}

impl Port {
    /// The nodes, in order.
    pub fn ids(&self) -> &[NodeId] {
        &self.ids
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the port has no node.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

impl Engine {
    /// Drives a batch of sources in the same delta cycle. Switches take any value, buttons
    /// +1 (pressed) or −1 (released). Validated as a whole first: on error nothing changes.
    /// The batch runs at the next [`step`](Self::step) or [`settle`](Self::settle); a source set
    /// twice in one batch takes its last value.
    ///
    /// # Errors
    /// [`SetError`] for a node not in the netlist, a node that is not a switch or button, or an
    /// unknown value for a button.
    pub fn set(&mut self, batch: impl IntoIterator<Item = (NodeId, Trit)>) -> Result<(), SetError> {
        let mut resolved = std::mem::take(&mut self.batch);
        resolved.clear();
        let checked = self.check_batch(batch, &mut resolved);
        if checked.is_ok() {
            self.drive_sources(&resolved);
        }
        self.batch = resolved;
        checked
    }

    /// Resolves `ids` into a [`Port`] for [`set_port`](Self::set_port) and
    /// [`port_values`](Self::port_values).
    ///
    /// # Errors
    /// [`SetError::UnknownNode`] for an id not in the netlist.
    pub fn port(&self, ids: impl IntoIterator<Item = NodeId>) -> Result<Port, SetError> {
        let ids: Vec<NodeId> = ids.into_iter().collect();
        let dense = ids
            .iter()
            .map(|&id| self.net.index_of(id).ok_or(SetError::UnknownNode(id)))
            .collect::<Result<_, _>>()?;
        Ok(Port { ids, dense })
    }

    /// The dense index of `port`'s node `k` in this engine's netlist, if it has the node.
    #[inline]
    fn port_index(&self, port: &Port, k: usize) -> Option<u32> {
        let (id, i) = (port.ids[k], port.dense[k]);
        if self.net.ids.get(i as usize) == Some(&id) {
            Some(i)
        } else {
            self.net.index_of(id)
        }
    }

    /// [`set`](Self::set) with `values[k]` for the port's node `k`: the same checks, all or
    /// nothing, and the same events.
    ///
    /// # Errors
    /// [`SetError::PortWidth`] unless there is one value per node; otherwise as
    /// [`set`](Self::set).
    pub fn set_port(&mut self, port: &Port, values: &[Trit]) -> Result<(), SetError> {
        if values.len() != port.len() {
            return Err(SetError::PortWidth {
                expected: port.len(),
                found: values.len(),
            });
        }
        let mut resolved = std::mem::take(&mut self.batch);
        resolved.clear();
        let checked = (0..port.len()).try_for_each(|k| {
            let (node, value) = (port.ids[k], values[k]);
            let i = self
                .port_index(port, k)
                .ok_or(SetError::UnknownNode(node))?;
            self.check_settable(node, i, value)?;
            resolved.push((i, value));
            Ok(())
        });
        if checked.is_ok() {
            self.drive_sources(&resolved);
        }
        self.batch = resolved;
        checked
    }

    /// The value switch or button `id` is set to: what it outputs once the event of its last
    /// [`set`](Self::set) has run (in Step mode its output still shows the old value until
    /// then). `None` for a node that is not a switch or button of the netlist.
    pub fn driven(&self, id: NodeId) -> Option<Trit> {
        let i = self.net.index_of(id)?;
        self.net.kinds[i as usize]
            .is_input()
            .then(|| self.drive[i as usize])
    }

    /// The values of the port's nodes, in order, as [`value`](Self::value) gives them.
    pub fn port_values<'a>(&'a self, port: &'a Port) -> impl Iterator<Item = Trit> + 'a {
        (0..port.len()).map(|k| {
            self.port_index(port, k)
                .map_or(Trit::Unknown, |i| self.latest(i))
        })
    }

    /// Drives each source of a validated batch (dense index, value) and schedules it.
    fn drive_sources(&mut self, batch: &[(u32, Trit)]) {
        for &(i, value) in batch {
            self.drive[i as usize] = value;
        }
        match &mut self.levelized {
            Some(lev) => lev.schedule_sources(batch.iter().map(|&(i, _)| i), Cause::Set),
            None => {
                for &(i, _) in batch {
                    self.schedule_node(i, Cause::Set);
                }
            }
        }
    }

    /// Checks that node `node` (dense index `i`) can be set to `value`.
    #[inline]
    fn check_settable(&self, node: NodeId, i: u32, value: Trit) -> Result<(), SetError> {
        let kind = self.net.kinds[i as usize];
        if !kind.is_input() {
            return Err(SetError::NotSettable { node, kind });
        }
        if !kind.accepts(value) {
            return Err(SetError::BadValue { node, kind, value });
        }
        Ok(())
    }

    /// Validates `batch` into `resolved` (dense indices).
    fn check_batch(
        &self,
        batch: impl IntoIterator<Item = (NodeId, Trit)>,
        resolved: &mut Vec<(u32, Trit)>,
    ) -> Result<(), SetError> {
        for (node, value) in batch {
            let i = self.net.index_of(node).ok_or(SetError::UnknownNode(node))?;
            self.check_settable(node, i, value)?;
            resolved.push((i, value));
        }
        Ok(())
    }

    /// Advances simulated time by one tick; every clock whose half period divides the new time
    /// toggles (scheduled like a [`set`](Self::set)). Returns how many clocks toggled.
    pub fn tick(&mut self) -> usize {
        self.time += 1;
        let mut toggled = 0;
        for k in 0..self.clocks.len() {
            let i = self.clocks[k];
            if let NodeKind::Clock { half_period } = self.net.kinds[i as usize]
                && self.time.is_multiple_of(u64::from(half_period.max(1)))
            {
                let d = &mut self.drive[i as usize];
                *d = if *d == Trit::True {
                    Trit::False
                } else {
                    Trit::True
                };
                self.schedule_node(i, Cause::Clock);
                toggled += 1;
            }
        }
        toggled
    }
}
