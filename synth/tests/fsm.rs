//! State machines (`synth::fsm`): the table's format and its errors by line and column, the
//! semantic checks, state assignment, and the logic a machine minimises to.

use synth::Value::{DontCare as X, One as I, Zero as O};
use synth::fsm::{Assignment, FsmError, Kind, Machine, Step, SynthesisError, Unspecified};
use synth::{Options, minimise_spec};

const DETECTOR: &str = include_str!("../../circuits/synth/sequence_101.fsm");
const TRAFFIC: &str = include_str!("../../circuits/synth/traffic_light.fsm");
const VENDING: &str = include_str!("../../circuits/synth/vending_machine.fsm");

fn parse(text: &str) -> Machine {
    Machine::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str) -> FsmError {
    Machine::parse(text).expect_err("the table is refused")
}

/// The index of state `name`.
fn state(machine: &Machine, name: &str) -> usize {
    machine
        .states()
        .iter()
        .position(|s| s.name == name)
        .unwrap_or_else(|| panic!("no state {name}"))
}

#[test]
fn the_detector_reads_as_written() {
    let m = parse(DETECTOR);
    assert_eq!(m.kind(), Kind::Mealy);
    assert_eq!(m.inputs(), ["X"]);
    assert_eq!(m.outputs(), ["Z"]);
    let names: Vec<&str> = m.states().iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["IDLE", "GOT1", "GOT10"]);
    assert_eq!(m.initial(), 0);
    assert_eq!(m.transitions().len(), 6);
    assert_eq!(m.unspecified(), Unspecified::Stay);
    let got10 = state(&m, "GOT10");
    assert_eq!(
        m.step(got10, 1),
        Step {
            next: Some(state(&m, "GOT1")),
            outputs: vec![I]
        }
    );
    assert_eq!(
        m.step(got10, 0),
        Step {
            next: Some(0),
            outputs: vec![O]
        }
    );
}

#[test]
fn moore_outputs_belong_to_states_and_csv_rows_read_as_rows() {
    let traffic = parse(TRAFFIC);
    assert_eq!(traffic.kind(), Kind::Moore);
    let yellow = state(&traffic, "MAIN_YELLOW");
    assert_eq!(traffic.states()[yellow].outputs, [O, I, O, O, O, I]);
    for car in 0..2 {
        let step = traffic.step(yellow, car);
        assert_eq!(step.next, Some(state(&traffic, "SIDE_GREEN")));
        assert_eq!(step.outputs, [O, I, O, O, O, I]);
    }

    let vending = parse(VENDING);
    assert_eq!(vending.inputs(), ["N", "D"]);
    assert_eq!(vending.unspecified(), Unspecified::DontCare);
    assert_eq!(vending.states().len(), 4);
    let cents0 = state(&vending, "CENTS0");
    assert_eq!(
        vending.step(cents0, 0b01).next,
        Some(state(&vending, "CENTS10"))
    );
    // Both coins at once: no row, so don't care.
    assert_eq!(
        vending.step(cents0, 0b11),
        Step {
            next: None,
            outputs: vec![O]
        }
    );
}

#[test]
fn unspecified_combinations_stay_or_do_not_care() {
    let table = "machine mealy\ninputs A B\noutputs Y\nS 1- -> T 1\nT -- -> S -\n";
    let stay = parse(table);
    assert_eq!(
        stay.step(0, 0b01),
        Step {
            next: Some(0),
            outputs: vec![O]
        }
    );
    assert_eq!(
        stay.step(1, 0b01).outputs,
        [X],
        "a `-` output is don't care"
    );
    let free = parse(&format!("unspecified dont-care\n{table}"));
    assert_eq!(
        free.step(0, 0b01),
        Step {
            next: None,
            outputs: vec![X]
        }
    );
}

