//! Orthogonal wire routing: every wire of a level laid on a half-cell grid so that two
//! different nets never share a segment, never meet end to end or at a bend, cross only at
//! right angles, keep a full cell apart where they run side by side and more than two cells
//! apart where they end in line on one grid line (closer costs the search extra, so it is
//! taken only where nothing else is found), and never run
//! through (or along the edge of) a node or block nor strike through a label
//! ([`Obstacles`]). A net that branches does so at a junction ([`Routing::junctions`], drawn
//! as a dot); a crossing has none. [`reroute`] routes a level after an edit keeping the
//! routes of every net the edit did not touch, so the picture does not jump.
//!
//! This is a maze router: Lee's wave expansion ("An algorithm for path connections and its
//! applications", IRE Trans. Electronic Computers EC-10(3), 1961) driven by A* (Hart, Nilsson
//! and Raphael, IEEE Trans. SSC 4(2), 1968) with the Manhattan distance as its heuristic. Each
//! connection is searched from every point its net already covers (so a net grows as a
//! Steiner-like tree rather than as separate wires) to its input pin; the state is a grid
//! point and the direction it was entered in, so that bends and crossings cost extra and the
//! result has few of them. No maintained Rust crate routes orthogonal connectors (libavoid,
//! the usual choice, is C++), hence this module; it is pure (no egui) and unit-tested, and
//! [`check`] verifies any routing independently.
//!
//! Cost: each search is bounded to the box around the net and the pin, widened by
//! [`MARGIN`] cells (then once to twice that box, if the first finds no path or only one
//! beside another net; a search's memory is the states it reaches, not its window), and
//! the whole level to [`BUDGET`] expanded states; a connection that finds no path within them —
//! or every connection of a level with more than [`MAX_CONNECTIONS`] (a 2,000-gate netlist
//! imported from ISCAS) — gets a straight "ratsnest" line from pin to pin, listed in
//! [`Routing::fallbacks`], which the canvas draws dotted and [`check`] reports.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::pages::circuit::geometry::{Area, GridPoint, point};

/// One wire to route: from an output pin to an input pin, on net `net` (the wires of one net
/// may share their segments; those of different nets never do), through the points the user
/// bent it at, `via`, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Connection {
    /// The output pin, in cells (on a multiple of half a cell).
    pub from: GridPoint,
    /// The input pin, in cells.
    pub to: GridPoint,
    /// The net, any number the caller picks: equal for wires of one net only.
    pub net: usize,
    /// Points the route must pass, in order, in cells (a point inside a node or block, or
    /// more than [`BEND_REACH`] cells off the level, is ignored).
    pub via: Vec<GridPoint>,
}

/// The result of [`route`]: a polyline per connection, the junction dots, the fallbacks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Routing {
    /// By connection: the corners from the output pin to the input pin, in cells (at least
    /// two points; consecutive points differ in x or in y only — except a fallback's, which
    /// is the straight line from pin to pin).
    pub routes: Vec<Vec<GridPoint>>,
    /// Where a net branches (three or four of its segments meet), in cells, each with one
    /// of the net's connections (to colour the dot by the net's value).
    pub junctions: Vec<(GridPoint, usize)>,
    /// The connections (indices, ascending) no clean route was found for within the bounds
    /// (see the module's documentation): each route is the straight "ratsnest" line from its
    /// output pin to its input pin, which the canvas draws dotted, never as a real wire.
    pub fallbacks: Vec<usize>,
}

impl Routing {
    /// Whether connection `wire` is a fallback (a ratsnest line, not a route).
    pub fn is_fallback(&self, wire: usize) -> bool {
        self.fallbacks.binary_search(&wire).is_ok()
    }
}

/// What a level's wires must keep clear of, in cells: the boxes of its nodes, blocks and
/// pins (no wire runs through or along one) and the boxes of the text drawn outside them,
/// the labels ([`geometry::label_area`](crate::pages::circuit::geometry::label_area); no
/// wire crosses one).
#[derive(Clone, Copy, Debug, Default)]
pub struct Obstacles<'a> {
    /// Node, block and pin boxes.
    pub boxes: &'a [Area],
    /// Label boxes.
    pub labels: &'a [Area],
}

/// Cells added around a search's box on every side.
pub const MARGIN: i32 = 8;
/// States a level's searches may expand in all (and grid points their windows may cover),
/// before the rest fall back to plain routes.
pub const BUDGET: usize = 8_000_000;
/// A level with more connections than this is routed plainly (see the module's
/// documentation).
pub const MAX_CONNECTIONS: usize = 6_000;

/// The most states a search may spend on a detour round another net when it has already
/// found a path beside it ([`Search::run`]).
const DETOUR: usize = 50_000;

/// The most connections a level may have for [`reroute`] to route it afresh when an edit
/// left more connections without a clean route than before: a full route of a level this size takes tens of
/// milliseconds, of a larger one seconds (`gui/benches/router.rs`).
pub const FRESH_LIMIT: usize = 64;

/// The most kept nets [`reroute`] rips up to route again with the nets an edit touched: an
/// edit that crowds more than this is left as routed (more would cost a large level a full
/// route's time).
pub const RIP_UP: usize = 6;

/// The cost of one half-cell step.
const STEP: u32 = 2;
/// The extra cost of a bend.
const BEND: u32 = 5;
/// The extra cost of crossing another net.
const CROSS: u32 = 6;
/// The extra cost of a half-cell step beside another net, half a cell away ([`Occupied::crowds`]):
/// high enough that a clean detour of a few cells is preferred, but a pin reached only that
/// way is still reached.
const CROWD: u32 = 64;
/// The extra cost of a straight run ending in line with another net's wire
/// ([`Occupied::in_line`]): more than two half-cell steps beside another net (which [`check`]
/// lets be), less than three (which it reports), so that the search takes the lesser defect.
const ALIGN: u32 = 5 * CROWD / 2;
/// The widest gap between the ends of two different nets' wires on one grid line that still
/// reads as one wire, in half cells (two cells): [`check`] reports it ([`Defect::Crowded`])
/// unless a box lies in the gap, and the router avoids it at a cost ([`ALIGN`]).
const IN_LINE: i32 = 4;

/// A point of the half-cell grid: cells × 2.
type Grid = (i32, i32);

