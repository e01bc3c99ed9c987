//! Game-tree search (the seed's `minimax` module, and ours).
//!
//! - [`minimax`]: the seed's plain minimax (no pruning) to a fixed depth with the seed's
//!   [`material`] heuristic — the baseline.
//! - [`alphabeta`]: negamax alpha-beta with iterative deepening, a transposition table
//!   (positions keyed by their Zobrist hash, [`Board::hash`]), move ordering (the table's best
//!   move first, then killer moves, then the history heuristic) and a capture extension
//!   (quiescence: at the horizon, a side that must capture keeps capturing), with our
//!   [`evaluate`].
//!
//! Values are from the side to move's point of view; a side with no legal move has lost:
//! `−WIN + ply`, so that faster wins score higher.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tritium_plugin_api::PluginError;

use crate::board::Board;
use crate::heuristic::{evaluate, material};
use crate::moves::{Move, apply, generate, legal_moves};
use crate::notation::move_text;

/// The value of a won position (minus the plies to the win).
pub const WIN: i32 = 1_000_000;
/// The deepest search a spec may ask for.
pub const MAX_DEPTH: u32 = 64;

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The best move (`None` when there is no legal move).
    pub best: Option<Move>,
    /// Its value.
    pub value: i32,
    /// The depth completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The principal variation in PDN.
    pub pv: Vec<String>,
}

impl Found {
    /// The AI move's note: depth, nodes, nodes per second, score and principal variation.
    pub fn note(&self, name: &str) -> String {
        let nps = if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        };
        format!(
            "{name} depth {}, {} nodes, {:.0} nodes/s, score {}, pv {}",
            self.depth,
            self.nodes,
            nps,
            self.value,
            self.pv.join(" ")
        )
    }
}

