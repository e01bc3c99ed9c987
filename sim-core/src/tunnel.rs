//! Tunnels: named labels that join nets without a wire, as Logisim-evolution's and Digital's
//! *Tunnel* do. Every [`NodeKind::Tunnel`] of one name on one level (a top level or a part)
//! is one net: the one wire into a tunnel of that name drives every wire out of the tunnels
//! of that name.
//!
//! ```ron
//! (label: "T1", kind: Tunnel, net: "CLK"),   // CLK's driver is wired into T1
//! (label: "T2", kind: Tunnel, net: "CLK"),   // whatever T2 feeds reads CLK
//! ```
//!
//! A tunnel is pure wiring, like a splitter: [`resolve`] replaces each wire out of a tunnel
//! with a wire straight from its net's driver and drops the tunnels, before buses are
//! expanded ([`crate::bus::expand`] calls it for every level, so flattening, every engine
//! and the Verilog writers see only the direct wires: a tunnel costs no node, no event and
//! no delta cycle). A tunnel is as wide as its node, so a bus tunnel carries a bus.
//!
//! A net with two drivers is an error ([`TunnelError::TwoDrivers`]); a name only one tunnel
//! carries, a net nothing drives and tunnels of one name with different widths are legal
//! but suspicious: [`warnings`] lists them (`tritium check` prints them).

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use crate::desc::{Node, WireDesc};
use crate::kind::NodeKind;

/// The name of the net tunnel `node` joins (its `net`, else its label); `None` for a node
/// that is not a tunnel.
pub fn net_name(node: &Node) -> Option<&str> {
    (node.kind == NodeKind::Tunnel).then(|| node.net.as_deref().unwrap_or(&node.label))
}

/// Why a level's tunnels cannot be resolved; every message names the tunnels and wires.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TunnelError {
    /// Two wires drive the net of one name (into the same tunnel or into two of that name).
    #[error(
        "tunnel net `{net}` has two drivers: `{first}` (into tunnel `{first_tunnel}`) and \
         `{second}` (into tunnel `{second_tunnel}`)"
    )]
    TwoDrivers {
        /// The net's name.
        net: String,
        /// The tunnel the first driver is wired into.
        first_tunnel: String,
        /// The first driver, as its wire writes it.
        first: String,
        /// The tunnel the second driver is wired into.
        second_tunnel: String,
        /// The second driver.
        second: String,
    },
    /// A wire joins two tunnels (a tunnel reads its net only into a node or pin).
    #[error("wire {from} → {to} joins two tunnels: wire the driver into `{to}` directly")]
    TunnelToTunnel {
        /// The tunnel read.
        from: String,
        /// The tunnel driven.
        to: String,
    },
    /// A wire into a tunnel's input other than 0.
    #[error("wire {from} → {to}.{input}: a tunnel has one input, 0")]
    Pin {
        /// The driver.
        from: String,
        /// The tunnel.
        to: String,
        /// The input pin named.
        input: u8,
    },
    /// A `net` on a node that is not a tunnel.
    #[error("node `{label}`: `net` names a tunnel's net, and a {kind} is not a tunnel")]
    NetNotTunnel {
        /// The node.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
}

/// Something legal but probably wrong about a level's tunnels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TunnelWarning {
    /// Only one tunnel carries the name: it joins nothing.
    Alone {
        /// The name.
        net: String,
        /// The tunnel.
        tunnel: String,
    },
    /// No wire drives any tunnel of the name: whatever they feed floats.
    Undriven {
        /// The name.
        net: String,
        /// The tunnels of that name, in file order.
        tunnels: Vec<String>,
    },
    /// Tunnels of one name are declared with different widths.
    WidthClash {
        /// The name.
        net: String,
        /// The first tunnel and its width.
        first: (String, u8),
        /// A tunnel of another width and its width.
        second: (String, u8),
    },
}

impl fmt::Display for TunnelWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TunnelWarning::Alone { net, tunnel } => write!(
                f,
                "tunnel `{tunnel}` is the only tunnel named `{net}`: it joins nothing"
            ),
            TunnelWarning::Undriven { net, tunnels } => write!(
                f,
                "nothing drives tunnel net `{net}` (tunnels {}): what it feeds floats",
                quoted(tunnels)
            ),
            TunnelWarning::WidthClash {
                net,
                first: (a, wa),
                second: (b, wb),
            } => write!(
                f,
                "tunnels named `{net}` disagree on width: `{a}` is {wa} trits wide, `{b}` {wb}"
            ),
        }
    }
}