/// East, south, west, north: the unit steps of the four directions.
const STEPS: [Grid; 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// `p` on the half-cell grid (rounded to the nearest half cell).
/// Points are kept within ±`FAR` half cells (a hostile file's bend at `i32::MAX` must not
/// overflow the search's arithmetic).
fn grid(p: GridPoint) -> Grid {
    const FAR: f32 = 268_435_456.0; // 2^28
    let at = |v: f32| (v * 2.0).round().clamp(-FAR, FAR) as i32;
    (at(p.x), at(p.y))
}

/// Grid point `g` in cells.
fn cells(g: Grid) -> GridPoint {
    point(g.0 as f32 / 2.0, g.1 as f32 / 2.0)
}

/// The unit edge from `p` one step in direction `d`: its lower end and its axis (0 across,
/// 1 down).
fn edge(p: Grid, d: usize) -> (i32, i32, u8) {
    match d {
        0 => (p.0, p.1, 0),
        1 => (p.0, p.1, 1),
        2 => (p.0 - 1, p.1, 0),
        _ => (p.0, p.1 - 1, 1),
    }
}

/// A box on the half-cell grid, closed: `(min, max)`.
type GridBox = (Grid, Grid);

fn grid_box(a: &Area) -> GridBox {
    let (min, max) = (grid(a.min), grid(a.max));
    (
        (min.0.min(max.0), min.1.min(max.1)),
        (min.0.max(max.0), min.1.max(max.1)),
    )
}

/// What the level's routed nets occupy so far.
#[derive(Default)]
struct Occupied {
    /// Each used unit edge and its net.
    edges: FxHashMap<(i32, i32, u8), u32>,
    /// Each used point: the nets there, each with the directions it leaves in (bit `d`).
    points: FxHashMap<Grid, Vec<(u32, u8)>>,
    /// The unit edge by which each pin will be entered or left (its stub), and its net:
    /// where a wire will be even before its net is routed, so that no other net ends in
    /// line with it half a cell away ([`Occupied::crowds`]).
    stubs: FxHashMap<(i32, i32, u8), u32>,
}

impl Occupied {
    fn add(&mut self, path: &[Grid], net: u32) {
        for pair in path.windows(2) {
            let d = direction(pair[0], pair[1]);
            self.edges.insert(edge(pair[0], d), net);
            self.mark(pair[0], net, 1 << d);
            self.mark(pair[1], net, 1 << ((d + 2) % 4));
        }
    }

    fn mark(&mut self, p: Grid, net: u32, bits: u8) {
        let nets = self.points.entry(p).or_default();
        match nets.iter_mut().find(|(n, _)| *n == net) {
            Some((_, mask)) => *mask |= bits,
            None => nets.push((net, bits)),
        }
    }

    /// Whether a wire of `net` entering `p` in direction `d` may go on: only straight across
    /// a straight wire of one other net, at right angles (`Some(true)`: a crossing), or onto
    /// a point no net uses (`Some(false)`); `None` if not at all.
    fn enter(&self, p: Grid, d: usize, net: u32) -> Option<bool> {
        let Some(nets) = self.points.get(&p) else {
            return Some(false);
        };
        let across: u8 = if d.is_multiple_of(2) { 0b1010 } else { 0b0101 };
        match nets[..] {
            [(other, mask)] if other != net && mask == across => Some(true),
            _ => None,
        }
    }
}

impl Occupied {
    /// The other net a unit step of `net` from `p` in direction `d` would run beside, half a
    /// cell away: the two would read as one wire. [`check`] allows such a run up to one
    /// cell; the router avoids any at a cost ([`CROWD`]).
    fn crowds(&self, from: Grid, d: usize, net: u32) -> Option<u32> {
        let (x, y, axis) = edge(from, d);
        let beside = if axis == 0 {
            [(x, y - 1, 0), (x, y + 1, 0)]
        } else {
            [(x - 1, y, 1), (x + 1, y, 1)]
        };
        beside.into_iter().find_map(|unit| {
            [&self.edges, &self.stubs]
                .into_iter()
                .find_map(|edges| edges.get(&unit).copied().filter(|&n| n != net))
        })
    }

    /// The other net whose wire or pin stub lies in line ahead of a straight run of `net`
    /// that ends at `end`, heading in direction `d` ([`in_line`]).
    fn in_line(&self, end: Grid, d: usize, net: u32, blocked: &FxHashSet<Grid>) -> Option<u32> {
        let on = |unit: &(i32, i32, u8)| {
            self.edges
                .get(unit)
                .or_else(|| self.stubs.get(unit))
                .copied()
        };
        let stub = |unit: &(i32, i32, u8)| self.stubs.contains_key(unit);
        in_line(end, d, on, |p| blocked.contains(&p), stub).filter(|&n| n != net)
    }

    /// How many unit steps of a unit-step path of `net` run beside another net
    /// ([`Occupied::crowds`]): what the search charged [`CROWD`] for.
    fn beside(&self, path: &[Grid], net: u32) -> usize {
        path.windows(2)
            .filter(|w| self.crowds(w[0], direction(w[0], w[1]), net).is_some())
            .count()
    }

    /// The other nets the ends of the straight runs of a unit-step path of `net` lie in line
    /// with, once per end ([`Occupied::in_line`]): what the search charged [`ALIGN`] for.
    fn in_line_with(&self, path: &[Grid], net: u32, blocked: &FxHashSet<Grid>) -> Vec<u32> {
        let ways: Vec<usize> = path.windows(2).map(|w| direction(w[0], w[1])).collect();
        let (Some(&first), Some(&last)) = (ways.first(), ways.last()) else {
            return Vec::new();
        };
        let bends = ways
            .windows(2)
            .zip(&path[1..])
            .filter(|(w, _)| w[0] != w[1]);
        let ends = bends.flat_map(|(w, &p)| {
            [
                self.in_line(p, w[0], net, blocked),
                self.in_line(p, (w[1] + 2) % 4, net, blocked),
            ]
        });
        let first = self.in_line(path[0], (first + 2) % 4, net, blocked);
        let last = self.in_line(path[path.len() - 1], last, net, blocked);
        ends.flatten().chain(first).chain(last).collect()
    }
}

/// What lies in line ahead of a wire whose straight run ends at `end` heading in direction
/// `d`: the wire (as `edges` names it) of the first unit edge on that grid line at most
/// [`IN_LINE`] half cells beyond `end`, or `None` if the run goes on (an edge from `end`
/// itself), a point of a box (`blocked`) comes first, or there is none that near. Two pin
/// stubs facing each other (the run is its pin's half-cell stub, and so is the edge found:
/// `stub`) are left alone: the layout put the two pins on one line, and no route parts them.
fn in_line(
    end: Grid,
    d: usize,
    edges: impl Fn(&(i32, i32, u8)) -> Option<u32>,
    blocked: impl Fn(Grid) -> bool,
    stub: impl Fn(&(i32, i32, u8)) -> bool,
) -> Option<u32> {
    let s = STEPS[d];
    for k in 0..=IN_LINE {
        let p = (end.0 + k * s.0, end.1 + k * s.1);
        let unit = edge(p, d);
        if let Some(wire) = edges(&unit) {
            let facing_pins = stub(&unit) && stub(&edge(end, (d + 2) % 4));
            return (k > 0 && !facing_pins).then_some(wire);
        }
        if k > 0 && blocked(p) {
            return None;
        }
    }
    None
}

/// The direction of the unit step from `a` to `b`.
fn direction(a: Grid, b: Grid) -> usize {
    match (b.0 - a.0, b.1 - a.1) {
        (1, 0) => 0,
        (0, 1) => 1,
        (-1, 0) => 2,
        _ => 3,
    }
}

/// Where a net reaches so far: each point, and the connection whose route holds it and at
/// which unit step (`None` for the output pin itself).
#[derive(Default)]
struct Tree {
    points: FxHashMap<Grid, Option<(usize, usize)>>,
    min: Grid,
    max: Grid,
}

/// Routes `connections` around `obstacles` (the level's nodes, blocks, pins and labels, in
/// cells). Connections are routed net by net, the nets with the shortest first, and within a
/// net from the nearest input to the farthest. Deterministic: the same input gives the same
/// routing.
pub fn route(connections: &[Connection], obstacles: Obstacles<'_>) -> Routing {
    Router::new(connections, obstacles)
        .run(&Kept::default(), RETRIES)
        .routing
}

/// Routes `connections` after an edit of a level that was routed as `before` (its
/// connections and their routing): a net whose connections are all unchanged (same output
/// pin, inputs and bends) keeps its routes exactly, unless the edit put something in their
/// way (a node, a label, another net's pin); only the other nets are searched for, around the
/// kept ones. So an edit re-routes the nets it touched and the picture stays put elsewhere.
/// If those end in line with kept nets or run beside them ([`Defect::Crowded`]), they are
/// routed again together with those nets, at most [`RIP_UP`] of them (rip-up and reroute),
/// and the better routing is kept. If that still leaves more
/// connections without a clean route than before, a level of at most [`FRESH_LIMIT`]
/// connections is routed afresh and whichever routing has fewer fallbacks, then fewer
/// crowded places, is returned.
pub fn reroute(
    connections: &[Connection],
    obstacles: Obstacles<'_>,
    before: (&[Connection], &Routing),
) -> Routing {
    let router = Router::new(connections, obstacles);
    let kept = router.kept(before);
    let mut best = router.run(&kept, RETRIES);
    // Rip-up and reroute: the kept nets a searched net ends in line with or runs beside are
    // routed again together with it (if there are few), and the better routing is kept.
    let mut partners: FxHashSet<u32> = best
        .ends_in_line
        .intersection(&kept.nets)
        .copied()
        .collect();
    for (a, b) in router.crowded(connections, &best.routing, &kept.nets) {
        partners.extend([a, b].into_iter().filter(|n| kept.nets.contains(n)));
    }
    if !partners.is_empty() && partners.len() <= RIP_UP {
        let again = router.run(&router.release(&kept, &partners), 0);
        if again.better_than(&best) {
            best = again;
        }
    }
    let routing = best.routing;
    // The kept routes may still have left a searched net no clean way: a level of at most
    // `FRESH_LIMIT` connections with more fallbacks than before is routed afresh.
    if kept.nets.is_empty()
        || connections.len() > FRESH_LIMIT
        || routing.fallbacks.len() <= before.1.fallbacks.len()
    {
        return routing;
    }
    let fresh = router.run(&Kept::default(), RETRIES).routing;
    let all = FxHashSet::default();
    let score = |r: &Routing| {
        (
            r.fallbacks.len(),
            router.crowded(connections, r, &all).len(),
        )
    };
    if score(&fresh) < score(&routing) {
        fresh
    } else {
        routing
    }
}

/// One routing of a level ([`Router::attempt`]): the routing, the nets that fell back or
/// crowd another (beside it or in line with it), how many times they do, and the nets their
/// runs end in line with.
struct Attempt {
    routing: Routing,
    failed: Vec<u32>,
    crowded: usize,
    ends_in_line: FxHashSet<u32>,
}

impl Attempt {
    /// Whether this attempt is better than `other`: fewer fallbacks, or as many and less
    /// crowding.
    fn better_than(&self, other: &Attempt) -> bool {
        (self.routing.fallbacks.len(), self.crowded)
            < (other.routing.fallbacks.len(), other.crowded)
    }
}

/// The nets kept from an earlier routing: their dense numbers, and by connection the unit
/// steps of its kept route.
#[derive(Default)]
struct Kept {
    nets: FxHashSet<u32>,
    paths: FxHashMap<usize, Vec<Grid>>,
}

/// One level to route: its connections grouped into nets, and what they must keep clear of.
struct Router<'a> {
    connections: &'a [Connection],
    boxes: Vec<GridBox>,
    /// Every grid point in a box.
    blocked: FxHashSet<Grid>,
    /// Every unit edge crossing a label.
    labelled: FxHashSet<(i32, i32, u8)>,
    /// Each connection's net, numbered densely in the order they first appear.
    dense: Vec<u32>,
    /// The connections of each net, nearest input first.
    nets: Vec<Vec<usize>>,
    /// The pin stubs ([`stubs`]).
    reserved: FxHashMap<Grid, u32>,
}

