//! Boolean expressions: the syntax tree, its evaluation and its printer; the parser is in
//! [`parse`](Expr::parse).
//!
//! The printed form is `A·B + ¬C`: `+` is OR, `·` is AND, a prefix `¬` is NOT, and parentheses
//! appear only where precedence (NOT binds tighter than AND, AND tighter than OR) needs them,
//! so that printing and parsing again gives the same tree.

mod parse;

use std::fmt;

pub use parse::{Expected, ExprError, MAX_NESTING};

/// A Boolean expression over named variables.
///
/// [`And`](Expr::And) and [`Or`](Expr::Or) are n-ary: the parser flattens `A·B·C` into one
/// `And` of three operands. An empty `And` is the constant 1 and an empty `Or` the constant 0,
/// as in algebra; the parser never makes either.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// The constant 0 (`false`) or 1 (`true`).
    Const(bool),
    /// A variable, by its identifier (a letter or `_`, then letters, digits or `_`).
    Var(String),
    /// The complement of the operand.
    Not(Box<Expr>),
    /// The conjunction of the operands.
    And(Vec<Expr>),
    /// The disjunction of the operands.
    Or(Vec<Expr>),
}

impl Expr {
    /// The variable named `name`.
    pub fn var(name: impl Into<String>) -> Self {
        Self::Var(name.into())
    }

    /// The conjunction of `operands`: one operand is itself, none is an empty
    /// [`And`](Self::And) (the constant 1).
    pub fn all(operands: Vec<Self>) -> Self {
        match <[Self; 1]>::try_from(operands) {
            Ok([only]) => only,
            Err(operands) => Self::And(operands),
        }
    }

    /// The disjunction of `operands`: one operand is itself, none is an empty
    /// [`Or`](Self::Or) (the constant 0).
    pub fn any(operands: Vec<Self>) -> Self {
        match <[Self; 1]>::try_from(operands) {
            Ok([only]) => only,
            Err(operands) => Self::Or(operands),
        }
    }

    /// The value of the expression when each variable has the value `value(name)`.
    pub fn eval(&self, value: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Self::Const(constant) => *constant,
            Self::Var(name) => value(name),
            Self::Not(operand) => !operand.eval(value),
            Self::And(operands) => operands.iter().all(|operand| operand.eval(value)),
            Self::Or(operands) => operands.iter().any(|operand| operand.eval(value)),
        }
    }

    /// The variables the expression names, each once, in the order of their first appearance
    /// from the left.
    pub fn variables(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.collect_variables(&mut names);
        names
    }

    fn collect_variables(&self, names: &mut Vec<String>) {
        match self {
            Self::Const(_) => {}
            Self::Var(name) => {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
            Self::Not(operand) => operand.collect_variables(names),
            Self::And(operands) | Self::Or(operands) => {
                for operand in operands {
                    operand.collect_variables(names);
                }
            }
        }
    }

    /// How tightly the printed form binds: an operand binding less tightly than its operator
    /// is parenthesised.
    fn precedence(&self) -> u8 {
        match self {
            Self::And(operands) | Self::Or(operands) if operands.len() == 1 => {
                operands[0].precedence()
            }
            Self::Or(operands) if operands.len() > 1 => 0,
            Self::And(operands) if operands.len() > 1 => 1,
            _ => 2,
        }
    }

    /// Writes `operands` joined by `separator`, each parenthesised when it binds less tightly
    /// than `precedence`; `empty` when there are none.
    fn write_joined(
        f: &mut fmt::Formatter<'_>,
        operands: &[Self],
        separator: &str,
        precedence: u8,
        empty: &str,
    ) -> fmt::Result {
        if operands.is_empty() {
            return f.write_str(empty);
        }
        for (i, operand) in operands.iter().enumerate() {
            if i > 0 {
                f.write_str(separator)?;
            }
            operand.write_operand(f, precedence)?;
        }
        Ok(())
    }

    /// Writes the expression as the operand of an operator of `precedence`.
    fn write_operand(&self, f: &mut fmt::Formatter<'_>, precedence: u8) -> fmt::Result {
        if self.precedence() < precedence {
            write!(f, "({self})")
        } else {
            write!(f, "{self}")
        }
    }
}

/// `!expr` is the complement of `expr`.
impl std::ops::Not for Expr {
    type Output = Self;

    fn not(self) -> Self {
        Self::Not(Box::new(self))
    }
}

/// The printed form, `A·B + ¬C` (see the [module](self) documentation); it parses back to an
/// equal expression, except that a one-operand `And`/`Or` reads back as its operand and an
/// empty one as a constant.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Const(constant) => f.write_str(if *constant { "1" } else { "0" }),
            Self::Var(name) => f.write_str(name),
            Self::Not(operand) => {
                f.write_str("¬")?;
                operand.write_operand(f, 2)
            }
            Self::And(operands) | Self::Or(operands) if operands.len() == 1 => {
                write!(f, "{}", operands[0])
            }
            Self::And(operands) => Self::write_joined(f, operands, "·", 2, "1"),
            Self::Or(operands) => Self::write_joined(f, operands, " + ", 1, "0"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Expr;

    #[test]
    fn prints_with_the_fewest_parentheses() {
        let (a, b, c) = (Expr::var("A"), Expr::var("B"), Expr::var("C"));
        let sum = Expr::Or(vec![a.clone(), b.clone()]);
        let expr = Expr::Or(vec![
            Expr::And(vec![a.clone(), b.clone()]),
            !c.clone(),
            Expr::And(vec![sum.clone(), !sum, c]),
            !!a,
        ]);
        assert_eq!(expr.to_string(), "A·B + ¬C + (A + B)·¬(A + B)·C + ¬¬A");
    }

    #[test]
    fn empty_operators_print_as_constants() {
        assert_eq!(Expr::And(vec![]).to_string(), "1");
        assert_eq!(Expr::Or(vec![]).to_string(), "0");
        assert_eq!((!Expr::Or(vec![])).to_string(), "¬0");
        assert_eq!(
            Expr::And(vec![Expr::Or(vec![]), Expr::var("A")]).to_string(),
            "0·A"
        );
    }

    #[test]
    fn variables_are_listed_once_in_order_of_appearance() {
        let expr = Expr::parse("C·A + ¬C·B + A").expect("parses");
        assert_eq!(expr.variables(), ["C", "A", "B"]);
    }

    #[test]
    fn evaluates_each_operator() {
        let expr = Expr::parse("A·B + ¬C").expect("parses");
        let at = |a: bool, b: bool, c: bool| {
            expr.eval(&|name| match name {
                "A" => a,
                "B" => b,
                _ => c,
            })
        };
        assert!(at(true, true, true));
        assert!(at(false, false, false));
        assert!(!at(true, false, true));
        assert!(!at(false, true, true));
    }
}
