//! The exact number of Euler trails: a memoized search over (vertex, set of used edges) —
//! the number of ways to finish from a vertex depends only on where the pencil is and which
//! edges are drawn. Trails are edge sequences: parallel edges are told apart, and a circuit
//! counts once per start and direction.
//!
//! # Complexity
//! O(S · d) time and O(S) memory for the S reachable states and degree d — exponential in the
//! worst case, which is why figures are limited to 64 edges (the used set is a `u64`) and the
//! memo to [`MAX_STATES`] entries.

use std::collections::HashMap;

use petgraph::visit::{EdgeIndexable, IntoEdgeReferences, NodeIndexable};

use super::existence::{Shape, starts};
use super::{Adjacency, EulerError};

/// The most edges a figure may have for counting.
pub const MAX_EDGES: usize = 64;

/// The most memoized states before counting gives up.
pub const MAX_STATES: usize = 20_000_000;

/// The edges renumbered densely (0..E), as bits of a `u64`.
struct Dense {
    adj: Adjacency,
    /// Dense bit of each edge index.
    bit: Vec<u8>,
    all: u64,
}

fn dense<G>(g: G) -> Result<Dense, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let adj = Adjacency::of(g);
    if adj.edges > MAX_EDGES {
        return Err(EulerError::TooManyEdges {
            edges: adj.edges,
            max: MAX_EDGES,
        });
    }
    let mut bit = vec![u8::MAX; adj.edge_bound];
    let mut next = 0u8;
    for &e in &adj.edge {
        if bit[e] == u8::MAX {
            bit[e] = next;
            next += 1;
        }
    }
    let all = if adj.edges == 64 {
        u64::MAX
    } else {
        (1u64 << adj.edges) - 1
    };
    Ok(Dense { adj, bit, all })
}

/// Ways to finish, by (used edges, vertex).
type Memo = HashMap<(u64, u32), u128>;

/// A state of [`finish`]'s search: at `vertex` with `used` drawn, trying incidence `next`.
struct Frame {
    vertex: usize,
    used: u64,
    next: usize,
    sum: u128,
}

/// Ways to finish from `from` with nothing drawn, iteratively with an explicit stack.
fn finish(dense: &Dense, from: usize, memo: &mut Memo) -> Result<u128, EulerError> {
    let d = dense;
    let mut stack = vec![Frame {
        vertex: from,
        used: 0,
        next: d.adj.start[from],
        sum: 0,
    }];
    let mut returned: Option<u128> = None;
    loop {
        let Some(top) = stack.last_mut() else {
            return Ok(returned.unwrap_or(0));
        };
        if let Some(r) = returned.take() {
            top.sum = top.sum.checked_add(r).ok_or(EulerError::Overflow)?;
        }
        if top.used == d.all {
            returned = Some(1);
            stack.pop();
            continue;
        }
        let end = d.adj.start[top.vertex + 1];
        let mut descend = None;
        while top.next < end {
            let at = top.next;
            top.next += 1;
            let bit = 1u64 << d.bit[d.adj.edge[at]];
            if top.used & bit != 0 {
                continue;
            }
            let (w, used) = (d.adj.to[at], top.used | bit);
            if let Some(&known) = memo.get(&(used, w as u32)) {
                top.sum = top.sum.checked_add(known).ok_or(EulerError::Overflow)?;
                continue;
            }
            descend = Some((w, used));
            break;
        }
        if let Some((w, used)) = descend {
            stack.push(Frame {
                vertex: w,
                used,
                next: d.adj.start[w],
                sum: 0,
            });
        } else {
            let done = stack.pop().expect("the frame just read");
            if memo.len() >= MAX_STATES {
                return Err(EulerError::TooManyStates(MAX_STATES));
            }
            memo.insert((done.used, done.vertex as u32), done.sum);
            returned = Some(done.sum);
        }
    }
}

/// The number of Euler trails of `g` that start at `start` (0 from a vertex no trail starts
/// at). The barn of the seed has 44 from each of its two odd corners.
///
/// # Errors
/// [`EulerError::TooManyEdges`] beyond [`MAX_EDGES`], [`EulerError::TooManyStates`],
/// [`EulerError::Overflow`].
pub fn trails_from<G>(g: G, start: G::NodeId) -> Result<u128, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let d = dense(g)?;
    let from = NodeIndexable::to_index(&g, start);
    let shape = Shape::of(&d.adj);
    if d.adj.edges == 0 || !starts(&d.adj, &shape).contains(&from) {
        return Ok(0);
    }
    finish(&d, from, &mut HashMap::new())
}

/// Trail counts per start vertex, and their total.
pub type PerStart<N> = (Vec<(N, u128)>, u128);

/// The number of Euler trails of `g` from every start, and their total, in vertex index
/// order (one memo shared by all starts).
///
/// # Errors
/// As [`trails_from`].
pub fn trails<G>(g: G) -> Result<PerStart<G::NodeId>, EulerError>
where
    G: IntoEdgeReferences + NodeIndexable + EdgeIndexable,
{
    let d = dense(g)?;
    let shape = Shape::of(&d.adj);
    let allowed = if d.adj.edges == 0 {
        Vec::new()
    } else {
        starts(&d.adj, &shape)
    };
    let mut memo = HashMap::new();
    let mut per = Vec::new();
    let mut total = 0u128;
    for from in allowed {
        let n = finish(&d, from, &mut memo)?;
        total = total.checked_add(n).ok_or(EulerError::Overflow)?;
        per.push((NodeIndexable::from_index(&g, from), n));
    }
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
    fn more_than_64_edges_is_an_error() {
        let items: Vec<String> = (0..65).map(|i| format!("v{i}-v{}", i + 1)).collect();
        let path = Figure::from_edge_list(&items.join(",")).expect("a path");
        assert_eq!(
            trails(path.graph()),
            Err(EulerError::TooManyEdges { edges: 65, max: 64 })
        );
    }
}