impl<'a> Router<'a> {
    fn new(connections: &'a [Connection], obstacles: Obstacles<'_>) -> Router<'a> {
        let boxes: Vec<GridBox> = obstacles.boxes.iter().map(grid_box).collect();
        let mut numbers: FxHashMap<usize, u32> = FxHashMap::default();
        let mut nets: Vec<Vec<usize>> = Vec::new();
        let mut dense = Vec::with_capacity(connections.len());
        for (i, c) in connections.iter().enumerate() {
            let fresh = u32::try_from(nets.len()).unwrap_or(u32::MAX);
            let n = *numbers.entry(c.net).or_insert(fresh);
            if n == fresh {
                nets.push(Vec::new());
            }
            nets[n as usize].push(i);
            dense.push(n);
        }
        for wires in &mut nets {
            wires.sort_by_key(|&i| (manhattan(&connections[i]), i));
        }
        let blocked = boxes
            .iter()
            .flat_map(|&((x0, y0), (x1, y1))| {
                (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
            })
            .collect();
        let labelled = obstacles.labels.iter().flat_map(label_edges).collect();
        let reserved = stubs(connections, &dense, &boxes);
        Router {
            connections,
            boxes,
            blocked,
            labelled,
            dense,
            nets,
            reserved,
        }
    }

    /// The nets of `before` whose connections are all unchanged and whose routes are still
    /// clear of every box, label and other net's pin stub.
    fn kept(&self, (connections, routing): (&[Connection], &Routing)) -> Kept {
        // The earlier routes by output pin, then input pin and bends.
        let mut earlier: FxHashMap<Grid, Vec<(usize, &Connection)>> = FxHashMap::default();
        for (i, c) in connections.iter().enumerate() {
            if !routing.is_fallback(i) && routing.routes.get(i).is_some() {
                earlier.entry(grid(c.from)).or_default().push((i, c));
            }
        }
        let mut kept = Kept::default();
        for (net, wires) in self.nets.iter().enumerate() {
            let net = u32::try_from(net).unwrap_or(u32::MAX);
            let from = grid(self.connections[wires[0]].from);
            let Some(old) = earlier.get(&from) else {
                continue;
            };
            if old.len() != wires.len() {
                continue;
            }
            let mut paths = Vec::with_capacity(wires.len());
            for &i in wires {
                let c = &self.connections[i];
                let same = old
                    .iter()
                    .find(|(_, o)| o.to == c.to && o.via == c.via && o.from == c.from);
                let Some(path) = same.map(|&(j, _)| steps(&routing.routes[j])) else {
                    break;
                };
                if !self.clear(&path, net) {
                    break;
                }
                paths.push((i, path));
            }
            if paths.len() == wires.len() {
                kept.nets.insert(net);
                kept.paths.extend(paths);
            }
        }
        kept
    }

    /// Whether a unit-step path of net `net` keeps clear of the boxes (but at its two ends),
    /// the labels and the other nets' pin stubs.
    fn clear(&self, path: &[Grid], net: u32) -> bool {
        let inner = &path[1..path.len().saturating_sub(1)];
        let no_box = inner.iter().all(|p| !self.blocked.contains(p));
        let no_stub = inner
            .iter()
            .all(|p| self.reserved.get(p).is_none_or(|&n| n == net));
        let no_label = path
            .windows(2)
            .all(|w| !self.labelled.contains(&edge(w[0], direction(w[0], w[1]))));
        no_box && no_stub && no_label
    }

    /// Routes every net but the kept ones (which keep their routes), with rip-up and reroute
    /// (coarsely: while some connections fall back or crowd another net, route again with
    /// their nets first, up to `retries` times, and keep the best attempt).
    fn run(&self, kept: &Kept, retries: usize) -> Attempt {
        let mut order: Vec<(u32, u32)> = self
            .nets
            .iter()
            .enumerate()
            .filter_map(|(n, wires)| {
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                let span = wires.iter().map(|&i| manhattan(&self.connections[i])).sum();
                (!kept.nets.contains(&n)).then_some((span, n))
            })
            .collect();
        order.sort_unstable();
        let mut order: Vec<u32> = order.into_iter().map(|(_, n)| n).collect();
        let plain = self.connections.len() > MAX_CONNECTIONS;
        let mut budget = BUDGET;
        let mut best = self.attempt(&order, kept, plain, &mut budget);
        for _ in 0..retries {
            if best.failed.is_empty() || plain || self.connections.len() > RETRIED {
                break;
            }
            let failed: Vec<u32> = order
                .iter()
                .copied()
                .filter(|&n| best.failed.contains(&n))
                .collect();
            order.retain(|n| !failed.contains(n));
            order.splice(0..0, failed);
            let again = self.attempt(&order, kept, plain, &mut budget);
            if again.better_than(&best) {
                best = again;
            }
        }
        best
    }

    /// The places where wires of different nets in `routing` of `connections` run beside
    /// each other or end in line ([`Defect::Crowded`], as [`check`] finds them among this
    /// level's boxes), as the pair of their nets (dense numbers), leaving out pairs of two
    /// nets in `kept`; wires that fell back are not counted.
    fn crowded(
        &self,
        connections: &[Connection],
        routing: &Routing,
        kept: &FxHashSet<u32>,
    ) -> Vec<(u32, u32)> {
        let mut at = Occupied::default();
        for (wire, route) in routing.routes.iter().enumerate() {
            if !routing.is_fallback(wire) {
                at.add(&steps(route), u32::try_from(wire).unwrap_or(u32::MAX));
            }
        }
        crowded(connections, &self.boxes, &at)
            .iter()
            .filter_map(|d| match d {
                Defect::Crowded { a, b, .. } => Some((self.dense[*a], self.dense[*b])),
                _ => None,
            })
            .filter(|(a, b)| !(kept.contains(a) && kept.contains(b)))
            .collect()
    }

    /// `kept` without the nets `released`.
    fn release(&self, kept: &Kept, released: &FxHashSet<u32>) -> Kept {
        Kept {
            nets: kept.nets.difference(released).copied().collect(),
            paths: kept
                .paths
                .iter()
                .filter(|(i, _)| !released.contains(&self.dense[**i]))
                .map(|(&i, path)| (i, path.clone()))
                .collect(),
        }
    }
}

/// The Manhattan length of a connection, in half cells.
fn manhattan(c: &Connection) -> u32 {
    let (a, b) = (grid(c.from), grid(c.to));
    (a.0 - b.0).unsigned_abs() + (a.1 - b.1).unsigned_abs()
}

/// The unit edges whose open segment meets the open box `label` (a wire along one would
/// strike through the text).
fn label_edges(label: &Area) -> Vec<(i32, i32, u8)> {
    let (min, max) = (
        (label.min.x * 2.0, label.min.y * 2.0),
        (label.max.x * 2.0, label.max.y * 2.0),
    );
    // Grid lines strictly inside the box, and the unit steps overlapping it.
    let strictly = |lo: f32, hi: f32| (lo.floor() as i32 + 1)..=(hi.ceil() as i32 - 1);
    let overlapping = |lo: f32, hi: f32| (lo.floor() as i32)..(hi.ceil() as i32);
    let mut out = Vec::new();
    for y in strictly(min.1, max.1) {
        out.extend(overlapping(min.0, max.0).map(|x| (x, y, 0)));
    }
    for x in strictly(min.0, max.0) {
        out.extend(overlapping(min.1, max.1).map(|y| (x, y, 1)));
    }
    out
}

/// The unit steps of a route given by its corners (a straight segment's every half cell).
fn steps(route: &[GridPoint]) -> Vec<Grid> {
    let g: Vec<Grid> = route.iter().map(|&p| grid(p)).collect();
    let mut unit = g.first().map(|&p| vec![p]).unwrap_or_default();
    for w in g.windows(2) {
        let mut p = w[0];
        let (dx, dy) = ((w[1].0 - p.0).signum(), (w[1].1 - p.1).signum());
        while p != w[1] && (dx == 0 || dy == 0) {
            p = (p.0 + dx, p.1 + dy);
            unit.push(p);
        }
    }
    unit
}

/// The longest wire searched for, across or down, in cells; a longer one (nodes a file put
/// thousands of cells apart) gets a plain route.
pub const MAX_SPAN: i32 = 2048;

/// How far from the level's nodes, blocks and pins a bend is followed, in cells; a bend
/// farther off (a hostile or mistyped file) is ignored.
pub const BEND_REACH: i32 = 64;

/// How many times [`route`] routes a level again with the nets that failed first.
const RETRIES: usize = 3;
/// The most connections a level may have to be routed again (a larger one keeps its first
/// routing: each attempt costs as much as the first).
const RETRIED: usize = 1000;

/// The point just outside every pin, half a cell out ([`pin_ways`]), each kept for the pin's
/// net (`u32::MAX` where two nets' stubs meet: kept for neither), so that no other net
/// blocks a pin's way in or out.
fn stubs(connections: &[Connection], dense: &[u32], boxes: &[GridBox]) -> FxHashMap<Grid, u32> {
    let mut reserved: FxHashMap<Grid, u32> = FxHashMap::default();
    for (c, &net) in connections.iter().zip(dense) {
        for (pin, d) in pin_ways(c, boxes) {
            let s = STEPS[d];
            let kept = reserved.entry((pin.0 + s.0, pin.1 + s.1)).or_insert(net);
            if *kept != net {
                *kept = u32::MAX;
            }
        }
    }
    reserved
}

