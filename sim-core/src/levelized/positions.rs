//! The positions of a levelized schedule: nodes renumbered into positions sorted by key
//! (see the [module docs](super)).

/// The position layout: `(key_start, pos, own, order)` — the first position of each key, the
/// position each node is scheduled at, the position carrying each node's output, and the node
/// at each position. A node `sample_level` gives a level (a flip-flop: its own; a RAM's data
/// bit: one more than its clock's) has two positions, a sample at key `2 × that level` and its
/// own at `2 × level + 1`; other nodes one. Within a key, nodes keep the order of `nodes` (every
/// dense index once).
pub(super) fn positions(
    level: &[u32],
    sample_level: impl Fn(usize) -> Option<u32>,
    nodes: &[u32],
) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>) {
    let n = level.len();
    // Counting sort by key, stable in dense order.
    let keys = 2 * (level.iter().copied().max().unwrap_or(0) as usize + 1);
    let mut key_start = vec![0u32; keys + 1];
    let mut dffs = 0;
    for (i, &l) in level.iter().enumerate() {
        let key = 2 * l as usize + 1;
        key_start[key + 1] += 1;
        if let Some(s) = sample_level(i) {
            key_start[2 * s as usize + 1] += 1;
            dffs += 1;
        }
    }
    for k in 0..keys {
        key_start[k + 1] += key_start[k];
    }
    let mut fill = key_start.clone();
    let mut pos = vec![0u32; n];
    let mut own = vec![0u32; n];
    let mut order = vec![0u32; n + dffs];
    for &i in nodes {
        let (i, l) = (i as usize, level[i as usize]);
        let key = 2 * l as usize + 1;
        let at = fill[key];
        fill[key] += 1;
        own[i] = at;
        pos[i] = at;
        order[at as usize] = i as u32;
        if let Some(s) = sample_level(i) {
            let at = 2 * s as usize;
            let sample = fill[at];
            fill[at] += 1;
            pos[i] = sample;
            order[sample as usize] = i as u32;
        }
    }
    (key_start, pos, own, order)
}

/// Per position, the first position of the next key, from `key_start` (the first position of
/// each key, then the number of positions).
pub(super) fn key_ends(key_start: &[u32]) -> Vec<u32> {
    key_start
        .windows(2)
        .flat_map(|key| (key[0]..key[1]).map(move |_| key[1]))
        .collect()
}

/// Whether positions `a` and `b` are in different keys (`key_end` as [`key_ends`] gives it;
/// a position past it counts as apart). A sample's deciding pin driven from another key than
/// its clock's driver is final when the clock changes (see [`Sampled`](super::clocked::Sampled)).
pub(super) fn apart(key_end: &[u32], a: u32, b: u32) -> bool {
    key_end.get(a as usize) != key_end.get(b as usize)
}
