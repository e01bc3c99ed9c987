//! Heuristic multiple-output minimisation: a greedy prime cover grown on the tables'
//! bitsets, improved by Berkeley Espresso (see the [parent module](super) for the method and
//! sources).

use std::collections::BTreeMap;

use espresso_logic::espresso::{CubeType, EspressoCover, MinimizationError};

use super::{Implicant, Limits, Term, adjacent_on_pairs};
use crate::table::{TruthTable, Value};

/// An irredundant cover of `tables` (one per output, over the same inputs) by primes, each
/// term feeding the outputs Espresso gives it; with `hazard_free`, every pair of adjacent
/// on-set rows of an output lies in one of that output's terms. Sorted.
///
/// Espresso improves the greedy cover while its cubes times its and the off-set's cubes stay
/// within [`Limits::espresso_work`]; should Espresso fail (it reports a fatal condition, or
/// its thread cannot start or panics), the greedy cover stands too.
pub(crate) fn heuristic_cover(
    tables: &[TruthTable],
    hazard_free: bool,
    limits: Limits,
) -> Vec<Term> {
    let Some(first) = tables.first() else {
        return Vec::new();
    };
    let width = first.inputs().len();
    let on = merged(tables, |table| {
        irredundant(
            greedy(width, table, |v| v == Value::One, |v| v != Value::Zero),
            width,
            table,
        )
    });
    let off = merged(tables, |table| {
        greedy(width, table, |v| v == Value::Zero, |v| v == Value::Zero)
    });
    let work = (on.len() as u64).saturating_mul((on.len() + off.len()) as u64);
    let mut terms = if width == 0 || on.is_empty() || off.is_empty() || work > limits.espresso_work
    {
        on
    } else {
        let dont_care = merged(tables, |table| {
            greedy(
                width,
                table,
                |v| v == Value::DontCare,
                |v| v == Value::DontCare,
            )
        });
        espresso_on_own_thread(width, tables.len(), &on, &dont_care, &off).unwrap_or(on)
    };
    if hazard_free {
        add_consensus_terms(&mut terms, tables);
    }
    terms.sort_unstable();
    terms
}

/// The cubes `per_output` finds for each table, a cube found for several outputs made one
/// term feeding them all.
fn merged(tables: &[TruthTable], per_output: impl Fn(&TruthTable) -> Vec<Implicant>) -> Vec<Term> {
    let mut terms: BTreeMap<Implicant, u64> = BTreeMap::new();
    for (k, table) in tables.iter().enumerate() {
        for cube in per_output(table) {
            *terms.entry(cube).or_default() |= 1 << k;
        }
    }
    terms
        .into_iter()
        .map(|(cube, outputs)| Term { cube, outputs })
        .collect()
}

/// A cover of the rows whose value passes `need` by cubes of rows passing `allowed`: each
/// row not yet covered grown into a prime of `allowed` ([`expand`]), in row order.
fn greedy(
    width: usize,
    table: &TruthTable,
    need: impl Fn(Value) -> bool,
    allowed: impl Fn(Value) -> bool,
) -> Vec<Implicant> {
    let allowed = |row: u32| allowed(table.value(row));
    let mut covered = vec![false; table.rows() as usize];
    let mut cubes = Vec::new();
    for row in 0..table.rows() {
        if covered[row as usize] || !need(table.value(row)) {
            continue;
        }
        let cube = expand(Implicant::minterm(row, width), width, allowed);
        for r in cube.rows(width) {
            covered[r as usize] = true;
        }
        cubes.push(cube);
    }
    cubes
}

/// `cube` grown into a prime of the rows passing `allowed`: each bit in turn, the lowest
/// (the last input) first, freed when the rows that adds all pass.
fn expand(cube: Implicant, width: usize, allowed: impl Fn(u32) -> bool) -> Implicant {
    let mut cube = cube;
    for bit in (0..width).map(|b| 1u32 << b) {
        if cube.care & bit == 0 {
            continue;
        }
        let flipped = Implicant {
            ones: cube.ones ^ bit,
            care: cube.care,
        };
        if flipped.rows(width).all(&allowed) {
            cube = Implicant {
                ones: cube.ones & !bit,
                care: cube.care & !bit,
            };
        }
    }
    cube
}

/// `cubes` without those whose on-set rows all lie in others, the smallest tried first.
fn irredundant(cubes: Vec<Implicant>, width: usize, table: &TruthTable) -> Vec<Implicant> {
    let on = |row: &u32| table.value(*row) == Value::One;
    let mut count = vec![0u32; table.rows() as usize];
    for cube in &cubes {
        for row in cube.rows(width).filter(on) {
            count[row as usize] += 1;
        }
    }
    let mut order: Vec<usize> = (0..cubes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cubes[i].literals()));
    let mut keep = vec![true; cubes.len()];
    for i in order {
        if cubes[i]
            .rows(width)
            .filter(on)
            .all(|row| count[row as usize] > 1)
        {
            keep[i] = false;
            for row in cubes[i].rows(width).filter(on) {
                count[row as usize] -= 1;
            }
        }
    }
    cubes
        .into_iter()
        .zip(keep)
        .filter_map(|(cube, kept)| kept.then_some(cube))
        .collect()
}