/// Connection `c`'s two pins, each with the direction out of its box: away from the edge of
/// the box it lies on (a turned part's pins face up, down or left), else an output's to the
/// right and an input's to the left.
fn pin_ways(c: &Connection, boxes: &[GridBox]) -> [(Grid, usize); 2] {
    let out = |p: Grid, default: usize| {
        let side = boxes.iter().find(|b| inside(p, b)).map(|b| {
            if p.0 == b.1.0 {
                0
            } else if p.1 == b.1.1 {
                1
            } else if p.0 == b.0.0 {
                2
            } else if p.1 == b.0.1 {
                3
            } else {
                default
            }
        });
        (p, side.unwrap_or(default))
    };
    [out(grid(c.from), 0), out(grid(c.to), 2)]
}

impl Router<'_> {
    /// One routing of every net in `order` around the `kept` ones.
    fn attempt(&self, order: &[u32], kept: &Kept, plain: bool, budget: &mut usize) -> Attempt {
        let connections = self.connections;
        let mut routing = Routing {
            routes: vec![Vec::new(); connections.len()],
            ..Routing::default()
        };
        let mut failed = Vec::new();
        let mut crowded = 0;
        let mut ends_in_line = FxHashSet::default();
        let mut occupied = Occupied::default();
        for (c, &net) in connections.iter().zip(&self.dense) {
            for (pin, d) in pin_ways(c, &self.boxes) {
                occupied.stubs.insert(edge(pin, d), net);
            }
        }
        let mut unit: Vec<Vec<Grid>> = vec![Vec::new(); connections.len()];
        for (&i, path) in &kept.paths {
            occupied.add(path, self.dense[i]);
            routing.routes[i] = corners(path);
        }
        let mut search = Search::default();
        let reach = self.reach();
        let limits = Limits {
            boxes: &self.boxes,
            blocked: &self.blocked,
            labelled: &self.labelled,
            reserved: &self.reserved,
        };
        for &net in order {
            let wires = &self.nets[net as usize];
            let driver = grid(connections[wires[0]].from);
            let mut tree = Tree {
                min: driver,
                max: driver,
                ..Tree::default()
            };
            tree.points.insert(driver, None);
            for &i in wires {
                let c = &connections[i];
                // The bends to pass (those outside every box, near the level), then the input
                // pin.
                let mut stops: Vec<Grid> = c
                    .via
                    .iter()
                    .map(|&p| grid(p))
                    .filter(|&p| inside(p, &reach) && !self.boxes.iter().any(|b| inside(p, b)))
                    .collect();
                stops.dedup();
                stops.push(grid(c.to));
                let mut full: Option<Vec<Grid>> = None;
                let mut from: Option<Grid> = None;
                let routable = !plain && grid(c.from) == driver;
                for &stop in stops.iter().filter(|_| routable) {
                    let Some((start, path)) =
                        search.run(&tree, from, stop, limits, &occupied, net, budget)
                    else {
                        full = None;
                        break;
                    };
                    let so_far = full.get_or_insert_with(|| {
                        match tree.points.get(&start).copied().flatten() {
                            Some((owner, at)) => unit[owner][..=at].to_vec(),
                            None => vec![driver],
                        }
                    });
                    so_far.extend_from_slice(&path[1..]);
                    let in_line = occupied.in_line_with(&path, net, &self.blocked);
                    let beside = occupied.beside(&path, net);
                    if beside + in_line.len() > 0 && failed.last() != Some(&net) {
                        failed.push(net);
                    }
                    crowded += beside + in_line.len();
                    ends_in_line.extend(in_line);
                    occupied.add(&path, net);
                    let offset = so_far.len() - path.len();
                    for (k, &p) in path.iter().enumerate() {
                        tree.points.entry(p).or_insert(Some((i, offset + k)));
                        tree.min = (tree.min.0.min(p.0), tree.min.1.min(p.1));
                        tree.max = (tree.max.0.max(p.0), tree.max.1.max(p.1));
                    }
                    from = Some(stop);
                }
                let Some(full) = full.filter(|f| f.last() == stops.last()) else {
                    routing.fallbacks.push(i);
                    if failed.last() != Some(&net) {
                        failed.push(net);
                    }
                    routing.routes[i] = vec![c.from, c.to];
                    continue;
                };
                routing.routes[i] = corners(&full);
                unit[i] = full;
            }
        }
        routing.fallbacks.sort_unstable();
        routing.junctions = junctions(&occupied, &self.nets);
        Attempt {
            routing,
            failed,
            crowded,
            ends_in_line,
        }
    }

    /// Where a bend may be: the level's boxes and pins, widened by [`BEND_REACH`] cells.
    fn reach(&self) -> GridBox {
        let ends = self
            .connections
            .iter()
            .flat_map(|c| [grid(c.from), grid(c.to)]);
        self.boxes
            .iter()
            .flat_map(|b| [b.0, b.1])
            .chain(ends)
            .map(|p| (p, p))
            .reduce(|a, b| {
                (
                    (a.0.0.min(b.0.0), a.0.1.min(b.0.1)),
                    (a.1.0.max(b.1.0), a.1.1.max(b.1.1)),
                )
            })
            .map_or(((0, 0), (0, 0)), |(lo, hi)| {
                let r = 2 * BEND_REACH;
                ((lo.0 - r, lo.1 - r), (hi.0 + r, hi.1 + r))
            })
    }
}

/// What a search may not enter: the boxes (and every grid point in them), the unit edges
/// crossing a label, and the pin stubs kept for other nets.
#[derive(Clone, Copy)]
struct Limits<'a> {
    boxes: &'a [GridBox],
    blocked: &'a FxHashSet<Grid>,
    labelled: &'a FxHashSet<(i32, i32, u8)>,
    reserved: &'a FxHashMap<Grid, u32>,
}

/// The junctions: points where three or four unit edges of one net meet, each with the
/// net's first connection.
fn junctions(occupied: &Occupied, nets: &[Vec<usize>]) -> Vec<(GridPoint, usize)> {
    let mut out: Vec<(Grid, usize)> = occupied
        .points
        .iter()
        .filter_map(|(&p, here)| {
            let (net, _) = here.iter().find(|(_, mask)| mask.count_ones() >= 3)?;
            Some((p, *nets.get(*net as usize)?.first()?))
        })
        .collect();
    out.sort_unstable();
    out.into_iter().map(|(p, i)| (cells(p), i)).collect()
}

/// The corners of a unit-step path, in cells.
fn corners(path: &[Grid]) -> Vec<GridPoint> {
    let mut out: Vec<Grid> = Vec::with_capacity(8);
    for &p in path {
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            if (a.0 == b.0 && b.0 == p.0) || (a.1 == b.1 && b.1 == p.1) {
                out.pop();
            }
        }
        out.push(p);
    }
    if out.len() == 1 {
        out.push(out[0]);
    }
    out.into_iter().map(cells).collect()
}

/// Ratsnest lines for `connections`, without searching: what a level too large to route
/// while something is dragged across it shows until the drag ends (every connection a
/// fallback).
pub fn route_plain(connections: &[Connection]) -> Routing {
    Routing {
        routes: connections.iter().map(|c| vec![c.from, c.to]).collect(),
        junctions: Vec::new(),
        fallbacks: (0..connections.len()).collect(),
    }
}

/// Whether grid point `p` lies in the closed box `b`.
fn inside(p: Grid, b: &GridBox) -> bool {
    p.0 >= b.0.0 && p.0 <= b.1.0 && p.1 >= b.0.1 && p.1 <= b.1.1
}

/// A search state: a grid point and the direction it was entered in (4: a start).
type State = (Grid, u8);

/// The scratch space of one A* search, reused between searches: only the states a search
/// reaches cost memory and time, however large its window.
#[derive(Default)]
struct Search {
    /// The lowest cost found for each state reached, and the state it was reached from.
    cost: FxHashMap<State, (u32, Option<State>)>,
    /// Open states by estimated total cost (ties: the state, for determinism).
    heap: BinaryHeap<Reverse<(u32, State)>>,
}