fn quoted(labels: &[String]) -> String {
    labels
        .iter()
        .map(|l| format!("`{l}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether a level has a tunnel.
pub fn uses_tunnels(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| n.kind == NodeKind::Tunnel)
}

/// The level's tunnels by label, each with its net's name.
fn tunnel_nets(nodes: &[Node]) -> HashMap<&str, &str> {
    nodes
        .iter()
        .filter_map(|n| Some((n.label.as_str(), net_name(n)?)))
        .collect()
}

/// Each net's driver: net → (the tunnel it is wired into, the driving end).
fn drivers<'a>(
    tunnels: &HashMap<&str, &'a str>,
    wires: &'a [WireDesc],
) -> Result<HashMap<&'a str, (&'a str, &'a str)>, TunnelError> {
    let mut drivers: HashMap<&str, (&str, &str)> = HashMap::new();
    for w in wires {
        let Some(&net) = tunnels.get(w.to.as_str()) else {
            continue;
        };
        if tunnels.contains_key(w.from.as_str()) {
            return Err(TunnelError::TunnelToTunnel {
                from: w.from.clone(),
                to: w.to.clone(),
            });
        }
        if w.input != 0 {
            return Err(TunnelError::Pin {
                from: w.from.clone(),
                to: w.to.clone(),
                input: w.input,
            });
        }
        if let Some((first_tunnel, first)) = drivers.insert(net, (&w.to, &w.from)) {
            return Err(TunnelError::TwoDrivers {
                net: net.to_owned(),
                first_tunnel: first_tunnel.to_owned(),
                first: first.to_owned(),
                second_tunnel: w.to.clone(),
                second: w.from.clone(),
            });
        }
    }
    Ok(drivers)
}

/// The level of `nodes` and `wires` with its tunnels resolved away: every wire out of a
/// tunnel becomes a wire from its net's driver (dropped when nothing drives the net: the
/// input floats), the wires into tunnels and the tunnels themselves go. A level without
/// tunnels comes back unchanged. Linear in the level's size.
///
/// # Errors
/// [`TunnelError`] naming the tunnels and wires: a net with two drivers, a wire joining two
/// tunnels, a wire into a tunnel's input other than 0, a `net` on a node that is no tunnel.
pub fn resolve(
    nodes: Vec<Node>,
    wires: Vec<WireDesc>,
) -> Result<(Vec<Node>, Vec<WireDesc>), TunnelError> {
    if let Some(n) = nodes
        .iter()
        .find(|n| n.net.is_some() && n.kind != NodeKind::Tunnel)
    {
        return Err(TunnelError::NetNotTunnel {
            label: n.label.clone(),
            kind: n.kind,
        });
    }
    if !uses_tunnels(&nodes) {
        return Ok((nodes, wires));
    }
    let tunnels = tunnel_nets(&nodes);
    let drivers = drivers(&tunnels, &wires)?;
    let resolved = wires
        .iter()
        .filter(|w| !tunnels.contains_key(w.to.as_str()))
        .filter_map(|w| match tunnels.get(w.from.as_str()) {
            None => Some(w.clone()),
            Some(net) => drivers
                .get(net)
                .map(|&(_, driver)| WireDesc::new(driver, w.to.clone(), w.input)),
        })
        .collect();
    drop(tunnels);
    let nodes = nodes
        .into_iter()
        .filter(|n| n.kind != NodeKind::Tunnel)
        .collect();
    Ok((nodes, resolved))
}

