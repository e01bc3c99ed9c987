//! Exact multiple-output minimisation: tagged Quine–McCluskey primes and a branch and bound
//! over the covering problem (see the [parent module](super) for the method and sources).

use std::collections::{HashMap, HashSet};

use super::search::minimum_cover;
use super::{Deadline, Implicant, Limits, MinimiseError, Term, adjacent_on_pairs};
use crate::table::{TruthTable, Value};

/// How many implicants a merge step takes between two looks at the clock (the steps over
/// all primes look at it each time).
const CLOCK_STRIDE: usize = 1024;

/// A minimum cover of `tables` (one per output, over the same inputs): the fewest distinct
/// terms, then the fewest literals, each term a multiple-output prime feeding the outputs
/// that need it. With `hazard_free`, every pair of adjacent on-set rows of an output lies in
/// one of that output's terms. Sorted.
pub(crate) fn exact_cover(
    tables: &[TruthTable],
    hazard_free: bool,
    limits: Limits,
) -> Result<Vec<Term>, MinimiseError> {
    let deadline = Deadline::start(limits);
    let elements = requirements(tables, hazard_free);
    let all_primes = primes(tables, limits, deadline)?;
    let covering = covering_lists(&all_primes, &elements, deadline)?;
    let primes = undominated(&all_primes, &covering, deadline)?;
    let covering = covering_lists(&primes, &elements, deadline)?;
    let literals: Vec<u32> = primes.iter().map(|prime| prime.cube.literals()).collect();
    let chosen = minimum_cover(&covering, &literals, limits.search_nodes, deadline)?;
    let mut terms = feed_outputs(&primes, &chosen, &elements, &covering);
    terms.sort_unstable();
    Ok(terms)
}

/// One covering requirement: `cube` must lie in one chosen term feeding `output`.
#[derive(Clone, Copy, Debug)]
struct Element {
    cube: Implicant,
    output: usize,
}

/// The requirements of a cover of `tables`: every on-set row of every output, in output
/// then row order; with `hazard_free`, every adjacent pair of on-set rows instead of the rows
/// that lie in a pair.
fn requirements(tables: &[TruthTable], hazard_free: bool) -> Vec<Element> {
    let mut elements = Vec::new();
    for (output, table) in tables.iter().enumerate() {
        let width = table.inputs().len();
        let pairs = if hazard_free {
            adjacent_on_pairs(table)
        } else {
            Vec::new()
        };
        let paired: HashSet<u32> = pairs.iter().flat_map(|pair| pair.rows(width)).collect();
        let rows = table
            .on_set()
            .into_iter()
            .filter(|row| !paired.contains(row));
        let cubes = rows.map(|row| Implicant::minterm(row, width)).chain(pairs);
        elements.extend(cubes.map(|cube| Element { cube, output }));
    }
    elements
}

/// Every multiple-output prime implicant of `tables` that covers an on-set row of an output
/// it implies, sorted; each [`Term::outputs`] holds those outputs.
///
/// An implicant's tag is the set of outputs whose on-set and don't-cares hold all its rows;
/// it is prime when no implicant with one more free bit has the same tag.
pub(super) fn primes(
    tables: &[TruthTable],
    limits: Limits,
    deadline: Deadline,
) -> Result<Vec<Term>, MinimiseError> {
    let too_many = MinimiseError::TooManyImplicants {
        limit: limits.implicants,
    };
    let Some(first) = tables.first() else {
        return Ok(Vec::new());
    };
    let width = first.inputs().len();
    let mut level: HashMap<Implicant, Tags> = HashMap::new();
    for row in 0..first.rows() {
        let tags = Tags::of_row(tables, row);
        if tags.implied != 0 {
            level.insert(Implicant::minterm(row, width), tags);
            if level.len() > limits.implicants {
                return Err(too_many);
            }
        }
    }
    let mut made = level.len();
    let mut primes = Vec::new();
    while !level.is_empty() {
        let budget = limits.implicants - made;
        let (next, merged) =
            merge_level(&level, width, budget, deadline)?.ok_or_else(|| too_many.clone())?;
        made += next.len();
        primes.extend(
            level
                .into_iter()
                .filter(|(term, tags)| tags.on != 0 && !merged.contains(term))
                .map(|(cube, tags)| Term {
                    cube,
                    outputs: tags.on,
                }),
        );
        level = next;
    }
    primes.sort_unstable();
    Ok(primes)
}

/// The outputs an implicant implies (all its rows in their on-set or don't-cares), and those
/// of them with an on-set row in it.
#[derive(Clone, Copy, Debug)]
struct Tags {
    implied: u64,
    on: u64,
}

impl Tags {
    fn of_row(tables: &[TruthTable], row: u32) -> Self {
        let mut tags = Self { implied: 0, on: 0 };
        for (k, table) in tables.iter().enumerate() {
            match table.value(row) {
                Value::Zero => {}
                Value::One => {
                    tags.implied |= 1 << k;
                    tags.on |= 1 << k;
                }
                Value::DontCare => tags.implied |= 1 << k,
            }
        }
        tags
    }
}