impl Search {
    /// A path for net `net` to `sink` from `from` (a bend already reached), or else from
    /// anywhere on the net's tree: the point it starts at and the unit steps, or `None` if
    /// there is none within the window (first the start and the sink widened by [`MARGIN`],
    /// then — if that finds none, or only one that runs beside another net — twice as wide,
    /// keeping the path that runs beside fewer) or the budget ran out.
    #[allow(
        clippy::too_many_arguments,
        reason = "one search's inputs, passed rather than bundled for its one caller"
    )]
    fn run(
        &mut self,
        tree: &Tree,
        from: Option<Grid>,
        sink: Grid,
        limits: Limits<'_>,
        occupied: &Occupied,
        net: u32,
        budget: &mut usize,
    ) -> Option<(Grid, Vec<Grid>)> {
        let margin = 2 * MARGIN;
        let (lo, hi) = from.map_or((tree.min, tree.max), |p| (p, p));
        let min = (lo.0.min(sink.0), lo.1.min(sink.1));
        let max = (hi.0.max(sink.0), hi.1.max(sink.1));
        if max.0 - min.0 > 2 * MAX_SPAN || max.1 - min.1 > 2 * MAX_SPAN {
            return None; // a plain route: a search this long would only spend the budget
        }
        let near = (
            (min.0 - margin, min.1 - margin),
            (max.0 + margin, max.1 + margin),
        );
        let ends = (from, sink);
        let crowding = |(_, path): &(Grid, Vec<Grid>)| occupied.beside(path, net);
        let found = self.within(near, tree, ends, limits, occupied, net, budget);
        if found.as_ref().is_some_and(|f| crowding(f) == 0) {
            return found;
        }
        // Then (none found, or only one beside another net) a window twice as wide and tall
        // (within the level): a detour around a block or a crowd.
        let (w, h) = (max.0 - min.0 + 2 * margin, max.1 - min.1 + 2 * margin);
        let mut level = near;
        for b in limits.boxes {
            level.0 = (level.0.0.min(b.0.0 - margin), level.0.1.min(b.0.1 - margin));
            level.1 = (level.1.0.max(b.1.0 + margin), level.1.1.max(b.1.1 + margin));
        }
        let wide = (
            (
                (near.0.0 - w / 2).max(level.0.0),
                (near.0.1 - h / 2).max(level.0.1),
            ),
            (
                (near.1.0 + w / 2).min(level.1.0),
                (near.1.1 + h / 2).min(level.1.1),
            ),
        );
        if wide == near {
            return found;
        }
        let detour = if found.is_some() {
            // A detour round a crowd is a nicety: it may spend at most `DETOUR` states, and
            // only while a quarter of the level's budget is left for the searches that must
            // find a path at all (else a large level falls back to ratsnest lines).
            if *budget < BUDGET / 4 {
                return found;
            }
            let allowed = (*budget).min(DETOUR);
            let mut spare = allowed;
            let detour = self.within(wide, tree, ends, limits, occupied, net, &mut spare);
            *budget -= allowed - spare;
            detour
        } else {
            self.within(wide, tree, ends, limits, occupied, net, budget)
        };
        match (found, detour) {
            (Some(f), Some(d)) if crowding(&d) >= crowding(&f) => Some(f),
            (found, detour) => detour.or(found),
        }
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "one search's inputs, passed rather than bundled for its one caller"
    )]
    fn within(
        &mut self,
        window: (Grid, Grid),
        tree: &Tree,
        (from, sink): (Option<Grid>, Grid),
        limits: Limits<'_>,
        occupied: &Occupied,
        net: u32,
        budget: &mut usize,
    ) -> Option<(Grid, Vec<Grid>)> {
        let ((x0, y0), (x1, y1)) = window;
        let inside = |p: Grid| p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1;
        if !inside(sink) {
            return None;
        }
        self.cost.clear();
        self.heap.clear();
        let estimate =
            |p: Grid| STEP * ((p.0 - sink.0).unsigned_abs() + (p.1 - sink.1).unsigned_abs());
        let mut starts: Vec<&Grid> = match &from {
            Some(p) => vec![p],
            None => tree.points.keys().collect(),
        };
        starts.sort_unstable();
        for &p in starts {
            // A branch may not start where another net crosses.
            let crossed = occupied
                .points
                .get(&p)
                .is_some_and(|nets| nets.iter().any(|(n, _)| *n != net));
            if crossed || !inside(p) {
                continue;
            }
            // Entered "in every direction": the first step costs no bend.
            self.cost.insert((p, 4), (0, None));
            self.heap.push(Reverse((estimate(p), (p, 4))));
        }
        while let Some(Reverse((priority, state))) = self.heap.pop() {
            let (p, d_in) = state;
            let cost = self.cost.get(&state).map_or(u32::MAX, |c| c.0);
            if priority != cost + estimate(p) {
                continue; // a stale entry
            }
            if p == sink {
                return Some(self.path(state));
            }
            *budget = budget.checked_sub(1)?;
            let is_start = d_in == 4;
            let d_in = usize::from(d_in);
            // A bend here ends the straight run that came in.
            let run_ends_in_line =
                !is_start && occupied.in_line(p, d_in, net, limits.blocked).is_some();
            // Straight on only, across another net.
            let crossing = !is_start && occupied.points.contains_key(&p);
            for (d, step) in STEPS.iter().enumerate() {
                if (crossing && d != d_in) || (!is_start && d == (d_in + 2) % 4) {
                    continue;
                }
                let q = (p.0 + step.0, p.1 + step.1);
                if !inside(q) {
                    continue;
                }
                let at_sink = q == sink;
                if !at_sink
                    && (limits.blocked.contains(&q)
                        || limits.reserved.get(&q).is_some_and(|&n| n != net))
                {
                    continue;
                }
                if occupied.edges.contains_key(&edge(p, d)) || limits.labelled.contains(&edge(p, d))
                {
                    continue;
                }
                let bend = !is_start && d != d_in;
                // Another net beside this step, or in line with the run this step ends (at a
                // bend), starts (at a bend or the start) or reaches the sink with.
                let in_line = [
                    bend && run_ends_in_line,
                    (bend || is_start)
                        && occupied
                            .in_line(p, (d + 2) % 4, net, limits.blocked)
                            .is_some(),
                    at_sink && occupied.in_line(q, d, net, limits.blocked).is_some(),
                ];
                let crowd = if occupied.crowds(p, d, net).is_some() {
                    CROWD
                } else {
                    0
                } + ALIGN * in_line.into_iter().map(u32::from).sum::<u32>();
                let cross = if at_sink {
                    false
                } else {
                    match occupied.enter(q, d, net) {
                        Some(cross) => cross,
                        None => continue,
                    }
                };
                if tree.points.contains_key(&q) {
                    continue; // back onto its own net: start there instead
                }
                let next_cost = cost
                    + STEP
                    + crowd
                    + if bend { BEND } else { 0 }
                    + if cross { CROSS } else { 0 };
                let reached: State = (q, u8::try_from(d).unwrap_or(0));
                if self.cost.get(&reached).is_none_or(|c| next_cost < c.0) {
                    self.cost.insert(reached, (next_cost, Some(state)));
                    self.heap.push(Reverse((next_cost + estimate(q), reached)));
                }
            }
        }
        None
    }

    /// The path that ends in `state`: its start point and its unit steps.
    fn path(&self, mut state: State) -> (Grid, Vec<Grid>) {
        let mut path = vec![state.0];
        while let Some(&(_, Some(previous))) = self.cost.get(&state) {
            state = previous;
            path.push(state.0);
        }
        path.reverse();
        (path[0], path)
    }
}

/// Something wrong with a routing, found by [`check`].
#[derive(Clone, Debug, PartialEq)]
pub enum Defect {
    /// Connections `a` and `b` of different nets lie on top of each other, or meet end to
    /// end or at a bend, around `at`: they would look connected.
    Touching {
        /// One connection.
        a: usize,
        /// The other.
        b: usize,
        /// Where, in cells.
        at: GridPoint,
    },
    /// Connections `a` and `b` of different nets run side by side half a cell apart for more
    /// than one cell, or end in line on one grid line with at most two cells and no box
    /// between their ends (what crosses the gap at right angles does not part them; two
    /// pins facing each other on one line, each wire bending at its pin's half-cell stub,
    /// are let be), around `at`: they would read as one wire.
    Crowded {
        /// One connection.
        a: usize,
        /// The other.
        b: usize,
        /// Where, in cells.
        at: GridPoint,
    },
    /// Connection `wire` runs through (or along the edge of) box `area`, around `at`.
    ThroughBox {
        /// The connection.
        wire: usize,
        /// The box, by index.
        area: usize,
        /// Where, in cells.
        at: GridPoint,
    },
    /// Connection `wire` strikes through label `label` (by index), around `at`.
    ThroughLabel {
        /// The connection.
        wire: usize,
        /// The label's box, by index.
        label: usize,
        /// Where, in cells.
        at: GridPoint,
    },
    /// Boxes `a` and `b` overlap or touch (no wire could pass between them, and they read
    /// as one).
    Overlap {
        /// One box.
        a: usize,
        /// The other.
        b: usize,
    },
    /// A pin of connection `wire` lies inside box `area` (not on its edge), or on the edge
    /// of two boxes: it reads as a pin of the wrong node.
    PinInside {
        /// The connection.
        wire: usize,
        /// The box, by index.
        area: usize,
    },
    /// A junction dot is missing where one net's segments branch (`drawn` false), or drawn
    /// where none do (`drawn` true), at `at`.
    Junction {
        /// Where, in cells.
        at: GridPoint,
        /// Whether the dot is drawn.
        drawn: bool,
    },
    /// Connection `wire`'s route does not run from its output to its input in orthogonal
    /// segments.
    Broken {
        /// The connection.
        wire: usize,
    },
    /// Connection `wire` got no route within the router's bounds: it is drawn as a dotted
    /// ratsnest line (reported, not clean).
    Fallback {
        /// The connection.
        wire: usize,
    },
}