#[test]
fn values_may_be_split_the_arrow_left_out_and_rows_may_overlap_when_they_agree() {
    let m = parse(
        "MACHINE Mealy   # keywords in any case
         Inputs A B C
         outputs Y Z
         S0 1 0 - S1 1 0     # values split, no arrow
         S0 1-- -> S1 1-     # overlaps the row above and agrees where both care
         S0 0-- -> S0 00
         S1 --- -> S0 01
        ",
    );
    assert_eq!(m.inputs(), ["A", "B", "C"]);
    assert_eq!(
        m.step(0, 0b100),
        Step {
            next: Some(1),
            outputs: vec![I, O]
        }
    );
    assert_eq!(
        m.step(0, 0b110),
        Step {
            next: Some(1),
            outputs: vec![I, X]
        }
    );
    assert_eq!(m.step(1, 0b011).outputs, [O, I]);
}

#[test]
fn syntax_errors_name_line_and_column() {
    let cases: [(&str, FsmError); 6] = [
        (
            "machine moore\ninputs A\noutputs Y\nS0 = 1\nS0 1 -> S0 ?\n",
            FsmError::BadCharacter {
                line: 5,
                column: 12,
                character: '?',
            },
        ),
        (
            "machine mearly\n",
            FsmError::Expected {
                line: 1,
                column: 9,
                expected: "`moore` or `mealy`",
                found: "`mearly`".into(),
            },
        ),
        (
            "machine mealy\ninputs A B\noutputs Y\nS 10 -> 1\n",
            FsmError::Expected {
                line: 4,
                column: 9,
                expected: "the next state's name",
                found: "`1`".into(),
            },
        ),
        (
            "machine mealy\ninputs A B\noutputs Y\nS 1 -> S 1\n",
            FsmError::WrongCount {
                line: 4,
                column: 3,
                what: "input",
                expected: 2,
                found: 1,
            },
        ),
        (
            "machine mealy\ninputs A\noutputs Y\nS 1 -> \n",
            FsmError::Expected {
                line: 4,
                column: 8,
                expected: "the next state's name",
                found: "the end of the line".into(),
            },
        ),
        (
            "machine moore\ninputs A\nS 1 -> S 1\n",
            FsmError::OutputsOnMooreRow {
                line: 3,
                column: 10,
                state: "S".into(),
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(error(text), want, "{text}");
    }
}

#[test]
fn header_errors_name_their_lines() {
    let cases: [(&str, FsmError); 6] = [
        (
            "machine moore\nmachine mealy\n",
            FsmError::RepeatedHeader {
                line: 2,
                keyword: "machine",
                first: 1,
            },
        ),
        (
            "machine moore\nS = \nS -> S\ninputs A\n",
            FsmError::HeaderAfterRows {
                line: 4,
                keyword: "inputs",
                first_row: 2,
            },
        ),
        ("S -> S\n", FsmError::NoMachineKind { line: 1 }),
        (
            "machine mealy\ninputs A B A\n",
            FsmError::DuplicateName {
                line: 2,
                column: 12,
                name: "A".into(),
            },
        ),
        (
            "machine mealy\ninputs A\noutputs B A\n",
            FsmError::DuplicateName {
                line: 3,
                column: 11,
                name: "A".into(),
            },
        ),
        (
            "machine mealy\nunspecified maybe\n",
            FsmError::Expected {
                line: 2,
                column: 13,
                expected: "`stay` or `dont-care`",
                found: "`maybe`".into(),
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(error(text), want, "{text}");
    }
    let seventeen: Vec<String> = (0..17).map(|k| format!("I{k}")).collect();
    assert_eq!(
        error(&format!("machine moore\ninputs {}\n", seventeen.join(" "))),
        FsmError::TooManyInputs { line: 2, count: 17 }
    );
}

#[test]
fn semantic_errors_name_the_state_and_its_line() {
    let mealy = "machine mealy\ninputs A\noutputs Y\n";
    let moore = "machine moore\ninputs A\noutputs Y\n";
    let cases: Vec<(String, FsmError)> = vec![
        ("# nothing\n".into(), FsmError::NoStates),
        (
            format!("{mealy}S 0 -> S 0\nS 1 -> T 0\n"),
            FsmError::UndefinedState {
                line: 5,
                column: 8,
                name: "T".into(),
            },
        ),
        (
            format!("{mealy}initial T\nS - -> S 0\n"),
            FsmError::UndefinedState {
                line: 4,
                column: 9,
                name: "T".into(),
            },
        ),
        (
            format!("{moore}S = 0\nT = 1\nS - -> T\n"),
            FsmError::NoTransitions {
                line: 5,
                state: "T".into(),
            },
        ),
        (
            format!("{moore}S = 0\nS - -> T\nT - -> S\n"),
            FsmError::MissingOutputs {
                line: 6,
                state: "T".into(),
            },
        ),
        (
            format!("{moore}S = 0\nS = 1\n"),
            FsmError::RepeatedOutputs {
                line: 5,
                state: "S".into(),
                first: 4,
            },
        ),
        (
            format!("{mealy}S = 1\n"),
            FsmError::OutputsLineInMealy {
                line: 4,
                state: "S".into(),
            },
        ),
        (
            format!("{mealy}S - -> S 0\nS 1 -> T 0\nT - -> S 0\n"),
            FsmError::Conflict {
                line: 5,
                first: 4,
                state: "S".into(),
                inputs: "1".into(),
                next: "T".into(),
                other_next: "S".into(),
            },
        ),
        (
            format!("{mealy}S - -> S 0\nS 1 -> S 1\n"),
            FsmError::Conflict {
                line: 5,
                first: 4,
                state: "S".into(),
                inputs: "1".into(),
                next: "S".into(),
                other_next: "S".into(),
            },
        ),
        (
            format!("{mealy}S - -> S 0\nT - -> S 0\n"),
            FsmError::Unreachable {
                line: 5,
                state: "T".into(),
                initial: "S".into(),
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(error(&text), want, "{text}");
    }
    let message = error(&format!("{mealy}S - -> S 0\nS 1 -> S 1\n")).to_string();
    assert_eq!(
        message,
        "line 5: state `S` with inputs 1 goes to `S` here but to `S` on line 4 with other outputs"
    );
}

/// A Moore counter of `states` states with no inputs, each state going to the next.
fn ring(states: usize) -> Machine {
    let rows: Vec<String> = (0..states)
        .map(|k| format!("S{k} = {}\nS{k} -> S{}", k % 2, (k + 1) % states))
        .collect();
    parse(&format!("machine moore\noutputs Y\n{}", rows.join("\n")))
}

#[test]
fn assignments_give_distinct_codes_gray_steps_change_one_bit_one_hot_one_bit_each() {
    let machine = ring(5);
    let binary = machine.encode(Assignment::Binary).expect("encodes");
    assert_eq!(
        (binary.bits, binary.codes.clone()),
        (3, vec![0, 1, 2, 3, 4])
    );
    let gray = machine.encode(Assignment::Gray).expect("encodes");
    assert_eq!((gray.bits, gray.codes.clone()), (3, vec![0, 1, 3, 2, 6]));
    for pair in gray.codes.windows(2) {
        assert_eq!((pair[0] ^ pair[1]).count_ones(), 1, "{pair:?}");
    }
    let one_hot = machine.encode(Assignment::OneHot).expect("encodes");
    assert_eq!(one_hot.bits, 5);
    assert!(one_hot.codes.iter().all(|c| c.is_power_of_two()));
    for encoding in [&binary, &gray, &one_hot] {
        for (k, &code) in encoding.codes.iter().enumerate() {
            assert_eq!(encoding.state_of(code), Some(k));
        }
    }
    assert_eq!(ring(1).encode(Assignment::Binary).expect("encodes").bits, 1);
    assert_eq!(ring(2).encode(Assignment::Gray).expect("encodes").bits, 1);
}

#[test]
fn an_assignment_too_wide_for_a_table_is_an_error() {
    assert!(matches!(
        ring(17).encode(Assignment::OneHot),
        Err(SynthesisError::TooWide {
            state_bits: 17,
            inputs: 0
        })
    ));
    assert!(ring(17).encode(Assignment::Binary).is_ok());
}

/// The machines of `circuits/synth/`, by file name.
fn textbook() -> [(&'static str, Machine); 3] {
    [
        ("sequence_101", parse(DETECTOR)),
        ("traffic_light", parse(TRAFFIC)),
        ("vending_machine", parse(VENDING)),
    ]
}

/// The minimised logic of every textbook machine under every assignment gives, on every
/// state's code and every input combination, the table's next state's code and outputs
/// wherever the table cares.
#[test]
fn the_minimised_logic_agrees_with_the_table() {
    for (name, machine) in textbook() {
        for assignment in Assignment::ALL {
            let encoding = machine.encode(assignment).expect("encodes");
            let logic = machine.logic(&encoding).expect("its logic");
            let n = machine.inputs().len();
            assert_eq!(logic.spec.inputs().len(), encoding.bits + n);
            let cover = minimise_spec(&logic.spec, Options::default()).expect("minimises");
            for (s, &code) in encoding.codes.iter().enumerate() {
                for inputs in 0..1u32 << n {
                    let row = code << n | inputs;
                    let step = machine.step(s, inputs);
                    let next: u32 = (0..encoding.bits)
                        .map(|k| u32::from(cover.eval(encoding.bits - 1 - k, row)) << k)
                        .sum();
                    if let Some(want) = step.next {
                        assert_eq!(next, encoding.codes[want], "{name} {assignment:?}");
                    }
                    for (k, value) in step.outputs.iter().enumerate() {
                        let got = cover.eval(encoding.bits + k, row);
                        if *value != X {
                            assert_eq!(got, *value == I, "{name} {assignment:?} output {k}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn generated_names_avoid_the_machines_own() {
    let m = parse("machine mealy\ninputs q0 d0_\noutputs d0\nS -- -> S 1\n");
    let logic = m
        .logic(&m.encode(Assignment::Binary).expect("encodes"))
        .expect("logic");
    assert_eq!(logic.state, ["q0_"]);
    assert_eq!(logic.next, ["d0__"]);
    assert_eq!(logic.spec.inputs(), ["q0_", "q0", "d0_"]);
    let outputs: Vec<&str> = logic.spec.output_names().collect();
    assert_eq!(outputs, ["d0__", "d0"]);
}

#[test]
fn the_diagram_places_states_by_distance_and_merges_rows_into_labelled_arcs() {
    use synth::fsm::{ArcShape, DiagramArc, SPACING};

    let diagram = parse(DETECTOR).diagram();
    let placed: Vec<(&str, usize, [f32; 2], bool)> = diagram
        .states
        .iter()
        .map(|s| (s.name.as_str(), s.layer, s.position, s.initial))
        .collect();
    assert_eq!(
        placed,
        [
            ("IDLE", 0, [0.0, 0.0], true),
            ("GOT1", 1, [SPACING, 0.0], false),
            ("GOT10", 2, [2.0 * SPACING, 0.0], false),
        ]
    );
    let arc = |from, to, label: &str, shape| DiagramArc {
        from,
        to,
        label: label.into(),
        shape,
    };
    assert_eq!(
        diagram.arcs,
        [
            arc(0, 0, "0/0", ArcShape::SelfLoop),
            arc(0, 1, "1/0", ArcShape::Straight),
            arc(1, 2, "0/0", ArcShape::Bent),
            arc(1, 1, "1/0", ArcShape::SelfLoop),
            arc(2, 0, "0/0", ArcShape::Straight),
            arc(2, 1, "1/1", ArcShape::Bent),
        ]
    );

    let vending = parse(VENDING).diagram();
    assert_eq!(vending.states[3].outputs, "1");
    let layers: Vec<usize> = vending.states.iter().map(|s| s.layer).collect();
    assert_eq!(layers, [0, 1, 1, 2]);
    let rows: Vec<f32> = vending.states.iter().map(|s| s.position[1]).collect();
    assert_eq!(rows, [0.0, -SPACING / 2.0, SPACING / 2.0, 0.0]);
    let merged = vending.arcs.iter().find(|a| (a.from, a.to) == (2, 3));
    assert_eq!(merged.map(|a| a.label.as_str()), Some("10, 01"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Any text made of the format's tokens and some that are not parses or is refused with
    /// an error naming a line within the text, never a panic; a machine it makes steps,
    /// encodes and lays out its diagram.
    #[test]
    fn any_table_text_parses_or_is_refused_without_a_panic(
        lines in proptest::collection::vec(
            proptest::collection::vec(
                proptest::sample::select(vec![
                    "machine", "moore", "mealy", "inputs", "outputs", "initial", "unspecified",
                    "stay", "dont-care", "A", "B", "S", "T", "U", "0", "1", "-", "10", "-1",
                    "->", "=", ",", "#", "?", "",
                ]),
                0..7,
            ),
            0..10,
        )
    ) {
        let text: String = lines.iter().map(|tokens| tokens.join(" ") + "\n").collect();
        check_parse(&text, lines.len())?;
    }

    /// Tables of well-formed rows over states `S`, `T`, `U` (of either kind, with or without
    /// an input) parse or are refused for a semantic reason, never a panic.
    #[test]
    fn well_formed_rows_make_machines_or_semantic_errors(
        header in proptest::sample::select(vec![
            "machine mealy\ninputs A\noutputs Y",
            "machine moore\ninputs A\noutputs Y\nS = 1\nT = 0\nU = -",
            "machine mealy\noutputs Y\nunspecified dont-care",
        ]),
        rows in proptest::collection::vec(
            (0..3usize, 0..3usize, 0..3usize, 0..3usize),
            1..8,
        ),
    ) {
        let names = ["S", "T", "U"];
        let values = ["0", "1", "-"];
        let with_input = header.contains("inputs");
        let mealy = header.starts_with("machine mealy");
        let body: Vec<String> = rows
            .iter()
            .map(|&(from, input, to, output)| {
                let input = if with_input { values[input] } else { "" };
                let output = if mealy { values[output] } else { "" };
                format!("{} {input} -> {} {output}", names[from], names[to])
            })
            .collect();
        let text = format!("{header}\n{}\n", body.join("\n"));
        check_parse(&text, text.lines().count())?;
    }
}

/// [`Machine::parse`] on `text` (of `lines` lines) returns a machine that steps, encodes and
/// lays out, or an error whose line (if it names one) is within the text.
fn check_parse(text: &str, lines: usize) -> Result<(), proptest::test_runner::TestCaseError> {
    {
        match Machine::parse(text) {
            Ok(machine) => {
                let n = machine.inputs().len();
                for state in 0..machine.states().len() {
                    for inputs in 0..1u32 << n {
                        let step = machine.step(state, inputs);
                        proptest::prop_assert_eq!(step.outputs.len(), machine.outputs().len());
                    }
                }
                let diagram = machine.diagram();
                proptest::prop_assert_eq!(diagram.states.len(), machine.states().len());
                for assignment in Assignment::ALL {
                    let encoding = machine.encode(assignment).expect("a few states encode");
                    machine.logic(&encoding).expect("its logic");
                }
            }
            Err(error) => {
                let message = error.to_string();
                if let Some(line) = message.strip_prefix("line ") {
                    let number: usize = line
                        .split(|c: char| !c.is_ascii_digit())
                        .next()
                        .and_then(|d| d.parse().ok())
                        .expect("a line number");
                    proptest::prop_assert!((1..=lines).contains(&number), "{}", message);
                }
            }
        }
    }
    Ok(())
}