/// The seed's minimax: the first best move by [`material`] at `depth` plies (≥ 1).
pub fn minimax(board: &Board, depth: u32) -> Found {
    let start = Instant::now();
    let mut nodes = 0;
    let moves = legal_moves(board);
    let mut best: Option<(Move, i32)> = None;
    for mv in &moves {
        let v = -minimax_value(&apply(board, mv), depth.saturating_sub(1), 1, &mut nodes);
        if best.as_ref().is_none_or(|(_, b)| v > *b) {
            best = Some((mv.clone(), v));
        }
    }
    let value = best.as_ref().map_or(-WIN, |(_, v)| *v);
    let best = best.map(|(m, _)| m);
    Found {
        pv: best.iter().map(move_text).collect(),
        best,
        value,
        depth,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The minimax value of `board` searched `depth` more plies (material at the leaves).
pub fn minimax_value(board: &Board, depth: u32, ply: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let moves = legal_moves(board);
    if moves.is_empty() {
        return -WIN + ply;
    }
    if depth == 0 {
        return material(board);
    }
    moves
        .iter()
        .map(|mv| -minimax_value(&apply(board, mv), depth - 1, ply + 1, nodes))
        .max()
        .unwrap_or(-WIN + ply)
}

/// How an alpha-beta search evaluates and how long it may run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration.
    pub depth: u32,
    /// Milliseconds for the whole search (iterative deepening stops when they are spent).
    pub time_ms: Option<u64>,
    /// Our [`evaluate`] (`true`) or the seed's [`material`] (`false`).
    pub full_eval: bool,
    /// Extend captures at the horizon.
    pub quiescence: bool,
}

impl AlphaBetaConfig {
    /// The strategy's configuration: our evaluation and quiescence.
    pub fn new(depth: u32, time_ms: Option<u64>) -> Self {
        Self {
            depth,
            time_ms,
            full_eval: true,
            quiescence: true,
        }
    }

    /// The same evaluation and horizon as [`minimax`] (for checking that pruning changes no
    /// value).
    pub fn like_minimax(depth: u32) -> Self {
        Self {
            depth,
            time_ms: None,
            full_eval: false,
            quiescence: false,
        }
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: i32,
    bound: Bound,
    best: u8,
}

/// Win and loss values count plies from the root; the table stores them counted from the
/// node, so that an entry is right wherever the position recurs.
fn to_table(v: i32, ply: i32) -> i32 {
    if v >= WIN - 10_000 {
        v + ply
    } else if v <= -WIN + 10_000 {
        v - ply
    } else {
        v
    }
}

fn from_table(v: i32, ply: i32) -> i32 {
    if v >= WIN - 10_000 {
        v - ply
    } else if v <= -WIN + 10_000 {
        v + ply
    } else {
        v
    }
}

struct Searcher {
    cfg: AlphaBetaConfig,
    tt: HashMap<u64, Entry>,
    killers: Vec<[Option<(u8, u8)>; 2]>,
    history: HashMap<(u8, u8), u32>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    buffers: Vec<Vec<Move>>,
}

impl Searcher {
    fn leaf(&self, board: &Board) -> i32 {
        if self.cfg.full_eval {
            evaluate(board)
        } else {
            material(board)
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(4096)
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn search(&mut self, board: &Board, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(32));
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        generate(board, &mut moves);
        let value = self.search_moves(board, depth, &mut alpha, beta, ply, &mut moves);
        self.buffers[ply] = moves;
        value
    }

    fn search_moves(
        &mut self,
        board: &Board,
        depth: u32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        moves: &mut [Move],
    ) -> i32 {
        let ply_i = i32::try_from(ply).unwrap_or(i32::MAX);
        if moves.is_empty() {
            return -WIN + ply_i;
        }
        let forced = moves[0].is_capture();
        if depth == 0 && !(self.cfg.quiescence && forced) {
            return self.leaf(board);
        }
        // At the horizon with a capture pending, only captures (all moves are) are searched,
        // without using up depth.
        let next_depth = depth.saturating_sub(1);
        let key = board.hash();
        let original_alpha = *alpha;
        let mut tt_best = None;
        if let Some(e) = self.tt.get(&key).copied() {
            tt_best = Some(usize::from(e.best));
            if e.depth == depth {
                let v = from_table(e.value, ply_i);
                match e.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= *alpha => return v,
                    _ => {}
                }
            }
        }
        // Ordering: TT move, killers, then history.
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let score = |i: usize, m: &Move| -> u64 {
            if Some(i) == tt_best {
                return u64::MAX;
            }
            let key = (m.from, m.to);
            if killers.contains(&Some(key)) {
                return u64::MAX - 1;
            }
            u64::from(self.history.get(&key).copied().unwrap_or(0))
        };
        let mut order: Vec<(u64, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (score(i, m), i))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = -WIN - 1;
        let mut best_index = order[0].1;
        for &(_, i) in &order {
            let child = apply(board, &moves[i]);
            let v = -self.search(&child, next_depth, -beta, -*alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_index = i;
            }
            if v > *alpha {
                *alpha = v;
            }
            if *alpha >= beta {
                if !moves[i].is_capture() {
                    let key = (moves[i].from, moves[i].to);
                    if self.killers.len() <= ply {
                        self.killers.resize(ply + 1, [None; 2]);
                    }
                    let k = &mut self.killers[ply];
                    if k[0] != Some(key) {
                        k[1] = k[0];
                        k[0] = Some(key);
                    }
                    *self.history.entry(key).or_default() += depth * depth;
                }
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.insert(
            key,
            Entry {
                depth,
                value: to_table(best, ply_i),
                bound,
                best: u8::try_from(best_index).unwrap_or(0),
            },
        );
        best
    }

    /// The principal variation from the table's best moves.
    fn pv(&self, board: &Board, max: u32) -> Vec<String> {
        let mut pv = Vec::new();
        let mut b = *board;
        for _ in 0..max {
            let Some(e) = self.tt.get(&b.hash()) else {
                break;
            };
            let moves = legal_moves(&b);
            let Some(mv) = moves.get(usize::from(e.best)) else {
                break;
            };
            pv.push(move_text(mv));
            b = apply(&b, mv);
        }
        pv
    }
}

/// Alpha-beta from `board` under `cfg`: iterative deepening from depth 1 to `cfg.depth`, each
/// iteration complete or discarded (when the time runs out mid-iteration, the previous one's
/// move is played).
///
/// # Errors
/// None today (the signature leaves room for cancellation).
pub fn alphabeta(board: &Board, cfg: &AlphaBetaConfig) -> Result<Found, PluginError> {
    let start = Instant::now();
    let mut s = Searcher {
        cfg: *cfg,
        tt: HashMap::new(),
        killers: Vec::new(),
        history: HashMap::new(),
        nodes: 0,
        deadline: cfg.time_ms.map(|ms| start + Duration::from_millis(ms)),
        stopped: false,
        buffers: Vec::new(),
    };
    let moves = legal_moves(board);
    let mut found = Found {
        best: moves.first().cloned(),
        value: -WIN,
        depth: 0,
        nodes: 0,
        seconds: 0.0,
        pv: Vec::new(),
    };
    if moves.is_empty() {
        return Ok(found);
    }
    for depth in 1..=cfg.depth.max(1) {
        let v = s.search(board, depth, -WIN - 1, WIN + 1, 0);
        if s.stopped {
            break;
        }
        let best = s.tt.get(&board.hash()).map_or(0, |e| usize::from(e.best));
        found.best = moves.get(best).cloned();
        found.value = v;
        found.depth = depth;
        found.pv = s.pv(board, depth);
        if v.abs() >= WIN - 1000 {
            break; // A forced win or loss found: deeper searches cannot change it.
        }
    }
    found.nodes = s.nodes;
    found.seconds = start.elapsed().as_secs_f64();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;
    use proptest::prelude::*;

    #[test]
    fn takes_the_free_piece_and_sees_the_double_jump() {
        // Red's man on 9 can take 14 then 23: both searches take it.
        let b = parse_fen("B:W14,23,32:B9,1", 8, 8).expect("valid");
        let m = minimax(&b, 2);
        assert_eq!(m.best.as_ref().map(move_text).as_deref(), Some("9x18x27"));
        let a = alphabeta(&b, &AlphaBetaConfig::new(4, None)).expect("runs");
        assert_eq!(a.best.as_ref().map(move_text).as_deref(), Some("9x18x27"));
        assert!(a.note("alphabeta").starts_with("alphabeta depth 4, "));
    }

    #[test]
    fn a_side_without_moves_has_lost() {
        let b = parse_fen("W:W:B1", 8, 8).expect("valid");
        assert_eq!(minimax(&b, 3).best, None);
        assert_eq!(
            alphabeta(&b, &AlphaBetaConfig::new(3, None))
                .expect("runs")
                .value,
            -WIN
        );
    }

    /// A position reached by `plies` pseudo-random legal moves from the start.
    fn random_position(seed: u64, plies: u32) -> Board {
        let mut rng = game_kit::seed::SplitMix64::new(seed);
        let mut b = Board::initial(8, 8);
        for _ in 0..plies {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            b = apply(&b, &moves[rng.below(moves.len() as u32) as usize]);
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn alphabeta_gives_minimax_values_with_fewer_nodes(seed in any::<u64>(), plies in 0u32..40, depth in 1u32..=6) {
            let b = random_position(seed, plies);
            let m = minimax(&b, depth);
            let a = alphabeta(&b, &AlphaBetaConfig::like_minimax(depth)).expect("runs");
            prop_assert_eq!(a.value, m.value, "{}", crate::notation::fen(&b));
            prop_assert!(a.nodes <= m.nodes * 2 + 10);
        }
    }
}