/// Checks a routing as the eye would, independently of how it was made: boxes neither
/// overlap nor touch, and no pin lies inside a box or on two; every route runs
/// orthogonally from its output pin to its input pin; no route enters a box except at its own
/// two pins, nor crosses a label; two routes of different nets share no point except where
/// both run straight across each other at right angles, run side by side half a cell apart
/// for at most one cell, and never end in line on one grid line with two cells or less and
/// no box between their ends (but where two pins face each other); a junction dot is drawn
/// exactly where three or four segments of one net meet; and no connection fell back.
/// Returns every defect (empty: clean). Quadratic in the boxes: for tests.
pub fn check(
    connections: &[Connection],
    obstacles: Obstacles<'_>,
    routing: &Routing,
) -> Vec<Defect> {
    let gboxes: Vec<GridBox> = obstacles.boxes.iter().map(grid_box).collect();
    let mut defects = overlaps(&gboxes);
    defects.extend(pins_inside(connections, &gboxes));
    // Every unit step of every route, with the directions each route leaves each point in.
    // Each wire marked on its own (its index as the "net"), to find where wires meet.
    let mut at = Occupied::default();
    for (wire, (c, route)) in connections.iter().zip(&routing.routes).enumerate() {
        if routing.is_fallback(wire) {
            defects.push(Defect::Fallback { wire });
            continue;
        }
        let ends = (grid(c.from), grid(c.to));
        let g: Vec<Grid> = route.iter().map(|&p| grid(p)).collect();
        let orthogonal = g.windows(2).all(|w| w[0].0 == w[1].0 || w[0].1 == w[1].1);
        if g.first() != Some(&ends.0) || g.last() != Some(&ends.1) || !orthogonal {
            defects.push(Defect::Broken { wire });
            continue;
        }
        let unit = steps(route);
        at.add(&unit, u32::try_from(wire).unwrap_or(u32::MAX));
        let through = unit
            .iter()
            .filter(|&&p| p != ends.0 && p != ends.1)
            .find_map(|&p| Some((p, gboxes.iter().position(|b| inside(p, b))?)));
        if let Some((p, area)) = through {
            defects.push(Defect::ThroughBox {
                wire,
                area,
                at: cells(p),
            });
        }
        if let Some((label, p)) = struck_label(route, obstacles.labels) {
            defects.push(Defect::ThroughLabel { wire, label, at: p });
        }
    }
    defects.extend(touching(connections, &at));
    defects.extend(crowded(connections, &gboxes, &at));
    defects.extend(junction_dots(connections, &at, routing));
    defects
}

/// Pairs of boxes that overlap or touch.
fn overlaps(boxes: &[GridBox]) -> Vec<Defect> {
    let mut out = Vec::new();
    for (a, ba) in boxes.iter().enumerate() {
        for (b, bb) in boxes.iter().enumerate().skip(a + 1) {
            if ba.0.0 <= bb.1.0 && bb.0.0 <= ba.1.0 && ba.0.1 <= bb.1.1 && bb.0.1 <= ba.1.1 {
                out.push(Defect::Overlap { a, b });
            }
        }
    }
    out
}

/// Pins inside a box, or on the edges of two.
fn pins_inside(connections: &[Connection], boxes: &[GridBox]) -> Vec<Defect> {
    let strictly = |p: Grid, b: &GridBox| p.0 > b.0.0 && p.0 < b.1.0 && p.1 > b.0.1 && p.1 < b.1.1;
    let mut out = Vec::new();
    for (wire, c) in connections.iter().enumerate() {
        for pin in [grid(c.from), grid(c.to)] {
            let holding: Vec<usize> = (0..boxes.len())
                .filter(|&k| inside(pin, &boxes[k]))
                .collect();
            let wrong = holding.iter().find(|&&k| strictly(pin, &boxes[k]));
            if let Some(&area) = wrong.or_else(|| holding.get(1)) {
                out.push(Defect::PinInside { wire, area });
            }
        }
    }
    out
}

/// The first label `route` crosses (its open box meets a segment), and where.
fn struck_label(route: &[GridPoint], labels: &[Area]) -> Option<(usize, GridPoint)> {
    route.windows(2).find_map(|w| {
        let (lo, hi) = (
            point(w[0].x.min(w[1].x), w[0].y.min(w[1].y)),
            point(w[0].x.max(w[1].x), w[0].y.max(w[1].y)),
        );
        let meets = |l: &Area| {
            let across = lo.x < l.max.x && hi.x > l.min.x;
            let down = lo.y < l.max.y && hi.y > l.min.y;
            // A horizontal segment lies within the box's height, a vertical one its width.
            if grid(w[0]).1 == grid(w[1]).1 {
                across && lo.y > l.min.y && lo.y < l.max.y
            } else {
                down && lo.x > l.min.x && lo.x < l.max.x
            }
        };
        let label = labels.iter().position(meets)?;
        Some((label, labels[label].center()))
    })
}

/// Wires of different nets that share a point other than a right-angled crossing.
fn touching(connections: &[Connection], at: &Occupied) -> Vec<Defect> {
    let mut points: Vec<_> = at.points.iter().collect();
    points.sort_unstable_by_key(|(p, _)| **p);
    let mut out = Vec::new();
    for (&p, wires) in points {
        for (k, &(a, ma)) in wires.iter().enumerate() {
            for &(b, mb) in &wires[k + 1..] {
                let (a, b) = (a as usize, b as usize);
                if connections[a].net == connections[b].net {
                    continue;
                }
                let crossing = (ma == 0b0101 && mb == 0b1010) || (ma == 0b1010 && mb == 0b0101);
                if !crossing {
                    out.push(Defect::Touching {
                        a: a.min(b),
                        b: a.max(b),
                        at: cells(p),
                    });
                }
            }
        }
    }
    out
}

/// Wires of different nets half a cell apart along more than one cell (three unit edges
/// side by side), or in line on one grid line with at most [`IN_LINE`] half cells (two
/// cells) and no box between their ends (but for two pins' stubs facing each other).
fn crowded(connections: &[Connection], boxes: &[GridBox], at: &Occupied) -> Vec<Defect> {
    let net = |w: u32| connections[w as usize].net;
    let stubs: FxHashSet<(i32, i32, u8)> = connections
        .iter()
        .flat_map(|c| pin_ways(c, boxes))
        .map(|(pin, d)| edge(pin, d))
        .collect();
    let mut out = Vec::new();
    let mut edges: Vec<_> = at.edges.iter().collect();
    edges.sort_unstable();
    for (&(x, y, axis), &a) in edges {
        // Along the axis, and across it.
        let (along, across) = if axis == 0 {
            ((1, 0), (0, 1))
        } else {
            ((0, 1), (1, 0))
        };
        let other = |dx: i32, dy: i32| {
            at.edges
                .get(&(x + dx, y + dy, axis))
                .copied()
                .filter(|&b| net(b) != net(a))
        };
        let side = other(across.0, across.1).filter(|&b| {
            (1..3).all(|k| {
                let e = (x + k * along.0, y + k * along.1, axis);
                let f = (e.0 + across.0, e.1 + across.1, axis);
                at.edges.get(&e).is_some_and(|&n| net(n) == net(a))
                    && at.edges.get(&f).is_some_and(|&n| net(n) == net(b))
            })
        });
        let gap = || {
            // The run ends after this edge, and another net's comes next on its line.
            let end = (x + along.0, y + along.1);
            let forward = usize::from(axis);
            let blocked = |p: Grid| boxes.iter().any(|b| inside(p, b));
            in_line(
                end,
                forward,
                |e| at.edges.get(e).copied(),
                blocked,
                |e| stubs.contains(e),
            )
            .filter(|&b| net(b) != net(a))
        };
        if let Some(b) = side.or_else(gap) {
            out.push(Defect::Crowded {
                a: (a as usize).min(b as usize),
                b: (a as usize).max(b as usize),
                at: cells((x, y)),
            });
        }
    }
    out
}

