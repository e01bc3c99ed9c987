//! The ISCAS `.bench` netlist format (ISCAS-85 combinational and ISCAS-89 sequential):
//!
//! ```text
//! # comment
//! INPUT(G1)
//! OUTPUT(G17)
//! G10 = NAND(G1, G3)      # AND NAND OR NOR XOR XNOR NOT BUFF/BUF, any number of inputs
//! G5 = DFF(G10)           # ISCAS-89: a D flip-flop on one implicit global clock
//! ```
//!
//! Every net becomes a node labelled with the net name: an `INPUT` a switch, a gate its gate,
//! a `DFF` a [`NodeKind::Dff`](crate::NodeKind::Dff) clocked by one added clock node labelled [`CLOCK_LABEL`]. Every
//! `OUTPUT(x)` adds a probe labelled `OUTPUT(x)` (parentheses cannot occur in net names, so the
//! labels never clash) driven by net `x`. Nets may be used before they are defined. A
//! one-input AND/OR/XOR is a buffer and a one-input NAND/NOR/XNOR an inverter.
//!
//! Nodes come in file order of their definitions; the probes follow in `OUTPUT` order, so
//! [`Circuit::inputs`] and [`Circuit::terminals`] list the primary inputs and outputs in
//! declaration order.

mod error;
mod nets;
mod ops;
mod parse;
mod scan;
mod write;

pub use error::{BenchError, BenchWriteError};
pub use ops::CLOCK_LABEL;
pub use write::to_string;

use crate::circuit::Circuit;
use parse::parse;
use scan::PARALLEL_BYTES;

/// Parses a `.bench` netlist into a checked circuit (nodes without positions).
///
/// Linear in the size of the text. First the lines are split and every net name hashed
/// (borrowed from the text), in parallel on texts of a few hundred kilobytes or more: the text
/// is cut at line boundaries into one part per available core ([`std::thread::scope`]).
/// Then, in line order, each net is numbered at its first appearance (definition or use) and
/// the circuit is built from the numbers without hashing a name again.
///
/// # Errors
/// The first [`BenchError`] in line order (undefined nets are reported after the whole file is
/// read, at their first use by a definition, else by an `OUTPUT`).
pub fn from_str(text: &str) -> Result<Circuit, BenchError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let count = if text.len() < PARALLEL_BYTES {
        1
    } else {
        cores.min(8)
    };
    parse(text, count)
}

#[cfg(test)]
mod tests {
    use super::scan::{Line, general_line, scan_line};
    use super::*;
    use crate::desc::Node;
    use crate::kind::NodeKind;
    use crate::{Engine, Trit};

    const C17: &str = "# c17\nINPUT(N1)\nINPUT(N2)\nINPUT(N3)\nINPUT(N6)\nINPUT(N7)\n\
        OUTPUT(N22)\nOUTPUT(N23)\n\
        N10 = NAND(N1, N3)\nN11 = NAND(N3, N6)\nN16 = NAND(N2, N11)\n\
        N19 = NAND(N11, N7)\nN22 = NAND(N10, N16)\nN23 = NAND(N16, N19)\n";

    #[test]
    fn c17_imports_and_simulates() {
        let c = from_str(C17).expect("valid");
        let inputs: Vec<&str> = c.inputs().map(|id| c[id].label.as_str()).collect();
        let outputs: Vec<&str> = c.terminals().map(|id| c[id].label.as_str()).collect();
        assert_eq!(inputs, ["N1", "N2", "N3", "N6", "N7"]);
        assert_eq!(outputs, ["OUTPUT(N22)", "OUTPUT(N23)"]);
        let mut engine = Engine::from_circuit(&c);
        let ids: Vec<_> = c.inputs().collect();
        // N1..N7 = 1 0 1 0 1: N10 = 0, N11 = 1, N16 = 1, N19 = 0, N22 = 1, N23 = 1.
        let bits = [Trit::True, Trit::False, Trit::True, Trit::False, Trit::True];
        engine.set(ids.into_iter().zip(bits)).expect("switches");
        engine.settle();
        let outs: Vec<Trit> = c.terminals().map(|id| engine.value(id)).collect();
        assert_eq!(outs, [Trit::True, Trit::True]);
    }