/// [`espresso`] on a thread of its own, `None` when it fails.
///
/// Espresso keeps its state in C thread-locals: the cube layout (one set of dimensions at a
/// time per thread, so a caller's own Espresso covers could clash with ours) and, in
/// `reduce.c`, a `static _Thread_local bool toggle` that alternates the reduce step's cube
/// order on every call and is never reset — on a reused thread the same table could minimise
/// to different covers. A fresh thread starts both afresh, so the result depends on the
/// table alone.
fn espresso_on_own_thread(
    width: usize,
    outputs: usize,
    on: &[Term],
    dont_care: &[Term],
    off: &[Term],
) -> Option<Vec<Term>> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("espresso".into())
            .spawn_scoped(scope, || espresso(width, outputs, on, dont_care, off).ok())
            .ok()?;
        worker.join().ok().flatten()
    })
}

/// Espresso's cover of the on-set `on` given the don't-cares and the off-set as cubes.
fn espresso(
    width: usize,
    outputs: usize,
    on: &[Term],
    dont_care: &[Term],
    off: &[Term],
) -> Result<Vec<Term>, MinimizationError> {
    let cover = |terms: &[Term]| {
        let encoded: Vec<(Vec<u8>, Vec<u8>)> = terms
            .iter()
            .map(|term| encode(*term, width, outputs))
            .collect();
        let slices: Vec<(&[u8], &[u8])> = encoded
            .iter()
            .map(|(inputs, outputs)| (inputs.as_slice(), outputs.as_slice()))
            .collect();
        EspressoCover::from_cubes(&slices, width, outputs)
    };
    let dont_care = if dont_care.is_empty() {
        None
    } else {
        Some(cover(dont_care)?)
    };
    let (minimised, _, _) = cover(on)?.try_minimize(dont_care, Some(cover(off)?))?;
    Ok(minimised
        .to_cubes(width, outputs, CubeType::F)
        .map(|cube| decode(cube.inputs(), cube.outputs(), width, outputs))
        .collect())
}

/// A term in Espresso's encoding: per input (first input first) 0, 1 or 2 (either), per
/// output 1 when the term feeds it.
fn encode(term: Term, width: usize, outputs: usize) -> (Vec<u8>, Vec<u8>) {
    let inputs = (0..width)
        .map(|i| {
            let bit = 1u32 << (width - 1 - i);
            match (term.cube.care & bit != 0, term.cube.ones & bit != 0) {
                (false, _) => 2,
                (true, one) => u8::from(one),
            }
        })
        .collect();
    let feeds = (0..outputs).map(|k| u8::from(term.outputs >> k & 1 == 1));
    (inputs, feeds.collect())
}

/// The term of one of Espresso's cubes.
fn decode(
    inputs: &espresso_logic::Minterm<espresso_logic::Anonymous>,
    feeds: &espresso_logic::OutputSet<espresso_logic::Anonymous>,
    width: usize,
    outputs: usize,
) -> Term {
    let mut cube = Implicant::universe();
    for i in 0..width {
        if let Some(one) = inputs.value_at(i) {
            let bit = 1u32 << (width - 1 - i);
            cube.care |= bit;
            if one {
                cube.ones |= bit;
            }
        }
    }
    let outputs = (0..outputs)
        .filter(|&k| feeds.value_at(k))
        .fold(0, |mask, k| mask | 1 << k);
    Term { cube, outputs }
}

/// Adds to `terms`, for every pair of adjacent on-set rows of an output that none of its
/// terms holds, a prime of that output grown from the pair (merged into an equal term).
fn add_consensus_terms(terms: &mut Vec<Term>, tables: &[TruthTable]) {
    for (k, table) in tables.iter().enumerate() {
        let width = table.inputs().len();
        let allowed = |row: u32| table.value(row) != Value::Zero;
        for pair in adjacent_on_pairs(table) {
            let held = terms
                .iter()
                .any(|term| term.outputs >> k & 1 == 1 && pair.within(term.cube));
            if held {
                continue;
            }
            let cube = expand(pair, width, allowed);
            match terms.iter_mut().find(|term| term.cube == cube) {
                Some(term) => term.outputs |= 1 << k,
                None => terms.push(Term {
                    cube,
                    outputs: 1 << k,
                }),
            }
        }
    }
}