/// The junction dots that are missing or drawn where no net branches.
fn junction_dots(connections: &[Connection], at: &Occupied, routing: &Routing) -> Vec<Defect> {
    // Per point, the directions each net leaves it in (its wires' together).
    let mut branches: Vec<Grid> = at
        .points
        .iter()
        .filter(|&(_, wires)| {
            let mut by_net: FxHashMap<usize, u8> = FxHashMap::default();
            for &(w, mask) in wires {
                *by_net.entry(connections[w as usize].net).or_default() |= mask;
            }
            by_net.values().any(|m| m.count_ones() >= 3)
        })
        .map(|(&p, _)| p)
        .collect();
    branches.sort_unstable();
    let mut dots: Vec<Grid> = routing.junctions.iter().map(|&(p, _)| grid(p)).collect();
    dots.sort_unstable();
    let missing = branches.iter().filter(|p| dots.binary_search(p).is_err());
    let extra = dots.iter().filter(|p| branches.binary_search(p).is_err());
    missing
        .map(|&p| Defect::Junction {
            at: cells(p),
            drawn: false,
        })
        .chain(extra.map(|&p| Defect::Junction {
            at: cells(p),
            drawn: true,
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::circuit::geometry::vector;

    fn wire(from: (f32, f32), to: (f32, f32), net: usize) -> Connection {
        Connection {
            from: point(from.0, from.1),
            to: point(to.0, to.1),
            net,
            via: Vec::new(),
        }
    }

    fn on(boxes: &[Area]) -> Obstacles<'_> {
        Obstacles { boxes, labels: &[] }
    }

    /// The route a naive router would take: out to the right, across halfway, in from the
    /// left.
    fn plain_route(from: GridPoint, to: GridPoint) -> Vec<GridPoint> {
        let mid = (f32::midpoint(from.x, to.x) * 2.0).round() / 2.0;
        vec![from, point(mid, from.y), point(mid, to.y), to]
    }

    fn area(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area::from_min_size(point(x, y), vector(w, h))
    }

    #[test]
    fn a_straight_wire_stays_straight() {
        let wires = [wire((3.0, 1.0), (10.0, 1.0), 0)];
        let boxes = [area(0.0, 0.0, 3.0, 2.0), area(10.0, 0.0, 4.0, 2.0)];
        let r = route(&wires, on(&boxes));
        assert_eq!(r.routes[0], vec![point(3.0, 1.0), point(10.0, 1.0)]);
        assert!(check(&wires, on(&boxes), &r).is_empty());
        assert!(r.fallbacks.is_empty());
    }

    #[test]
    fn a_wire_goes_around_a_box_in_its_way() {
        let wires = [wire((3.0, 5.0), (20.0, 5.0), 0)];
        let boxes = [
            area(0.0, 4.0, 3.0, 2.0),
            area(10.0, 2.0, 4.0, 6.0),
            area(20.0, 4.0, 4.0, 2.0),
        ];
        let r = route(&wires, on(&boxes));
        assert!(check(&wires, on(&boxes), &r).is_empty(), "{r:?}");
        assert!(r.routes[0].len() >= 4, "it bends around: {:?}", r.routes[0]);
    }

    /// Two nets whose plain routes would share the vertical run halfway across: the router
    /// keeps them apart (the defect of adder8's A4 wire beside `lo.b2`'s).
    #[test]
    fn two_nets_never_share_a_segment() {
        let wires = [
            wire((3.0, 1.0), (13.0, 9.0), 0),
            wire((3.0, 5.0), (13.0, 3.0), 1),
            wire((3.0, 9.0), (13.0, 6.0), 2),
        ];
        let boxes = [
            area(0.0, 0.0, 3.0, 2.0),
            area(0.0, 4.0, 3.0, 2.0),
            area(0.0, 8.0, 3.0, 2.0),
            area(13.0, 2.0, 4.0, 2.5),
            area(13.0, 5.5, 4.0, 4.5),
        ];
        let plain = Routing {
            routes: wires.iter().map(|w| plain_route(w.from, w.to)).collect(),
            ..Routing::default()
        };
        assert!(
            !check(&wires, on(&boxes), &plain).is_empty(),
            "the plain routes do collide"
        );
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![], "{r:?}");
        assert!(r.fallbacks.is_empty());
        assert!(r.junctions.is_empty(), "no net branches: {:?}", r.junctions);
    }

    /// One output feeding two inputs branches once, at a junction; a crossing gets none.
    #[test]
    fn a_branching_net_gets_a_junction_and_a_crossing_none() {
        let wires = [
            wire((3.0, 5.0), (12.0, 2.0), 0),
            wire((3.0, 5.0), (12.0, 8.0), 0),
            wire((3.0, 9.0), (12.0, 4.0), 1),
        ];
        let boxes = [
            area(0.0, 4.0, 3.0, 2.0),
            area(0.0, 8.0, 3.0, 2.0),
            area(12.0, 1.0, 4.0, 4.0),
            area(12.0, 7.0, 4.0, 3.0),
        ];
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![]);
        assert_eq!(r.junctions.len(), 1, "{r:?}");
        for (j, _) in &r.junctions {
            assert!(r.routes[0].iter().chain(&r.routes[1]).any(|p| {
                // The junction lies on both branches' routes.
                (p.x - j.x).abs() < 1e-4 || (p.y - j.y).abs() < 1e-4
            }));
        }
    }

    /// A latch's two feedback wires run backwards (from an output to an input further
    /// left) without touching each other or the gates.
    #[test]
    fn feedback_wires_loop_around_cleanly() {
        // NOR1 at (10, 0) 4 × 3, NOR2 at (10, 6) 4 × 3: each output feeds the other's input.
        let wires = [
            wire((14.0, 1.5), (10.0, 7.0), 0),
            wire((14.0, 7.5), (10.0, 2.0), 1),
            wire((3.0, 1.0), (10.0, 1.0), 2),
            wire((3.0, 8.0), (10.0, 8.0), 3),
            wire((14.0, 1.5), (20.0, 1.5), 0),
        ];
        let boxes = [
            area(10.0, 0.0, 4.0, 3.0),
            area(10.0, 6.0, 4.0, 3.0),
            area(0.0, 0.0, 3.0, 2.0),
            area(0.0, 7.0, 3.0, 2.0),
            area(20.0, 0.5, 2.0, 2.0),
        ];
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![]);
        assert!(r.fallbacks.is_empty());
    }

    /// A bent wire passes its bends in order; a bend inside a box is ignored.
    #[test]
    fn a_bent_wire_passes_its_bends() {
        let mut bent = wire((3.0, 1.0), (20.0, 1.0), 0);
        bent.via = vec![point(8.0, 6.0), point(12.0, -3.0), point(15.0, 1.0)];
        let wires = [bent];
        let boxes = [
            area(0.0, 0.0, 3.0, 2.0),
            area(20.0, 0.0, 4.0, 2.0),
            area(14.0, 0.0, 2.0, 2.0),
        ];
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![]);
        assert!(r.fallbacks.is_empty());
        let along = |p: GridPoint| {
            r.routes[0]
                .windows(2)
                .position(|w| crate::pages::circuit::geometry::distance_to_path(p, w) < 1e-4)
        };
        let (first, second) = (along(point(8.0, 6.0)), along(point(12.0, -3.0)));
        assert!(first.is_some() && second.is_some(), "{:?}", r.routes[0]);
        assert!(first <= second, "in order: {:?}", r.routes[0]);
        assert!(
            along(point(15.0, 1.0)).is_none(),
            "the bend in a box is ignored"
        );
    }

    /// A bend far off the level (a hostile file's `via: [(2147483647, 0)]`) neither
    /// overflows nor sends the search away: it is ignored and the wire routes as if unbent.
    #[test]
    fn a_bend_at_the_edge_of_the_integers_is_survived() {
        let mut far = wire((3.0, 1.0), (20.0, 1.0), 0);
        far.via = vec![point(2_147_483_647.0, 0.0), point(-2_147_483_648.0, 5.0)];
        let r = route(std::slice::from_ref(&far), on(&[]));
        assert_eq!(r.routes[0].first(), Some(&far.from));
        assert_eq!(r.routes[0].last(), Some(&far.to));
        assert!(r.fallbacks.is_empty());
    }

    #[test]
    fn check_finds_what_the_eye_would() {
        let wires = [
            wire((0.0, 0.0), (10.0, 0.0), 0),
            wire((2.0, 0.0), (8.0, 0.0), 1),
        ];
        let boxes = [area(4.0, -1.0, 2.0, 2.0), area(5.0, -1.0, 2.0, 2.0)];
        let r = Routing {
            routes: wires.iter().map(|w| vec![w.from, w.to]).collect(),
            ..Routing::default()
        };
        let defects = check(&wires, on(&boxes), &r);
        assert!(defects.contains(&Defect::Overlap { a: 0, b: 1 }));
        assert!(
            defects
                .iter()
                .any(|d| matches!(d, Defect::Touching { a: 0, b: 1, .. }))
        );
        assert!(
            defects
                .iter()
                .any(|d| matches!(d, Defect::ThroughBox { wire: 0, .. }))
        );
        let bent = Routing {
            routes: vec![vec![point(0.0, 0.0), point(10.0, 1.0)], vec![]],
            ..Routing::default()
        };
        assert!(check(&wires, on(&[]), &bent).contains(&Defect::Broken { wire: 0 }));
    }

    /// Past its bounds the router falls back, and says so: a level with more than
    /// `MAX_CONNECTIONS` wires gets plain routes, still from each output to its input.
    #[test]
    fn too_large_a_level_is_routed_plainly_and_says_so() {
        let wires: Vec<Connection> = (0..=MAX_CONNECTIONS)
            .map(|k| {
                let y = f32::from(u16::try_from(k).unwrap_or(u16::MAX));
                wire((0.0, y), (10.0, y + 0.5), k)
            })
            .collect();
        let r = route(&wires, on(&[]));
        assert_eq!(r.fallbacks, (0..wires.len()).collect::<Vec<_>>());
        for (w, route) in wires.iter().zip(&r.routes) {
            assert_eq!(route, &vec![w.from, w.to], "a straight ratsnest line");
        }
        assert_eq!(route_plain(&wires), r);
        let defects = check(&wires, on(&[]), &r);
        assert_eq!(defects.len(), wires.len(), "every fallback is reported");
        assert!(defects.contains(&Defect::Fallback { wire: 0 }));
    }

    /// Nodes a hostile file put a billion cells apart: the wire between them gets a plain
    /// route at once instead of a search across the distance.
    #[test]
    fn a_wire_across_a_billion_cells_is_routed_plainly() {
        let far = wire((3.0, 1.0), (1.0e9, 1.0e9), 0);
        let r = route(std::slice::from_ref(&far), on(&[]));
        assert_eq!(r.fallbacks, [0]);
        assert_eq!(r.routes[0], [far.from, far.to]);
    }

    /// Two nets that would run side by side half a cell apart (from drivers half a cell
    /// apart to pins a cell apart) are kept a full cell apart, and the checker finds the
    /// crowded run when they are not.
    #[test]
    fn different_nets_keep_a_cell_apart() {
        let wires = [
            wire((3.0, 1.0), (20.0, 6.0), 0),
            wire((3.0, 5.5), (20.0, 7.0), 1),
        ];
        let boxes = [
            area(0.0, 0.0, 3.0, 2.0),
            area(0.0, 4.5, 3.0, 2.0),
            area(20.0, 5.0, 4.0, 3.0),
        ];
        let crowded = Routing {
            routes: vec![
                vec![
                    point(3.0, 1.0),
                    point(10.0, 1.0),
                    point(10.0, 6.0),
                    point(20.0, 6.0),
                ],
                vec![
                    point(3.0, 5.5),
                    point(12.0, 5.5),
                    point(12.0, 7.0),
                    point(20.0, 7.0),
                ],
            ],
            ..Routing::default()
        };
        let defects = check(&wires, on(&boxes), &crowded);
        assert!(
            defects
                .iter()
                .any(|d| matches!(d, Defect::Crowded { a: 0, b: 1, .. })),
            "{defects:?}"
        );
        let in_line = Routing {
            routes: vec![
                vec![
                    point(3.0, 1.0),
                    point(10.0, 1.0),
                    point(10.0, 6.0),
                    point(20.0, 6.0),
                ],
                vec![point(3.0, 5.5), point(9.0, 5.5), point(9.0, 0.5)],
            ],
            ..Routing::default()
        };
        assert!(
            check(&wires[..1], on(&boxes), &in_line).is_empty(),
            "one wire alone is clean"
        );
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![], "{r:?}");
    }

    /// Three nets into one gate's three inputs (a full adder's carry: `AB` from above into
    /// pin 0, `AC` straight into pin 1, `BC` from below into pin 2): run down and up one
    /// grid line, `AB`'s and `BC`'s wires end in line two cells apart with `AC` crossing the
    /// gap, and read as one net; the checker finds that (not with two and a half cells
    /// between them), and the router, given room, keeps them off each other's line.
    #[test]
    fn different_nets_never_end_in_line_within_two_cells() {
        let wires = [
            wire((13.0, 1.0), (20.0, 5.0), 0),
            wire((13.0, 6.0), (20.0, 6.0), 1),
            wire((13.0, 11.0), (20.0, 7.0), 2),
        ];
        let boxes = [
            area(10.0, 0.0, 3.0, 2.0),
            area(10.0, 5.0, 3.0, 2.0),
            area(10.0, 10.0, 3.0, 2.0),
            area(20.0, 4.0, 4.0, 4.0),
        ];
        let through = |column: f32, w: &Connection| {
            vec![w.from, point(column, w.from.y), point(column, w.to.y), w.to]
        };
        let one_line = Routing {
            routes: wires.iter().map(|w| through(17.0, w)).collect(),
            ..Routing::default()
        };
        let defects = check(&wires, on(&boxes), &one_line);
        assert_eq!(
            defects,
            [Defect::Crowded {
                a: 0,
                b: 2,
                at: point(17.0, 4.5)
            }],
            "AB and BC in line, two cells apart"
        );
        let mut apart = one_line;
        apart.routes[2] = vec![
            wires[2].from,
            point(17.0, 11.0),
            point(17.0, 7.5),
            point(19.0, 7.5),
            point(19.0, 7.0),
            wires[2].to,
        ];
        assert_eq!(
            check(&wires, on(&boxes), &apart),
            [],
            "two and a half cells apart"
        );
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), [], "{r:?}");
        assert!(r.fallbacks.is_empty());
    }

    /// An output pin facing another net's input pin on one row three cells away (a half
    /// adder's `B` and `AND1.0`): however each wire turns, their pin stubs stay in line, so
    /// the checker lets that be, and the router keeps the rest of both wires off the line.
    #[test]
    fn pins_facing_each_other_are_no_defect() {
        let wires = [
            wire((3.0, 1.0), (6.0, 5.0), 0),
            wire((3.0, 5.0), (6.0, 6.0), 1),
        ];
        let boxes = [
            area(0.0, 0.0, 3.0, 2.0),
            area(0.0, 4.0, 3.0, 2.0),
            area(6.0, 4.0, 4.0, 3.0),
        ];
        let r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), [], "{r:?}");
        let stubs_only = |route: &[GridPoint], x: f32| {
            route
                .iter()
                .filter(|p| (p.y - 5.0).abs() < 1e-4)
                .all(|p| (p.x - x).abs() <= 0.5)
        };
        assert!(stubs_only(&r.routes[0], 6.0), "{r:?}");
        assert!(stubs_only(&r.routes[1], 3.0), "{r:?}");
    }

    /// A label above a node is a box no wire crosses: the router goes round it, and the
    /// checker reports a wire through it.
    #[test]
    fn wires_go_round_labels() {
        let wires = [wire((3.0, 1.0), (20.0, 1.0), 0)];
        let boxes = [area(0.0, 0.0, 3.0, 2.0), area(20.0, 0.0, 4.0, 2.0)];
        let labels = [area(10.0, 0.3, 2.0, 1.4)];
        let obstacles = Obstacles {
            boxes: &boxes,
            labels: &labels,
        };
        let straight = Routing {
            routes: vec![vec![point(3.0, 1.0), point(20.0, 1.0)]],
            ..Routing::default()
        };
        assert!(matches!(
            check(&wires, obstacles, &straight)[..],
            [Defect::ThroughLabel {
                wire: 0,
                label: 0,
                ..
            }]
        ));
        let r = route(&wires, obstacles);
        assert_eq!(check(&wires, obstacles, &r), vec![], "{r:?}");
        assert!(r.routes[0].len() >= 4, "it bends round: {:?}", r.routes[0]);
    }

    /// A pin on the edge of two boxes (a gate flush against a flip-flop), a junction dot
    /// missing or drawn where nothing branches: each is a defect.
    #[test]
    fn check_finds_pins_in_boxes_and_wrong_dots() {
        let wires = [wire((16.0, 3.5), (16.0, 3.0), 0)];
        let boxes = [area(12.0, 2.0, 4.0, 3.0), area(16.0, 2.0, 4.0, 3.0)];
        let r = route(&wires, on(&boxes));
        let defects = check(&wires, on(&boxes), &r);
        assert!(
            defects
                .iter()
                .any(|d| matches!(d, Defect::PinInside { wire: 0, .. })),
            "{defects:?}"
        );
        let wires = [
            wire((3.0, 5.0), (12.0, 2.0), 0),
            wire((3.0, 5.0), (12.0, 8.0), 0),
        ];
        let boxes = [
            area(0.0, 4.0, 3.0, 2.0),
            area(12.0, 1.0, 4.0, 4.0),
            area(12.0, 7.0, 4.0, 3.0),
        ];
        let mut r = route(&wires, on(&boxes));
        assert_eq!(check(&wires, on(&boxes), &r), vec![]);
        let dot = r.junctions.pop().expect("one junction");
        assert_eq!(
            check(&wires, on(&boxes), &r),
            vec![Defect::Junction {
                at: dot.0,
                drawn: false
            }]
        );
        r.junctions.push((point(3.5, 5.0), 0));
        r.junctions.push(dot);
        assert_eq!(
            check(&wires, on(&boxes), &r),
            vec![Defect::Junction {
                at: point(3.5, 5.0),
                drawn: true
            }]
        );
    }

    /// After an edit, the nets it did not touch keep their exact routes; the touched one is
    /// routed again (here: a node moved down, so its input's wire ends elsewhere).
    #[test]
    fn an_edit_reroutes_only_the_nets_it_touched() {
        let before = [
            wire((3.0, 1.0), (20.0, 9.0), 0),
            wire((3.0, 5.0), (20.0, 3.0), 1),
            wire((3.0, 9.0), (12.0, 6.0), 2),
        ];
        let boxes = [
            area(0.0, 0.0, 3.0, 2.0),
            area(0.0, 4.0, 3.0, 2.0),
            area(0.0, 8.0, 3.0, 2.0),
            area(20.0, 2.0, 4.0, 2.0),
            area(20.0, 8.0, 4.0, 2.0),
            area(12.0, 5.0, 4.0, 2.0),
        ];
        let first = route(&before, on(&boxes));
        assert_eq!(check(&before, on(&boxes), &first), vec![]);
        // The third wire's node moves down by four cells.
        let mut after = before.clone();
        after[2].to = point(12.0, 10.0);
        let mut moved = boxes;
        moved[5] = area(12.0, 9.0, 4.0, 2.0);
        let again = reroute(&after, on(&moved), (&before, &first));
        assert_eq!(check(&after, on(&moved), &again), vec![], "{again:?}");
        assert_eq!(
            again.routes[..2],
            first.routes[..2],
            "untouched nets keep their paths"
        );
        assert_ne!(again.routes[2], first.routes[2]);
        // With nothing changed, nothing moves.
        assert_eq!(reroute(&before, on(&boxes), (&before, &first)), first);
    }

    #[test]
    fn an_empty_level_routes_to_nothing() {
        assert_eq!(
            route(&[], on(&[area(0.0, 0.0, 3.0, 2.0)])),
            Routing::default()
        );
    }

    #[test]
    fn routing_is_deterministic() {
        let wires: Vec<Connection> = (0..12_u8)
            .map(|k| {
                let y = f32::from(k);
                wire((3.0, 2.0 * y), (20.0, 23.0 - 2.0 * y), usize::from(k))
            })
            .collect();
        assert_eq!(route(&wires, on(&[])), route(&wires, on(&[])));
    }
}