    #[test]
    fn nets_may_be_used_before_they_are_defined_and_dffs_get_a_clock() {
        let c = from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(n)\nn = NOT(q)\n").expect("valid");
        let ff = c.find("q").expect("q");
        assert_eq!(c[ff].kind, NodeKind::Dff);
        assert_eq!(c.drivers(ff), [c.find("n"), c.find(CLOCK_LABEL)]);
    }

    #[test]
    fn writing_and_reading_back_gives_the_same_netlist() {
        // Inputs after gates, as the fuzzer found: the node order survives too.
        let text = "INPUT(a)\nOUTPUT(q)\nOUTPUT(n)\n\
            n = NAND(a, b, q)\nINPUT(b)\nq = DFF(x)\nx = BUFF(n)\n";
        let c = from_str(text).expect("valid");
        let written = to_string(&c).expect("expressible");
        let again = from_str(&written).expect("what we write, we read");
        assert_eq!(again.to_desc(), c.to_desc());
        assert!(
            written.contains("n = NAND(a, b, q)") && written.contains("q = DFF(x)"),
            "{written}"
        );
        let mut c = c;
        c.add_node(Node::new("K", NodeKind::Constant(Trit::True)))
            .expect("node");
        assert!(matches!(
            to_string(&c),
            Err(BenchWriteError::Unsupported { .. })
        ));
    }

    #[test]
    fn a_flip_flop_with_enable_or_set_and_reset_is_refused_by_name() {
        for (kind, name) in [(NodeKind::Dffe, "DFFE"), (NodeKind::Dffsr, "DFFSR")] {
            let mut c = from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
            let ff = c.add_node(Node::new("R", kind)).expect("node");
            let a = c.find("a").expect("a");
            for input in 0..kind.input_count() {
                c.connect(a, ff, u8::try_from(input).expect("few pins"))
                    .expect("wire");
            }
            let e = to_string(&c).expect_err("no DFFE or DFFSR in .bench");
            assert_eq!(
                e,
                BenchWriteError::Unsupported {
                    label: "R".to_owned(),
                    kind
                }
            );
            assert_eq!(
                e.to_string(),
                format!("node `R`: a {name} has no .bench equivalent")
            );
        }
    }

