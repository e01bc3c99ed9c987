//! The table file round trip: for random functions of up to 6 inputs and 5 outputs with
//! don't-cares, named with identifiers of every shape, printing as text or as CSV and
//! reading back gives the same function.

use proptest::prelude::*;
use synth::{Spec, TruthTable, Value, tablefile};

/// A random function: `inputs` and `outputs` counts, a name stem per column and one value
/// per output row.
fn spec() -> impl Strategy<Value = Spec> {
    (0usize..=6, 1usize..=5).prop_flat_map(|(inputs, outputs)| {
        let names = prop::collection::vec("[A-Za-z_][A-Za-z0-9_]{0,6}", inputs + outputs);
        let values = prop::collection::vec(
            prop_oneof![Just(Value::Zero), Just(Value::One), Just(Value::DontCare)],
            outputs << inputs,
        );
        (names, values).prop_map(move |(stems, values)| {
            // A column's index keeps the names distinct, whatever the stems.
            let names: Vec<String> = stems
                .iter()
                .enumerate()
                .map(|(k, stem)| format!("{stem}_{k}"))
                .collect();
            let (input_names, output_names) = names.split_at(inputs);
            let rows = 1usize << inputs;
            let tables = output_names.iter().enumerate().map(|(k, name)| {
                let column = (0..rows).map(|row| (row as u32, values[k * rows + row]));
                let table = TruthTable::from_rows(input_names.to_vec(), column).expect("a table");
                (name.clone(), table)
            });
            Spec::new(tables.collect()).expect("distinct names")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn printing_as_text_or_csv_reads_back(spec in spec()) {
        let text = tablefile::to_text(&spec);
        prop_assert_eq!(tablefile::parse(&text), Ok(spec.clone()), "{}", text);
        let csv = tablefile::to_csv(&spec);
        prop_assert_eq!(tablefile::parse(&csv), Ok(spec), "{}", csv);
    }
}
