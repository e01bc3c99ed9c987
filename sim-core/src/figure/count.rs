//! The exact number of Euler trails: a memoized search over (vertex, edges drawn) — the
//! number of ways to finish from a vertex depends only on where the pencil is and which edges
//! are drawn.
//!
//! # What is counted
//! Trails are **edge sequences**: parallel edges are told apart, a loop counts once per
//! direction, and a circuit counts once per start and direction. (A triangle has 6; two
//! vertices joined by `m` parallel edges have `2 · m!` for even `m`.)
//!
//! # How
//! Parallel edges between the same two vertices are interchangeable, so the search does not
//! record *which* of them are drawn, only *how many* of each such class: a state is the vertex
//! and a mixed-radix number of drawn edges per class, and a step along a class with `k` of its
//! edges left counts `k` times (twice as many for a loop, one per direction). That is exactly
//! the number of edge sequences, with `∏ (mᵢ + 1)` states per vertex instead of `2^E` — 22
//! parallel edges are 46 states, not 8 million.
//!
//! Counts are `u128` with checked arithmetic; when one overflows, [`trails_counted`] counts
//! again in a [`BigUint`] (64 parallel edges: `2 · 64!`, about 2.5 × 10⁸⁹).
//!
//! # Complexity
//! O(S · d) time and O(S) memory for the S reachable states and degree d — exponential in the
//! worst case (a complete graph such as K9), which is why figures are limited to 64 edges (the
//! state is a `u64`), the memo to [`MAX_STATES`] entries, and [`trails_counted`] reports its
//! progress to a callback that may stop it ([`EulerError::Cancelled`]).

use std::collections::HashMap;

use num_bigint::BigUint;
use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::existence::{Shape, starts};
use super::{Adjacency, EulerError};

/// The most edges a figure may have for counting.
pub const MAX_EDGES: usize = 64;

/// The most memoized states before counting gives up: 2 million, about 250 MB and a second
/// of a release build (4 s of a debug one; each state costs some 120 bytes in the memo).
/// A complete graph such as K9 needs far more and is refused by this bound
/// ([`EulerError::TooManyStates`]) instead of running for minutes.
pub const MAX_STATES: usize = 2_000_000;

/// How many search steps pass between two calls of the progress callback.
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// One class of parallel edges seen from a vertex: the class, the vertex at the other end,
/// and how many ways one of its edges is taken from here (2 for a loop, one per direction).
#[derive(Clone, Copy)]
struct Step {
    class: usize,
    to: usize,
    ways: u64,
}

/// The figure as classes of parallel edges, the drawn edges as a mixed-radix `u64`.
struct Classes {
    /// Per vertex, its classes.
    steps: Vec<Vec<Step>>,
    /// Edges in each class.
    size: Vec<u64>,
    /// The place value of each class in the state.
    radix: Vec<u64>,
    /// The state with every edge drawn.
    all: u64,
    edges: usize,
}

impl Classes {
    fn of(adj: &Adjacency) -> Result<Classes, EulerError> {
        if adj.edges > MAX_EDGES {
            return Err(EulerError::TooManyEdges {
                edges: adj.edges,
                max: MAX_EDGES,
            });
        }
        // Each edge's ends, from its incidences.
        let mut ends: Vec<Option<(usize, usize)>> = vec![None; adj.edge_bound];
        for v in 0..adj.vertices() {
            for (w, e) in adj.at(v) {
                ends[e] = Some((v.min(w), v.max(w)));
            }
        }
        let mut class_of: HashMap<(usize, usize), usize> = HashMap::new();
        let mut pairs = Vec::new();
        let mut size = Vec::new();
        for pair in ends.into_iter().flatten() {
            let c = *class_of.entry(pair).or_insert_with(|| {
                pairs.push(pair);
                size.push(0);
                pairs.len() - 1
            });
            size[c] += 1;
        }
        // ∏ (mᵢ + 1) ≤ 2^E ≤ 2^64 states, so `all` = ∏ − 1 fits in a u64.
        let mut radix = Vec::with_capacity(size.len());
        let mut place: u128 = 1;
        for &m in &size {
            radix.push(u64::try_from(place).expect("a place value below 2^64"));
            place *= u128::from(m) + 1;
        }
        let all = u64::try_from(place - 1).expect("at most 64 edges");
        let mut steps = vec![Vec::new(); adj.vertices()];
        for (class, &(a, b)) in pairs.iter().enumerate() {
            if a == b {
                steps[a].push(Step {
                    class,
                    to: a,
                    ways: 2,
                });
            } else {
                steps[a].push(Step {
                    class,
                    to: b,
                    ways: 1,
                });
                steps[b].push(Step {
                    class,
                    to: a,
                    ways: 1,
                });
            }
        }
        Ok(Classes {
            steps,
            size,
            radix,
            all,
            edges: adj.edges,
        })
    }