/// One tagged Quine–McCluskey step: every merge of two implicants of `level` that differ in
/// exactly one cared-for bit and imply an output in common (tagged with the outputs both
/// imply), and the implicants a merge with the same tag makes non-prime; `None` when the
/// merges pass `budget`.
fn merge_level(
    level: &HashMap<Implicant, Tags>,
    width: usize,
    budget: usize,
    deadline: Deadline,
) -> Result<Option<Level>, MinimiseError> {
    let mut next: HashMap<Implicant, Tags> = HashMap::new();
    let mut merged = HashSet::new();
    for (i, (&term, &tags)) in level.iter().enumerate() {
        if i.is_multiple_of(CLOCK_STRIDE) {
            deadline.check()?;
        }
        for bit in (0..width).map(|b| 1u32 << b) {
            if term.care & bit == 0 || term.ones & bit != 0 {
                continue;
            }
            let partner = Implicant {
                ones: term.ones | bit,
                care: term.care,
            };
            let Some(&partner_tags) = level.get(&partner) else {
                continue;
            };
            let implied = tags.implied & partner_tags.implied;
            if implied == 0 {
                continue;
            }
            let cube = Implicant {
                ones: term.ones,
                care: term.care & !bit,
            };
            let on = (tags.on | partner_tags.on) & implied;
            next.insert(cube, Tags { implied, on });
            if implied == tags.implied {
                merged.insert(term);
            }
            if implied == partner_tags.implied {
                merged.insert(partner);
            }
            if next.len() > budget {
                return Ok(None);
            }
        }
    }
    Ok(Some((next, merged)))
}

/// The next level of implicants with their tags, and the implicants of the last level that
/// are not prime.
type Level = (HashMap<Implicant, Tags>, HashSet<Implicant>);

/// For each element, the indices of the `primes` covering it.
fn covering_lists(
    primes: &[Term],
    elements: &[Element],
    deadline: Deadline,
) -> Result<Vec<Vec<usize>>, MinimiseError> {
    let mut lists = Vec::with_capacity(elements.len());
    for element in elements {
        deadline.check()?;
        lists.push(
            (0..primes.len())
                .filter(|&p| covers(primes[p], *element))
                .collect(),
        );
    }
    Ok(lists)
}

/// Whether `term` may cover `element`: it feeds the element's output and holds its rows.
fn covers(term: Term, element: Element) -> bool {
    term.outputs >> element.output & 1 == 1 && element.cube.within(term.cube)
}

/// `primes` without those another prime dominates: one covering every element it covers
/// with no more literals (a cover using the dominated prime stays a cover, no larger, with
/// the other instead). Of primes covering the same elements with as many literals, the first
/// is kept.
fn undominated(
    primes: &[Term],
    covering: &[Vec<usize>],
    deadline: Deadline,
) -> Result<Vec<Term>, MinimiseError> {
    let mut covered: Vec<Vec<usize>> = vec![Vec::new(); primes.len()];
    for (element, list) in covering.iter().enumerate() {
        for &prime in list {
            covered[prime].push(element);
        }
    }
    let literals = |p: usize| primes[p].cube.literals();
    let beats = |k: usize, j: usize| {
        let (elements_k, elements_j) = (&covered[k], &covered[j]);
        elements_j
            .iter()
            .all(|e| elements_k.binary_search(e).is_ok())
            && (literals(k) < literals(j)
                || literals(k) == literals(j) && (elements_k.len() > elements_j.len() || k < j))
    };
    let mut kept = Vec::new();
    for j in 0..primes.len() {
        deadline.check()?;
        if !covered[j].is_empty() && !(0..primes.len()).any(|k| k != j && beats(k, j)) {
            kept.push(primes[j]);
        }
    }
    Ok(kept)
}

/// The chosen primes, each feeding only the outputs that need it: per output, a prime whose
/// elements all lie in other chosen primes of that output is dropped from it (fewest
/// literals kept first), so every output's terms are irredundant. Primes feeding no output
/// are left out.
fn feed_outputs(
    primes: &[Term],
    chosen: &[usize],
    elements: &[Element],
    covering: &[Vec<usize>],
) -> Vec<Term> {
    let mut terms: Vec<Term> = chosen
        .iter()
        .map(|&p| Term {
            cube: primes[p].cube,
            outputs: 0,
        })
        .collect();
    let outputs = elements.iter().map(|e| e.output + 1).max().unwrap_or(0);
    for output in 0..outputs {
        let mine: Vec<usize> = (0..elements.len())
            .filter(|&e| elements[e].output == output)
            .collect();
        let holds = |c: usize, e: usize| covering[e].contains(&chosen[c]);
        let mut feeding: Vec<usize> = (0..chosen.len())
            .filter(|&c| mine.iter().any(|&e| holds(c, e)))
            .collect();
        let mut order = feeding.clone();
        order.sort_by_key(|&c| std::cmp::Reverse(primes[chosen[c]].cube.literals()));
        for c in order {
            let redundant = mine
                .iter()
                .filter(|&&e| holds(c, e))
                .all(|&e| feeding.iter().any(|&o| o != c && holds(o, e)));
            if redundant {
                feeding.retain(|&o| o != c);
            }
        }
        for c in feeding {
            terms[c].outputs |= 1 << output;
        }
    }
    terms.retain(|term| term.outputs != 0);
    terms
}