/// What is suspicious about a level's tunnels, by net name: a name only one tunnel carries,
/// a net nothing drives, tunnels of one name declared with different widths.
pub fn warnings(nodes: &[Node], wires: &[WireDesc]) -> Vec<TunnelWarning> {
    let mut by_net: BTreeMap<&str, Vec<&Node>> = BTreeMap::new();
    for n in nodes {
        if let Some(net) = net_name(n) {
            by_net.entry(net).or_default().push(n);
        }
    }
    let driven: std::collections::HashSet<&str> = wires.iter().map(|w| w.to.as_str()).collect();
    let mut warnings = Vec::new();
    for (net, tunnels) in by_net {
        if let [only] = tunnels[..] {
            warnings.push(TunnelWarning::Alone {
                net: net.to_owned(),
                tunnel: only.label.clone(),
            });
        } else if !tunnels.iter().any(|t| driven.contains(t.label.as_str())) {
            warnings.push(TunnelWarning::Undriven {
                net: net.to_owned(),
                tunnels: tunnels.iter().map(|t| t.label.clone()).collect(),
            });
        }
        if let Some(other) = tunnels.iter().find(|t| t.width != tunnels[0].width) {
            warnings.push(TunnelWarning::WidthClash {
                net: net.to_owned(),
                first: (tunnels[0].label.clone(), tunnels[0].width),
                second: (other.label.clone(), other.width),
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::from_str;
    use crate::{Engine, Trit};

    fn tunnel(label: &str, net: &str) -> Node {
        Node {
            net: Some(net.to_owned()),
            ..Node::new(label, NodeKind::Tunnel)
        }
    }

    #[test]
    fn a_wire_out_of_a_tunnel_comes_from_its_nets_driver() {
        let nodes = vec![
            Node::new("A", NodeKind::Switch),
            tunnel("T1", "X"),
            tunnel("T2", "X"),
            tunnel("T3", "X"),
            Node::new("N", NodeKind::Not),
            Node::new("Y", NodeKind::Lamp),
        ];
        let wires = vec![
            WireDesc::new("T2", "N", 0),
            WireDesc::new("A", "T1", 0),
            WireDesc::new("T3", "Y", 0),
        ];
        let (nodes, wires) = resolve(nodes, wires).expect("resolves");
        let labels: Vec<&str> = nodes.iter().map(|n| n.label.as_str()).collect();
        assert_eq!(labels, ["A", "N", "Y"]);
        assert_eq!(
            wires,
            [WireDesc::new("A", "N", 0), WireDesc::new("A", "Y", 0)]
        );
    }

    #[test]
    fn a_tunnel_is_named_by_its_label_without_a_net() {
        let nodes = vec![
            Node::new("A", NodeKind::Switch),
            Node::new("X", NodeKind::Tunnel),
            tunnel("T2", "X"),
            Node::new("Y", NodeKind::Lamp),
        ];
        let wires = vec![WireDesc::new("A", "X", 0), WireDesc::new("T2", "Y", 0)];
        let (_, wires) = resolve(nodes, wires).expect("resolves");
        assert_eq!(wires, [WireDesc::new("A", "Y", 0)]);
    }

    #[test]
    fn an_undriven_net_leaves_its_readers_floating() {
        let nodes = vec![
            tunnel("T1", "X"),
            tunnel("T2", "X"),
            Node::new("Y", NodeKind::Lamp),
        ];
        let (nodes, wires) = resolve(nodes, vec![WireDesc::new("T2", "Y", 0)]).expect("ok");
        assert_eq!(nodes.len(), 1);
        assert!(wires.is_empty());
    }

    #[test]
    fn two_drivers_of_one_name_are_an_error_naming_both() {
        let nodes = vec![
            Node::new("A", NodeKind::Switch),
            Node::new("B", NodeKind::Switch),
            tunnel("T1", "X"),
            tunnel("T2", "X"),
        ];
        let wires = vec![WireDesc::new("A", "T1", 0), WireDesc::new("B", "T2", 0)];
        let e = resolve(nodes, wires).expect_err("two drivers").to_string();
        for part in ["`X`", "`A`", "`T1`", "`B`", "`T2`"] {
            assert!(e.contains(part), "{e} names {part}");
        }
    }

    #[test]
    fn malformed_tunnel_wiring_is_refused_by_name() {
        let a = || Node::new("A", NodeKind::Switch);
        let cases = [
            (
                vec![a(), tunnel("T1", "X"), tunnel("T2", "Y")],
                vec![WireDesc::new("T1", "T2", 0)],
                "joins two tunnels",
            ),
            (
                vec![a(), tunnel("T1", "X")],
                vec![WireDesc::new("A", "T1", 1)],
                "T1.1: a tunnel has one input",
            ),
            (
                vec![Node {
                    net: Some("X".into()),
                    ..a()
                }],
                vec![],
                "node `A`: `net`",
            ),
        ];
        for (nodes, wires, why) in cases {
            let e = resolve(nodes, wires).expect_err(why).to_string();
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn warnings_name_lonely_undriven_and_clashing_tunnels() {
        let nodes = vec![
            Node::new("A", NodeKind::Switch),
            tunnel("L", "LONE"),
            tunnel("U1", "UNDRIVEN"),
            tunnel("U2", "UNDRIVEN"),
            tunnel("W1", "WIDE").wide(4),
            tunnel("W2", "WIDE").wide(8),
            tunnel("OK1", "OK"),
            tunnel("OK2", "OK"),
        ];
        let wires = vec![WireDesc::new("A", "W1", 0), WireDesc::new("A", "OK1", 0)];
        let text: Vec<String> = warnings(&nodes, &wires)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            text,
            [
                "tunnel `L` is the only tunnel named `LONE`: it joins nothing",
                "nothing drives tunnel net `UNDRIVEN` (tunnels `U1`, `U2`): what it feeds floats",
                "tunnels named `WIDE` disagree on width: `W1` is 4 trits wide, `W2` 8",
            ]
        );
    }

    /// Tunnels join within their level only: a part's tunnels of one name join inside each
    /// instance, never across instances or with the top level's tunnel of that name.
    #[test]
    fn tunnels_join_within_one_level_only() {
        let doc = from_str(
            r#"(version: 3,
                subcircuits: [(name: "inv",
                    nodes: [(label: "a", kind: Switch), (label: "T1", kind: Tunnel, net: "n"),
                            (label: "T2", kind: Tunnel, net: "n"), (label: "g", kind: Not),
                            (label: "y", kind: Lamp)],
                    wires: [(from: "a", to: "T1"), (from: "T2", to: "g"), (from: "g", to: "y")])],
                instances: [(label: "I", of: "inv"), (label: "J", of: "inv")],
                nodes: [(label: "A", kind: Switch), (label: "B", kind: Switch),
                        (label: "T", kind: Tunnel, net: "n"), (label: "U", kind: Tunnel, net: "n"),
                        (label: "Y", kind: Lamp), (label: "Z", kind: Lamp)],
                wires: [(from: "A", to: "I.a"), (from: "B", to: "J.a"),
                        (from: "I.y", to: "T"), (from: "U", to: "Y"), (from: "J.y", to: "Z")])"#,
        )
        .expect("loads");
        let c = &doc.circuit;
        let id = |l: &str| c.find(l).expect(l);
        let mut engine = Engine::from_circuit(c);
        engine
            .set([(id("A"), Trit::True), (id("B"), Trit::False)])
            .expect("set");
        engine.settle();
        assert_eq!(engine.value(id("Y")), Trit::False, "NOT A, through T");
        assert_eq!(
            engine.value(id("Z")),
            Trit::True,
            "NOT B: J's net is its own"
        );
        assert!(c.nodes().all(|(_, n)| n.kind != NodeKind::Tunnel));
    }

    /// A file's tunnels vanish on loading: the flat circuit is the one drawn with wires, and
    /// a bus tunnel carries a whole bus.
    #[test]
    fn a_loaded_circuit_joins_same_named_tunnels_into_one_net() {
        let doc = from_str(
            r#"(version: 3,
                nodes: [(label: "A", kind: Switch, width: 4), (label: "T1", kind: Tunnel, width: 4, net: "BUS"),
                        (label: "T2", kind: Tunnel, width: 4, net: "BUS"), (label: "N", kind: Not, width: 4),
                        (label: "Y", kind: Lamp, width: 4)],
                wires: [(from: "A", to: "T1"), (from: "T2", to: "N"), (from: "N", to: "Y")])"#,
        )
        .expect("loads");
        let c = &doc.circuit;
        assert_eq!(c.node_count(), 12, "A, N and Y, four bits each: no tunnel");
        assert!(c.nodes().all(|(_, n)| n.kind != NodeKind::Tunnel));
        let (a, y) = (c.bus("A").expect("A"), c.bus("Y").expect("Y"));
        let mut engine = Engine::from_circuit(c);
        engine
            .set(a.assign(&[Trit::True, Trit::False, Trit::Unknown, Trit::True]))
            .expect("set");
        let report = engine.settle();
        let bits: Vec<Trit> = y.bits.iter().map(|&b| engine.value(b)).collect();
        assert_eq!(bits, [Trit::False, Trit::True, Trit::Unknown, Trit::False]);
        // A[i], N[i], Y[i]: three delta cycles, as with a direct wire.
        assert_eq!(report.deltas, 3, "no delay through a tunnel");
    }
}