    /// Edges of `class` not drawn yet in state `used`.
    fn left(&self, used: u64, class: usize) -> u64 {
        let drawn = (used / self.radix[class]) % (self.size[class] + 1);
        self.size[class] - drawn
    }
}

/// The arithmetic a count needs: `u128` (checked) or [`BigUint`] (never overflows).
trait Count: Clone + Sized {
    fn zero() -> Self;
    fn one() -> Self;
    fn plus(&self, other: &Self) -> Option<Self>;
    fn times(&self, k: u64) -> Option<Self>;
}

impl Count for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        self.checked_add(*other)
    }
    fn times(&self, k: u64) -> Option<Self> {
        self.checked_mul(u128::from(k))
    }
}

impl Count for BigUint {
    fn zero() -> Self {
        BigUint::ZERO
    }
    fn one() -> Self {
        BigUint::from(1u8)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn times(&self, k: u64) -> Option<Self> {
        Some(self * k)
    }
}

/// Ways to finish, by (drawn edges, vertex).
type Memo<N> = HashMap<(u64, u32), N>;

/// A state of [`finish`]'s search: at `vertex` with `used` drawn, trying step `next`; the
/// child being counted is worth `pending` times its count.
struct Frame<N> {
    vertex: usize,
    used: u64,
    next: usize,
    pending: u64,
    sum: N,
}

/// The search's progress: steps taken, and the callback that may stop it.
struct Watch<'a> {
    steps: u64,
    keep_going: &'a mut dyn FnMut(u64) -> bool,
}

impl Watch<'_> {
    fn tick(&mut self, states: usize) -> Result<(), EulerError> {
        self.steps += 1;
        if self.steps.is_multiple_of(PROGRESS_EVERY) && !(self.keep_going)(states as u64) {
            return Err(EulerError::Cancelled);
        }
        Ok(())
    }
}

/// Ways to finish from `from` with nothing drawn, iteratively with an explicit stack.
fn finish<N: Count>(
    c: &Classes,
    from: usize,
    memo: &mut Memo<N>,
    watch: &mut Watch<'_>,
) -> Result<N, EulerError> {
    let mut stack = vec![Frame {
        vertex: from,
        used: 0,
        next: 0,
        pending: 0,
        sum: N::zero(),
    }];
    let mut returned: Option<N> = None;
    loop {
        watch.tick(memo.len())?;
        let Some(top) = stack.last_mut() else {
            return Ok(returned.unwrap_or_else(N::zero));
        };
        if let Some(r) = returned.take() {
            let add = r.times(top.pending).ok_or(EulerError::Overflow)?;
            top.sum = top.sum.plus(&add).ok_or(EulerError::Overflow)?;
        }
        if top.used == c.all {
            returned = Some(N::one());
            stack.pop();
            continue;
        }
        let steps = &c.steps[top.vertex];
        let mut descend = None;
        while top.next < steps.len() {
            let step = steps[top.next];
            top.next += 1;
            let left = c.left(top.used, step.class);
            if left == 0 {
                continue;
            }
            let ways = left * step.ways;
            let used = top.used + c.radix[step.class];
            if let Some(known) = memo.get(&(used, step.to as u32)) {
                let add = known.times(ways).ok_or(EulerError::Overflow)?;
                top.sum = top.sum.plus(&add).ok_or(EulerError::Overflow)?;
                continue;
            }
            top.pending = ways;
            descend = Some((step.to, used));
            break;
        }
        if let Some((w, used)) = descend {
            stack.push(Frame {
                vertex: w,
                used,
                next: 0,
                pending: 0,
                sum: N::zero(),
            });
        } else {
            let done = stack.pop().expect("the frame just read");
            if memo.len() >= MAX_STATES {
                return Err(EulerError::TooManyStates(MAX_STATES));
            }
            memo.insert((done.used, done.vertex as u32), done.sum.clone());
            returned = Some(done.sum);
        }
    }
}

/// Counts from every allowed start in `N`; `Overflow` when `N` is too small.
fn count_all<N: Count>(
    c: &Classes,
    allowed: &[usize],
    watch: &mut Watch<'_>,
) -> Result<(Vec<N>, N), EulerError> {
    let mut memo = HashMap::new();
    let mut per = Vec::with_capacity(allowed.len());
    let mut total = N::zero();
    for &from in allowed {
        let n = finish(c, from, &mut memo, watch)?;
        total = total.plus(&n).ok_or(EulerError::Overflow)?;
        per.push(n);
    }
    Ok((per, total))
}

