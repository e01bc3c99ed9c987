//! Minimisation against an exhaustive search and against the tables:
//!
//! - exact covers of random functions with don't-cares have the fewest distinct terms, then
//!   the fewest literals, of any two-level cover: every function of up to 4 inputs, functions
//!   of 5 and 6 inputs with at most 10 on-set rows (the search runs over subsets of the
//!   requirements), several outputs sharing terms, and hazard-free covers;
//! - exact covers of 5 to 7 inputs and heuristic covers of up to 8 inputs and 4 outputs agree
//!   with their tables on every cared-for row, and hazard-free ones hold every adjacent pair;
//! - Auto mode on a table too large for the exact search falls back and says so.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use synth::{
    Cover, Exactness, Expr, Form, Limits, Mode, Options, Spec, TruthTable, Value, minimise_spec,
    minimise_within,
};

fn names(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| char::from(b'A' + i as u8).to_string())
        .collect()
}

/// The requirements of a cover of `tables` (one per output) as (output, rows): each on-set
/// row; with `hazard_free`, each pair of adjacent on-set rows instead of its rows.
fn requirements(tables: &[TruthTable], hazard_free: bool) -> Vec<(usize, Vec<u32>)> {
    let mut requirements = Vec::new();
    for (k, table) in tables.iter().enumerate() {
        let on = table.on_set();
        let width = table.inputs().len();
        let neighbours = |row: u32| (0..width).map(move |b| row ^ 1 << b);
        for &row in &on {
            let paired: Vec<u32> = neighbours(row).filter(|n| on.contains(n)).collect();
            if !hazard_free || paired.is_empty() {
                requirements.push((k, vec![row]));
            }
            if hazard_free {
                let later = paired.into_iter().filter(|&n| n > row);
                requirements.extend(later.map(|n| (k, vec![row, n])));
            }
        }
    }
    requirements
}

/// The fewest (distinct terms, literals), lexicographically, of any set of cubes meeting every
/// requirement of `tables` (a cube feeds the outputs whose off-set it misses): a dynamic
/// programme over the subsets of the requirements, trying every cube of the input space (not
/// just primes).
fn exhaustive_minimum(tables: &[TruthTable], hazard_free: bool) -> (usize, u32) {
    let width = tables[0].inputs().len() as u32;
    let requirements = requirements(tables, hazard_free);
    let mut cubes: Vec<(usize, u32)> = Vec::new();
    for care in 0..1u32 << width {
        for ones in (0..1u32 << width).filter(|ones| ones & !care == 0) {
            let covers = |row: u32| row & care == ones;
            let implies = |k: usize| tables[k].off_set().iter().all(|&row| !covers(row));
            let mask = (0..requirements.len())
                .filter(|&i| {
                    let (k, rows) = &requirements[i];
                    rows.iter().all(|&row| covers(row)) && implies(*k)
                })
                .fold(0usize, |mask, i| mask | 1 << i);
            if mask != 0 {
                cubes.push((mask, care.count_ones()));
            }
        }
    }
    let full = (1usize << requirements.len()) - 1;
    let mut best: Vec<Option<(usize, u32)>> = vec![None; full + 1];
    best[0] = Some((0, 0));
    for mask in 0..=full {
        let Some((terms, literals)) = best[mask] else {
            continue;
        };
        for &(cube, cube_literals) in &cubes {
            let next = mask | cube;
            let cost = (terms + 1, literals + cube_literals);
            if best[next].is_none_or(|known| cost < known) {
                best[next] = Some(cost);
            }
        }
    }
    best[full].expect("every requirement is a cube itself")
}

/// The default limits without the time budget: a loaded debug build must not turn a test
/// into a different answer (the implicant and branch limits still bound the search).
fn untimed() -> Limits {
    Limits {
        time: None,
        ..Limits::DEFAULT
    }
}