    #[test]
    fn a_flip_flop_with_a_power_on_value_is_refused_by_name() {
        let mut c = from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        let ff = c
            .add_node(Node {
                init: Some(Trit::False),
                ..Node::new("R", NodeKind::Dff)
            })
            .expect("node");
        let a = c.find("a").expect("a");
        for input in 0..2 {
            c.connect(a, ff, input).expect("wire");
        }
        let e = to_string(&c).expect_err("no power-on value in .bench");
        assert_eq!(
            e,
            BenchWriteError::PowerOnValue {
                label: "R".to_owned()
            }
        );
        assert!(e.to_string().contains("`R`"), "{e}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The one-pass scanner reads every line it takes as the general parser does, and
        /// takes every well-formed ASCII line the generator below writes.
        #[test]
        fn the_line_scanner_agrees_with_the_general_parser(
            raw in "[ \t]{0,2}([a-cA-C1_]{0,3}[ \t]{0,2}[=(),#]?[ \t]{0,2}){0,6}",
            net in "[a-zA-Z_][a-zA-Z0-9_.]{0,6}",
            op in "(AND|nand|Or|NOT|buff|XNOR|DFF)",
            args in proptest::collection::vec("[a-zA-Z0-9_]{1,5}", 1..5),
            space in "[ \t]{0,2}",
            (at, with) in (0usize..40, "[ =(),#a\t]"),
        ) {
            let well_formed = [
                format!("{space}{net}{space}={space}{op}({}){space}", args.join(&format!(",{space}"))),
                format!("INPUT({space}{net}{space}) # comment"),
                format!("{space}output({net})"),
            ];
            // A well-formed line with one character replaced.
            let mut mutated = well_formed[at % 3].clone().into_bytes();
            let at = at % mutated.len();
            mutated[at] = with.as_bytes()[0];
            let mutated = String::from_utf8(mutated).unwrap_or_default();
            for line in well_formed.iter().chain([&raw, &mutated]) {
                let (mut fast, mut general) = (Vec::new(), Vec::new());
                let scanned = scan_line(line, &mut fast);
                let read = general_line(line, 1, &mut general);
                match (&scanned, &read) {
                    // Declining is always safe (the general parser reads the line).
                    (Some(Line::Blank), Ok(Line::Blank)) | (None, _) => {}
                    (Some(Line::Input(a)), Ok(Line::Input(b)))
                    | (Some(Line::Output(a)), Ok(Line::Output(b))) => proptest::prop_assert_eq!(a, b),
                    (Some(Line::Gate { net: a, op: x }), Ok(Line::Gate { net: b, op: y })) => {
                        proptest::prop_assert_eq!((a, x), (b, y));
                        proptest::prop_assert_eq!(&fast, &general);
                    }
                    _ => proptest::prop_assert!(false, "{line:?}: they disagree"),
                }
            }
            proptest::prop_assert!(well_formed.iter().all(|l| scan_line(l, &mut Vec::new()).is_some()));
        }
    }

    /// Cut into parts scanned in parallel, a netlist reads the same, and its first error is
    /// the same, wherever the cuts fall.
    #[test]
    fn any_number_of_parts_reads_the_same() {
        let dag = crate::generate::random_dag(crate::generate::DagShape::new(8, 400), 3);
        let text = to_string(&dag).expect("writable");
        let one = to_string(&parse(&text, 1).expect("valid")).expect("writable");
        let lines = text.lines().count();
        for count in [2, 3, 7, 64, lines + 5] {
            let parsed = parse(&text, count).expect("valid");
            assert_eq!(to_string(&parsed).expect("writable"), one, "{count} parts");
        }
        // An error late in the text, a malformed line, and a redefinition before it.
        let malformed = format!("{text}what\n");
        let redefined = format!("{text}G3 = NOT(I0)\nwhat\n");
        for (bad, line) in [(&malformed, lines + 1), (&redefined, lines + 1)] {
            let first = parse(bad, 1).expect_err("invalid").to_string();
            assert!(first.starts_with(&format!("line {line}:")), "{first}");
            for count in [2, 3, 7, 64, lines + 5] {
                let err = parse(bad, count).expect_err("invalid").to_string();
                assert_eq!(err, first, "{count} parts");
            }
        }
    }

    #[test]
    fn errors_name_the_line() {
        for (text, message) in [
            (
                "INPUT(a)\nb = AND(a, c)\n",
                "line 2: net `c` is used but never defined",
            ),
            (
                "INPUT(a)\nOUTPUT(z)\n",
                "line 2: net `z` is used but never defined",
            ),
            (
                "INPUT(a)\nINPUT(b)\na = NOT(b)\n",
                "line 3: net `a` is defined twice (first on line 1)",
            ),
            ("INPUT(a)\nb = MUX(a, a)\n", "line 2: unknown gate `MUX`"),
            (
                "INPUT(a)\nb = NOT(a, a)\n",
                "line 2: NOT takes 1 input, found 2",
            ),
            (
                "INPUT(a)\nb = AND(a a)\n",
                "line 2: malformed line `b = AND(a a)`",
            ),
            ("INPUT(a)\n\nwhat\n", "line 3: malformed line `what`"),
            (
                "INPUT(a)\nOUTPUT(a)\nOUTPUT(a)\n",
                "line 3: duplicate label `OUTPUT(a)`",
            ),
        ] {
            let err = from_str(text).expect_err(text).to_string();
            assert!(
                err.starts_with(message),
                "{err:?} does not start with {message:?}"
            );
        }
    }
}
