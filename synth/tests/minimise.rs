//! Exact minimisation against an exhaustive search: for random functions of up to 4 inputs
//! with don't-cares, both forms agree with the table on every cared-for row and have the
//! fewest terms, then the fewest literals, of any two-level expression; functions of 5 to 7
//! inputs minimise within the default limits and agree with their tables.

use proptest::prelude::*;
use synth::{Expr, Form, TruthTable, Value, minimise};

fn names(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| char::from(b'A' + i as u8).to_string())
        .collect()
}

/// The fewest (terms, literals), lexicographically, of any set of cubes covering `table`'s
/// on-set and no off-set row: a dynamic programme over the subsets of the on-set, trying
/// every cube of the input space (not just primes).
fn exhaustive_minimum(table: &TruthTable) -> (usize, u32) {
    let width = table.inputs().len() as u32;
    let on = table.on_set();
    let off = table.off_set();
    let mut cubes: Vec<(usize, u32)> = Vec::new();
    for care in 0..1u32 << width {
        for ones in (0..1u32 << width).filter(|ones| ones & !care == 0) {
            let covers = |row: u32| row & care == ones;
            if off.iter().any(|&row| covers(row)) {
                continue;
            }
            let mask = (0..on.len())
                .filter(|&i| covers(on[i]))
                .fold(0usize, |mask, i| mask | 1 << i);
            if mask != 0 {
                cubes.push((mask, care.count_ones()));
            }
        }
    }
    let full = (1usize << on.len()) - 1;
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
    best[full].expect("the on-set's rows are cubes themselves")
}

/// Checks `form`'s result on `table`: agreement on every cared-for row (through the printed
/// expression, parsed again) and the exhaustive minimum.
fn check(table: &TruthTable, form: Form) -> Result<(), TestCaseError> {
    let found = check_agreement(table, form)?;
    let target = match form {
        Form::SumOfProducts => table.clone(),
        Form::ProductOfSums => table.complement(),
    };
    prop_assert_eq!(found, exhaustive_minimum(&target), "{:?}", form);
    Ok(())
}

/// Checks that `form`'s result on `table`, printed and parsed again, agrees with the table on
/// every cared-for row; returns its (terms, literals).
fn check_agreement(table: &TruthTable, form: Form) -> Result<(usize, u32), TestCaseError> {
    let minimal = minimise(table, form);
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
    fn larger_functions_minimise_within_the_default_limits(table in tables(5..=7)) {
        check_agreement(&table, Form::SumOfProducts)?;
        check_agreement(&table, Form::ProductOfSums)?;
    }
}

#[test]
fn the_exhaustive_search_is_right_on_known_functions() {
    // Parity of 3 inputs needs all 4 minterms; A + B needs 2 one-literal terms.
    let parity =
        TruthTable::from_expr(&Expr::parse("A·¬B·¬C + ¬A·B·¬C + ¬A·¬B·C + A·B·C").expect("parses"))
            .expect("builds");
    assert_eq!(exhaustive_minimum(&parity), (4, 12));
    let or = TruthTable::from_expr(&Expr::parse("A + B").expect("parses")).expect("builds");
    assert_eq!(exhaustive_minimum(&or), (2, 2));
}
