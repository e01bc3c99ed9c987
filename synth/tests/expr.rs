//! The expression parser and printer: the notations agree, errors name their column, and
//! printing then parsing keeps the function (a property test).

use proptest::prelude::*;
use synth::{Expected, Expr, ExprError, MAX_NESTING, TruthTable};

fn parse(text: &str) -> Expr {
    Expr::parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"))
}

#[test]
fn the_notations_read_the_same_tree() {
    let expected = Expr::Or(vec![
        Expr::And(vec![Expr::var("A"), Expr::var("B")]),
        !Expr::var("C"),
    ]);
    for text in [
        "A·B + ¬C",
        "A & B | !C",
        "A B + C'",
        "A*B | ~C",
        "A ∧ B ∨ ¬C",
        "(A)(B)+(¬C)",
        "  A·B+¬C  ",
    ] {
        assert_eq!(parse(text), expected, "{text:?}");
    }
}

#[test]
fn precedence_is_not_then_and_then_or() {
    assert_eq!(parse("¬A·B + C").to_string(), "¬A·B + C");
    assert_eq!(parse("¬(A·B)").to_string(), "¬(A·B)");
    assert_eq!(parse("A·(B + C)").to_string(), "A·(B + C)");
    assert_eq!(parse("¬A'"), !!Expr::var("A"));
    assert_eq!(parse("(A + B)'"), !parse("A + B"));
    assert_eq!(parse("x_1 y2 + 0 + 1"), parse("x_1·y2 + 0 + 1"));
    assert_eq!(
        parse("10"),
        Expr::And(vec![Expr::Const(true), Expr::Const(false)])
    );
}

#[test]
fn printing_round_trips() {
    for text in [
        "A·B + ¬C",
        "¬(A + B)·C + ¬¬D",
        "(A + B)·(¬A + C)",
        "(A + B) + C",
        "A·(B·C)",
        "0 + 1·Long_name3",
    ] {
        assert_eq!(parse(text).to_string(), text);
    }
}

#[test]
fn every_error_names_its_column_and_what_was_expected() {
    let unexpected = |column, expected, found: &str| ExprError::Unexpected {
        column,
        expected,
        found: found.to_owned(),
    };
    let cases = [
        ("", unexpected(1, Expected::Operand, "end of input")),
        ("A +", unexpected(4, Expected::Operand, "end of input")),
        ("A + + B", unexpected(5, Expected::Operand, "an OR")),
        ("¬", unexpected(2, Expected::Operand, "end of input")),
        ("A''·'", unexpected(5, Expected::Operand, "`'`")),
        ("ABC·(x1 + )", unexpected(11, Expected::Operand, "`)`")),
        (
            "(A",
            unexpected(3, Expected::CloseParen { open: 1 }, "end of input"),
        ),
        (
            "B·((A + C) D",
            unexpected(13, Expected::CloseParen { open: 3 }, "end of input"),
        ),
        ("A)", unexpected(2, Expected::OperatorOrEnd, "`)`")),
        (
            "A $ B",
            ExprError::UnexpectedChar {
                column: 3,
                found: '$',
            },
        ),
        (
            "¬A + ¬B · é",
            ExprError::UnexpectedChar {
                column: 11,
                found: 'é',
            },
        ),
    ];
    for (text, expected) in cases {
        let error = Expr::parse(text).expect_err(text);
        assert_eq!(error, expected, "{text:?}");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("column {}: ", error.column())),
            "{text:?}: {message}"
        );
    }
    assert_eq!(
        Expr::parse("B·((A + C) D").map_err(|e| e.to_string()),
        Err("column 13: expected `)` closing the `(` at column 3, found end of input".to_owned())
    );
}

/// Random expressions over A–D with constants, empty and one-operand ANDs and ORs.
fn expressions() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Expr::Const),
        prop::sample::select(vec!["A", "B", "C", "D"]).prop_map(Expr::var),
    ];
    leaf.prop_recursive(5, 32, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|operand| !operand),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Expr::And),
            prop::collection::vec(inner, 0..4).prop_map(Expr::Or),
        ]
    })
}

fn table(expr: &Expr) -> TruthTable {
    let inputs = ["A", "B", "C", "D"].map(str::to_owned).to_vec();
    TruthTable::from_expr_over(expr, inputs).expect("A–D cover the variables")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn printing_and_parsing_keep_the_truth_table(expr in expressions()) {
        let printed = expr.to_string();
        let reparsed = Expr::parse(&printed);
        prop_assert!(reparsed.is_ok(), "{printed:?}: {reparsed:?}");
        let reparsed = reparsed.unwrap_or(Expr::Const(false));
        prop_assert_eq!(table(&reparsed), table(&expr), "{}", printed);
        prop_assert_eq!(reparsed.to_string(), printed);
    }
}

/// Parentheses, prefix and postfix negations nested past [`MAX_NESTING`] are refused with the
/// column where the nesting goes too deep, never a stack overflow; at the limit they parse.
#[test]
fn nesting_past_the_limit_is_refused_not_overflowed() {
    let deep = 1_000_000;
    for text in [
        format!("{}A{}", "(".repeat(deep), ")".repeat(deep)),
        format!("{}A", "¬".repeat(deep)),
        format!("A{}", "'".repeat(deep)),
    ] {
        match Expr::parse(&text) {
            Err(ExprError::TooDeep { column, limit }) => {
                assert_eq!(limit, MAX_NESTING);
                assert!(
                    column > MAX_NESTING && column <= MAX_NESTING + 2,
                    "{column}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
    let at_limit = format!("{}A{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
    assert_eq!(Expr::parse(&at_limit), Ok(Expr::Var("A".into())));
    let primes = format!("A{}", "'".repeat(MAX_NESTING));
    assert_eq!(
        TruthTable::from_expr(&Expr::parse(&primes).expect("at the limit")),
        TruthTable::from_expr(&Expr::parse("A").expect("A"))
    );
}
