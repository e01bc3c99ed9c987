//! The table file: for random functions of up to 6 inputs and 5 outputs with don't-cares,
//! named with identifiers of every shape, printing as text or as CSV and reading back gives
//! the same function; and any text of the format's tokens reads or is refused naming a line
//! within it, never a panic.

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

/// Lines of the format's tokens (and a few strangers), joined by spaces or commas.
fn token_soup() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "A", "B", "F", "G", "B[1..0]", "B[0..0]", "2x", "|", "0", "1", "-", "x", "01", "1-0", "#",
        "\"", "~~~", "", "é", "\t",
    ]);
    let line = (prop::collection::vec(token, 0..8), any::<bool>())
        .prop_map(|(tokens, csv)| tokens.join(if csv { "," } else { " " }));
    prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_reads_or_names_a_line_within_it(text in token_soup()) {
        let lines = text.lines().count();
        match tablefile::parse(&text) {
            Ok(spec) => prop_assert!(!spec.output_names().any(str::is_empty)),
            Err(error) => {
                let message = error.to_string();
                if let Some(line) = message
                    .strip_prefix("line ")
                    .and_then(|rest| rest.split([',', ':']).next())
                {
                    let line: usize = line.parse().expect("a line number");
                    prop_assert!((1..=lines).contains(&line), "{message}\n{text}");
                } else {
                    prop_assert!(message.starts_with("no header"), "{message}\n{text}");
                }
            }
        }
    }

    #[test]
    fn printing_as_text_or_csv_reads_back(spec in spec()) {
        let text = tablefile::to_text(&spec);
        prop_assert_eq!(tablefile::parse(&text), Ok(spec.clone()), "{}", text);
        let csv = tablefile::to_csv(&spec);
        prop_assert_eq!(tablefile::parse(&csv), Ok(spec), "{}", csv);
    }
}