/// The classes of `g` and the vertices a trail may start at (none without a single stroke).
fn prepare<G>(g: G) -> Result<(Classes, Vec<usize>), EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    let classes = Classes::of(&adj)?;
    let allowed = if classes.edges == 0 {
        Vec::new()
    } else {
        starts(&adj, &Shape::of(&adj))
    };
    Ok((classes, allowed))
}

/// The number of Euler trails of `g` that start at `start` (0 from a vertex no trail starts
/// at). The barn of the seed has 44 from each of its two odd corners.
///
/// # Errors
/// [`EulerError::TooManyEdges`] beyond [`MAX_EDGES`], [`EulerError::TooManyStates`],
/// [`EulerError::Overflow`] past `u128` (see [`trails_counted`] for any size).
pub fn trails_from<G>(g: G, start: G::NodeId) -> Result<u128, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let (classes, allowed) = prepare(g)?;
    let from = NodeIndexable::to_index(&g, start);
    if !allowed.contains(&from) {
        return Ok(0);
    }
    let mut go_on = |_| true;
    let mut watch = Watch {
        steps: 0,
        keep_going: &mut go_on,
    };
    finish(&classes, from, &mut HashMap::new(), &mut watch)
}

/// Trail counts per start vertex, and their total.
pub type PerStart<N> = (Vec<(N, u128)>, u128);

/// The number of Euler trails of `g` from every start, and their total, in vertex index
/// order (one memo shared by all starts); no starts and 0 when no single stroke draws `g`.
///
/// # Errors
/// As [`trails_from`].
pub fn trails<G>(g: G) -> Result<PerStart<G::NodeId>, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let (classes, allowed) = prepare(g)?;
    let mut go_on = |_| true;
    let mut watch = Watch {
        steps: 0,
        keep_going: &mut go_on,
    };
    let (per, total) = count_all::<u128>(&classes, &allowed, &mut watch)?;
    let per = allowed
        .iter()
        .zip(per)
        .map(|(&v, n)| (NodeIndexable::from_index(&g, v), n))
        .collect();
    Ok((per, total))
}

/// Trail counts of any size per start vertex, and their total.
pub type PerStartBig<N> = (Vec<(N, BigUint)>, BigUint);