/// Checks `form`'s result on `table`: agreement on every cared-for row (through the printed
/// expression, parsed again) and the exhaustive minimum.
fn check(table: &TruthTable, form: Form) -> Result<(), TestCaseError> {
    let found = check_agreement(table, form)?;
    let target = match form {
        Form::SumOfProducts => table.clone(),
        Form::ProductOfSums => table.complement(),
    };
    prop_assert_eq!(found, exhaustive_minimum(&[target], false), "{:?}", form);
    Ok(())
}

/// Checks that `form`'s result on `table`, printed and parsed again, agrees with the table on
/// every cared-for row; returns its (terms, literals).
fn check_agreement(table: &TruthTable, form: Form) -> Result<(usize, u32), TestCaseError> {
    let minimal = minimise_within(table, form, untimed());
    prop_assert!(minimal.is_ok(), "{minimal:?}");
    let Ok(minimal) = minimal else {
        return Ok((0, 0));
    };
    let printed = minimal.to_expr(table.inputs()).to_string();
    let expr = Expr::parse(&printed);
    prop_assert!(expr.is_ok(), "{printed:?}: {expr:?}");
    let Ok(expr) = expr else {
        return Ok((0, 0));
    };
    let built = TruthTable::from_expr_over(&expr, table.inputs().to_vec());
    prop_assert!(built.is_ok(), "{built:?}");
    let Ok(built) = built else {
        return Ok((0, 0));
    };
    for row in 0..table.rows() {
        let wanted = table.value(row);
        prop_assert!(
            wanted == Value::DontCare || built.value(row) == wanted,
            "{form:?} {printed} is {:?} in row {row}, not {wanted:?}",
            built.value(row)
        );
    }
    Ok((minimal.terms.len(), minimal.literals()))
}

/// A random table of `inputs` inputs, each row 0, 1 or don't-care.
fn tables(inputs: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = TruthTable> {
    inputs.prop_flat_map(|inputs| {
        let value = prop_oneof![Just(Value::Zero), Just(Value::One), Just(Value::DontCare)];
        prop::collection::vec(value, 1 << inputs).prop_map(move |values| {
            let rows = (0u32..).zip(values);
            TruthTable::from_rows(names(inputs), rows).expect("a valid table")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn both_forms_are_correct_and_minimum(table in tables(0..=4)) {
        check(&table, Form::SumOfProducts)?;
        check(&table, Form::ProductOfSums)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn larger_functions_minimise_within_the_size_limits(table in tables(5..=7)) {
        check_agreement(&table, Form::SumOfProducts)?;
        check_agreement(&table, Form::ProductOfSums)?;
    }
}

/// A random function of `inputs` inputs whose on-set has at most `max_on` rows, the other
/// rows off or don't-care.
fn sparse_tables(
    inputs: std::ops::RangeInclusive<usize>,
    max_on: usize,
) -> impl Strategy<Value = TruthTable> {
    inputs.prop_flat_map(move |inputs| {
        let value = prop_oneof![
            5 => Just(Value::Zero),
            1 => Just(Value::One),
            3 => Just(Value::DontCare)
        ];
        prop::collection::vec(value, 1 << inputs).prop_map(move |mut values| {
            let ones = values.iter().enumerate().filter(|&(_, &v)| v == Value::One);
            let extra: Vec<usize> = ones.map(|(row, _)| row).skip(max_on).collect();
            for row in extra {
                values[row] = Value::Zero;
            }
            TruthTable::from_rows(names(inputs), (0u32..).zip(values)).expect("a valid table")
        })
    })
}

/// A function of `outputs` outputs over `inputs` inputs, each output from `table`.
fn specs(
    outputs: std::ops::RangeInclusive<usize>,
    inputs: std::ops::RangeInclusive<usize>,
    table: impl Fn(usize) -> BoxedStrategy<TruthTable>,
) -> impl Strategy<Value = Spec> {
    (outputs, inputs).prop_flat_map(move |(outputs, inputs)| {
        prop::collection::vec(table(inputs), outputs).prop_map(|tables| {
            let named = tables
                .into_iter()
                .enumerate()
                .map(|(k, table)| (format!("Out{k}"), table));
            Spec::new(named.collect()).expect("a valid spec")
        })
    })
}

/// The spec's tables in `form`'s terms: as they are, or complemented for a product of sums.
fn targets(spec: &Spec, form: Form) -> Vec<TruthTable> {
    let target = |table: &TruthTable| match form {
        Form::SumOfProducts => table.clone(),
        Form::ProductOfSums => table.complement(),
    };
    spec.outputs()
        .iter()
        .map(|(_, table)| target(table))
        .collect()
}

/// Checks that `cover` equals `spec` on every cared-for row and, when `hazard_free`, that
/// every adjacent pair of rows an output needs covered (on-set rows for a sum of products,
/// off-set rows for a product of sums) lies in one of its terms.
fn check_cover(cover: &Cover, spec: &Spec, hazard_free: bool) -> Result<(), TestCaseError> {
    let width = spec.inputs().len();
    for (k, target) in targets(spec, cover.form).iter().enumerate() {
        let table = &spec.outputs()[k].1;
        for row in 0..spec.rows() {
            let wanted = table.value(row);
            prop_assert!(
                wanted == Value::DontCare || cover.eval(k, row) == (wanted == Value::One),
                "output {k} row {row}: {} is not {wanted:?}",
                cover.expr(k)
            );
            for neighbour in (0..width).map(|b| row ^ 1 << b).filter(|&n| n > row) {
                let pair = [row, neighbour];
                let needed = pair.iter().all(|&r| target.value(r) == Value::One);
                let held = cover
                    .terms_of(k)
                    .any(|cube| pair.iter().all(|&r| cube.covers(r)));
                prop_assert!(
                    !hazard_free || !needed || held,
                    "output {k}: no term of {} holds rows {row} and {neighbour}",
                    cover.expr(k)
                );
            }
        }
    }
    Ok(())
}

/// Minimises `spec` in `mode`, checks the cover against the spec and returns it.
fn minimise_checked(
    spec: &Spec,
    form: Form,
    mode: Mode,
    hazard_free: bool,
) -> Result<Cover, TestCaseError> {
    let options = Options {
        form,
        limits: untimed(),
        mode,
        hazard_free,
    };
    let cover = minimise_spec(spec, options);
    prop_assert!(cover.is_ok(), "{cover:?}");
    let Ok(cover) = cover else {
        return Err(TestCaseError::fail("unreachable"));
    };
    check_cover(&cover, spec, hazard_free)?;
    Ok(cover)
}

/// Checks that `spec`'s exact cover in `form` agrees with it and is an exhaustive minimum.
fn check_exact(spec: &Spec, form: Form, hazard_free: bool) -> Result<(), TestCaseError> {
    let targets = targets(spec, form);
    prop_assume!(requirements(&targets, hazard_free).len() <= 14);
    let cover = minimise_checked(spec, form, Mode::Exact, hazard_free)?;
    prop_assert_eq!(cover.exactness, Exactness::Exact);
    prop_assert_eq!(
        (cover.terms.len(), cover.literals()),
        exhaustive_minimum(&targets, hazard_free),
        "{:?} hazard-free {}: {:?}",
        form,
        hazard_free,
        cover.terms
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn sparse_functions_of_five_and_six_inputs_minimise_to_the_minimum(
        table in sparse_tables(5..=6, 10),
        hazard_free in any::<bool>(),
    ) {
        let spec = Spec::single("Out", table).expect("a spec");
        check_exact(&spec, Form::SumOfProducts, hazard_free)?;
        // The complement's sparse off-set makes the product of sums as small.
        let dual = Spec::single("Out", spec.outputs()[0].1.complement()).expect("a spec");
        check_exact(&dual, Form::ProductOfSums, hazard_free)?;
    }

    #[test]
    fn shared_terms_make_multiple_output_covers_minimum(
        spec in specs(2..=3, 2..=4, |inputs| sparse_tables(inputs..=inputs, 4).boxed()),
        hazard_free in any::<bool>(),
    ) {
        check_exact(&spec, Form::SumOfProducts, hazard_free)?;
    }

    #[test]
    fn heuristic_covers_agree_with_their_spec(
        spec in specs(1..=4, 0..=8, |inputs| tables(inputs..=inputs).boxed()),
        hazard_free in any::<bool>(),
    ) {
        for form in [Form::SumOfProducts, Form::ProductOfSums] {
            let cover = minimise_checked(&spec, form, Mode::Heuristic, hazard_free)?;
            prop_assert_eq!(cover.exactness, Exactness::Heuristic);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hazard_free_functions_of_up_to_four_inputs_are_minimum(
        table in tables(0..=4),
    ) {
        let spec = Spec::single("Out", table).expect("a spec");
        check_exact(&spec, Form::SumOfProducts, true)?;
        check_exact(&spec, Form::ProductOfSums, true)?;
    }
}

/// A dense random function of `inputs` inputs and `outputs` outputs (each row 0, 1 or
/// don't-care alike), from a seeded generator.
fn dense_spec(inputs: usize, outputs: usize, seed: u64) -> Spec {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let tables = (0..outputs).map(|k| {
        let values: Vec<Value> = (0..1u32 << inputs)
            .map(|_| match rng.random_range(0..3) {
                0 => Value::Zero,
                1 => Value::One,
                _ => Value::DontCare,
            })
            .collect();
        let table = TruthTable::from_rows(names(inputs), (0u32..).zip(values)).expect("a table");
        (format!("Out{k}"), table)
    });
    Spec::new(tables.collect()).expect("a spec")
}

#[test]
fn the_heuristic_gives_the_same_cover_every_time() {
    // Espresso's reduce step alternates its cube order through a C thread-local that is
    // never reset; on one thread, this spec's covers alternated between 99 and 96 terms.
    let spec = dense_spec(8, 4, 0);
    let options = Options {
        mode: Mode::Heuristic,
        ..Options::default()
    };
    let first = minimise_spec(&spec, options).expect("minimises");
    for _ in 0..3 {
        assert_eq!(minimise_spec(&spec, options).expect("minimises"), first);
    }
    check_cover(&first, &spec, false).expect("agrees with its spec");
}

#[test]
fn auto_on_a_large_table_falls_back_and_says_so() {
    // A dense random function of 14 inputs: 3^14 implicants is past the default limit.
    let spec = dense_spec(14, 1, 41);
    let cover = minimise_spec(&spec, Options::default()).expect("falls back");
    assert_eq!(cover.exactness, Exactness::Heuristic);
    let reason = cover.fallback.clone().expect("a reason");
    assert_eq!(cover.describe_exactness(), format!("heuristic ({reason})"));
    assert!(
        reason.to_string().ends_with("exact minimisation"),
        "{reason}"
    );
    check_cover(&cover, &spec, false).expect("agrees with its table");
}

#[test]
fn the_exhaustive_search_is_right_on_known_functions() {
    // Parity of 3 inputs needs all 4 minterms; A + B needs 2 one-literal terms.
    let parity =
        TruthTable::from_expr(&Expr::parse("A·¬B·¬C + ¬A·B·¬C + ¬A·¬B·C + A·B·C").expect("parses"))
            .expect("builds");
    assert_eq!(
        exhaustive_minimum(std::slice::from_ref(&parity), false),
        (4, 12)
    );
    let or = TruthTable::from_expr(&Expr::parse("A + B").expect("parses")).expect("builds");
    assert_eq!(exhaustive_minimum(std::slice::from_ref(&or), false), (2, 2));
    // Hazard-free, A·B + ¬A·C needs its consensus B·C.
    let mux = TruthTable::from_expr(&Expr::parse("A B + ¬A C").expect("parses")).expect("builds");
    assert_eq!(exhaustive_minimum(std::slice::from_ref(&mux), true), (3, 6));
    // Two outputs A·B and A·B·C: sharing A·B·C costs 2 terms, 5 literals.
    let ab = TruthTable::from_expr_over(&Expr::parse("A B").expect("parses"), names(3));
    let abc = TruthTable::from_expr(&Expr::parse("A B C").expect("parses")).expect("builds");
    assert_eq!(
        exhaustive_minimum(&[ab.expect("builds"), abc], false),
        (2, 5)
    );
}