/// [`trails`] for counts of any size, reporting progress: `keep_going(states)` is called
/// every [`PROGRESS_EVERY`] search steps with the number of states memoized so far (there is
/// no known total), and stops the count by answering `false`. Counts in `u128` first and
/// again in a [`BigUint`] only when that overflows.
///
/// # Errors
/// [`EulerError::TooManyEdges`], [`EulerError::TooManyStates`], [`EulerError::Cancelled`]
/// when `keep_going` says so — never a partial count.
pub fn trails_counted<G>(
    g: G,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Result<PerStartBig<G::NodeId>, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let (classes, allowed) = prepare(g)?;
    let mut watch = Watch {
        steps: 0,
        keep_going,
    };
    let (per, total) = match count_all::<u128>(&classes, &allowed, &mut watch) {
        Ok((per, total)) => (
            per.into_iter().map(BigUint::from).collect::<Vec<_>>(),
            BigUint::from(total),
        ),
        Err(EulerError::Overflow) => count_all::<BigUint>(&classes, &allowed, &mut watch)?,
        Err(e) => return Err(e),
    };
    let per = allowed
        .iter()
        .zip(per)
        .map(|(&v, n)| (NodeIndexable::from_index(&g, v), n))
        .collect();
    Ok((per, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Figure;

    /// Every trail by plain backtracking, for small figures.
    fn brute(f: &Figure) -> u128 {
        fn go(adj: &Adjacency, v: usize, used: &mut Vec<bool>, left: usize) -> u128 {
            if left == 0 {
                return 1;
            }
            let mut n = 0;
            for (w, e) in adj.at(v).collect::<Vec<_>>() {
                if !used[e] {
                    used[e] = true;
                    n += go(adj, w, used, left - 1);
                    used[e] = false;
                }
            }
            n
        }
        let adj = Adjacency::of(f.graph());
        (0..adj.vertices())
            .filter(|&v| adj.degree(v) > 0)
            .map(|v| go(&adj, v, &mut vec![false; adj.edge_bound], adj.edges))
            .sum()
    }

    #[test]
    fn the_barn_has_44_trails_from_each_odd_corner_and_88_in_all() {
        let barn = Figure::from_edge_list("0-1,0-2,1-2,1-3,1-4,2-3,2-4,3-4").expect("barn");
        let g = barn.graph();
        let at = |l| trails_from(g, barn.find(l).expect("vertex")).expect("counts");
        assert_eq!(
            [at("0"), at("1"), at("2"), at("3"), at("4")],
            [0, 0, 0, 44, 44]
        );
        let (per, total) = trails(g).expect("counts");
        assert_eq!(total, 88);
        assert_eq!(per.len(), 2);
        assert_eq!(brute(&barn), 88);
    }

    #[test]
    fn counts_equal_backtracking_on_small_figures() {
        for edges in [
            "a-b,b-c,c-a",
            "a-b,a-b,a-b,a-b",
            "a-b,b-c,c-d,d-a,a-c,b-d,a-c",
            "A-B,A-B,A-C,A-C,A-D,B-D,C-D",
            "a-b,b-c,c-a,c-d,d-e,e-c",
            "1-2,2-3,3-1,1-4,4-5,5-1,1-6,6-7,7-1",
            // circuits/figures/octahedron.ron: 8,928 circuits.
            "n-e,e-s,s-w,w-n,t-n,t-e,t-s,t-w,b-n,b-e,b-s,b-w",
        ] {
            let f = Figure::from_edge_list(edges).expect("a figure");
            let (_, total) = trails(f.graph()).expect("counts");
            assert_eq!(total, brute(&f), "{edges}");
        }
        // A triangle: 3 starts × 2 directions.
        let t = Figure::from_edge_list("a-b,b-c,c-a").expect("triangle");
        assert_eq!(trails(t.graph()).expect("counts").1, 6);
    }

    #[test]
    fn parallel_edges_count_as_edge_sequences() {
        for edges in [
            "a-b,a-b,a-b,b-c,b-c,c-a",
            "a-b,a-b,b-c,b-c,c-d,c-d,d-a,d-a,a-c",
            "a-b,a-b,a-b,a-b,a-b,b-c,c-a,a-d,a-d,d-b",
        ] {
            let f = Figure::from_edge_list(edges).expect("a figure");
            let (_, total) = trails(f.graph()).expect("counts");
            assert_eq!(total, brute(&f), "{edges}");
        }
    }

    fn factorial(n: u32) -> BigUint {
        (1..=n).map(BigUint::from).product()
    }

    #[test]
    fn many_parallel_edges_count_at_once_past_u64_and_u128() {
        // 22 parallel A–B edges: 2 · 22! ≈ 2.2 × 10²¹ (past u64), once minutes of search.
        let edges = vec!["A-B"; 22].join(",");
        let f = Figure::from_edge_list(&edges).expect("a figure");
        let (per, total) = trails(f.graph()).expect("counts");
        assert_eq!(BigUint::from(total), factorial(22) * 2u8);
        assert_eq!(per.len(), 2);
        // 64 of them: 2 · 64! ≈ 2.5 × 10⁸⁹, past u128: the big count, with its progress.
        let edges = vec!["A-B"; 64].join(",");
        let f = Figure::from_edge_list(&edges).expect("a figure");
        assert_eq!(trails(f.graph()), Err(EulerError::Overflow));
        let (per, total) = trails_counted(f.graph(), &mut |_| true).expect("counts");
        assert_eq!(total, factorial(64) * 2u8);
        assert_eq!(per[0].1, factorial(64));
    }

    #[test]
    fn a_count_that_is_told_to_stop_stops_with_no_number() {
        // K9: 36 edges, every degree 8; far too many states to finish quickly.
        let mut items = Vec::new();
        for a in 0..9 {
            for b in a + 1..9 {
                items.push(format!("{a}-{b}"));
            }
        }
        let k9 = Figure::from_edge_list(&items.join(",")).expect("K9");
        let mut calls = 0;
        let result = trails_counted(k9.graph(), &mut |states| {
            calls += 1;
            assert!(states > 0);
            calls < 3
        });
        assert_eq!(result, Err(EulerError::Cancelled));
        assert_eq!(calls, 3);
        // No single stroke: no starts, a count of 0.
        let k = Figure::from_edge_list("A-B,A-B,A-C,A-C,A-D,B-D,C-D").expect("Königsberg");
        let (per, total) = trails_counted(k.graph(), &mut |_| true).expect("counts");
        assert!(per.is_empty());
        assert_eq!(total, BigUint::ZERO);
    }

    #[test]
    fn more_than_64_edges_is_an_error() {
        let items: Vec<String> = (0..65).map(|i| format!("v{i}-v{}", i + 1)).collect();
        let path = Figure::from_edge_list(&items.join(",")).expect("a path");
        assert_eq!(
            trails(path.graph()),
            Err(EulerError::TooManyEdges { edges: 65, max: 64 })
        );
    }
}
