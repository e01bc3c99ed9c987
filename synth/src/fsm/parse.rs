//! The state-transition table's text (and CSV) form: a lexer per line, the header and row
//! grammar, and the checks that turn rows into a [`Machine`]. The format is described in
//! [the module's documentation](super).

use std::collections::VecDeque;

use super::error::FsmError;
use super::{Kind, Machine, State, Transition, Unspecified};
use crate::minimise::Implicant;
use crate::table::{MAX_INPUTS, Value};

/// One token of a line: its text and the column (from 1, in characters) where it starts.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    column: usize,
}

impl Token<'_> {
    /// Whether the token is a name: a letter or `_`, then letters, digits and `_`.
    fn is_name(self) -> bool {
        let mut chars = self.text.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && chars.all(|c| c.is_alphanumeric() || c == '_')
    }

    /// Whether the token is a run of values: `0`, `1` and `-` only.
    fn is_values(self) -> bool {
        self.text.chars().all(|c| matches!(c, '0' | '1' | '-'))
    }
}

/// The tokens of `text` (line `line`), up to a `#` comment: separated by white space, `,`
/// or `;` (so CSV rows read as rows), with `->` and `=` tokens of their own.
fn tokens(text: &str, line: usize) -> Result<Vec<Token<'_>>, FsmError> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // byte offset and column of the open word
    let mut chars = text.char_indices().zip(1..).peekable();
    while let Some(((at, c), column)) = chars.next() {
        let arrow = c == '-' && chars.peek().is_some_and(|&((_, next), _)| next == '>');
        let word = c.is_alphanumeric() || c == '_' || (c == '-' && !arrow);
        if word {
            start.get_or_insert((at, column));
            continue;
        }
        if let Some((from, column)) = start.take() {
            out.push(Token {
                text: &text[from..at],
                column,
            });
        }
        match c {
            '#' => return Ok(out),
            '=' => out.push(Token { text: "=", column }),
            '-' => {
                chars.next();
                out.push(Token { text: "->", column });
            }
            c if c.is_whitespace() || c == ',' || c == ';' => {}
            character => {
                return Err(FsmError::BadCharacter {
                    line,
                    column,
                    character,
                });
            }
        }
    }
    if let Some((from, column)) = start {
        out.push(Token {
            text: &text[from..],
            column,
        });
    }
    Ok(out)
}

/// The tokens of one line still to read, and where the line ends (for errors at its end).
struct Line<'a> {
    number: usize,
    tokens: VecDeque<Token<'a>>,
    end: usize,
}

impl<'a> Line<'a> {
    /// The [`FsmError::Expected`] for `expected` at the next token.
    fn expected(&self, expected: &'static str) -> FsmError {
        let (column, found) = match self.tokens.front() {
            Some(token) => (token.column, format!("`{}`", token.text)),
            None => (self.end, "the end of the line".to_owned()),
        };
        FsmError::Expected {
            line: self.number,
            column,
            expected,
            found,
        }
    }

    /// The next token if it is a name, else [`FsmError::Expected`].
    fn name(&mut self, expected: &'static str) -> Result<Token<'a>, FsmError> {
        match self.tokens.front() {
            Some(&token) if token.is_name() => {
                self.tokens.pop_front();
                Ok(token)
            }
            _ => Err(self.expected(expected)),
        }
    }

    /// The next token if it is `text`.
    fn eat(&mut self, text: &str) -> bool {
        let found = self.tokens.front().is_some_and(|t| t.text == text);
        if found {
            self.tokens.pop_front();
        }
        found
    }

    /// The values of the tokens up to the next that is not a run of values, with the column
    /// of the first (or of where they were expected).
    fn values(&mut self) -> (Vec<Value>, usize) {
        let column = self.tokens.front().map_or(self.end, |t| t.column);
        let mut values = Vec::new();
        while let Some(&token) = self.tokens.front().filter(|t| t.is_values()) {
            self.tokens.pop_front();
            values.extend(token.text.chars().map(|c| match c {
                '0' => Value::Zero,
                '1' => Value::One,
                _ => Value::DontCare,
            }));
        }
        (values, column)
    }

    /// [`FsmError::Expected`] the end of the line unless every token was read.
    fn end(&self) -> Result<(), FsmError> {
        if self.tokens.is_empty() {
            Ok(())
        } else {
            Err(self.expected("the end of the line"))
        }
    }
}

/// A name as written: its text, line and column.
#[derive(Clone, Debug)]
struct Named {
    name: String,
    line: usize,
    column: usize,
}

impl Named {
    fn new(token: Token<'_>, line: usize) -> Self {
        Self {
            name: token.text.to_owned(),
            line,
            column: token.column,
        }
    }
}

/// A transition row before its states are resolved.
struct Row {
    from: Named,
    inputs: Implicant,
    to: Named,
    outputs: Vec<Value>,
}

/// A Moore state's outputs line before its state is resolved.
struct OutputsLine {
    state: Named,
    outputs: Vec<Value>,
}

/// What the lines read so far say.
#[derive(Default)]
struct Reader {
    kind: Option<(Kind, usize)>,
    inputs: Option<(Vec<String>, usize)>,
    outputs: Option<(Vec<String>, usize)>,
    initial: Option<(Named, usize)>,
    unspecified: Option<(Unspecified, usize)>,
    first_row: Option<usize>,
    rows: Vec<Row>,
    outputs_lines: Vec<OutputsLine>,
}

impl Reader {
    /// Reads one line.
    fn line(&mut self, line: Line<'_>) -> Result<(), FsmError> {
        let Some(&first) = line.tokens.front() else {
            return Ok(());
        };
        match first.text.to_ascii_lowercase().as_str() {
            "machine" => self.machine(line),
            "inputs" => self.names(line, Names::Inputs),
            "outputs" => self.names(line, Names::Outputs),
            "initial" => self.initial(line),
            "unspecified" => self.unspecified(line),
            _ => self.row(line),
        }
    }

    /// `keyword` on `line`: an error if given before, or (for the keywords rows are read
    /// with) after the first row.
    fn header(
        &self,
        line: usize,
        keyword: &'static str,
        given: Option<usize>,
        before_rows: bool,
    ) -> Result<(), FsmError> {
        if let Some(first) = given {
            return Err(FsmError::RepeatedHeader {
                line,
                keyword,
                first,
            });
        }
        match self.first_row {
            Some(first_row) if before_rows => Err(FsmError::HeaderAfterRows {
                line,
                keyword,
                first_row,
            }),
            _ => Ok(()),
        }
    }

    fn machine(&mut self, mut line: Line<'_>) -> Result<(), FsmError> {
        line.tokens.pop_front();
        self.header(line.number, "machine", self.kind.map(|k| k.1), true)?;
        let kind = match line.tokens.front().map(|t| t.text.to_ascii_lowercase()) {
            Some(text) if text == "moore" => Kind::Moore,
            Some(text) if text == "mealy" => Kind::Mealy,
            _ => return Err(line.expected("`moore` or `mealy`")),
        };
        line.tokens.pop_front();
        line.end()?;
        self.kind = Some((kind, line.number));
        Ok(())
    }

    fn names(&mut self, mut line: Line<'_>, which: Names) -> Result<(), FsmError> {
        line.tokens.pop_front();
        let (given, others) = match which {
            Names::Inputs => (&self.inputs, &self.outputs),
            Names::Outputs => (&self.outputs, &self.inputs),
        };
        self.header(
            line.number,
            which.keyword(),
            given.as_ref().map(|g| g.1),
            true,
        )?;
        let others = others.as_ref().map_or(&[][..], |o| &o.0[..]);
        let mut names: Vec<String> = Vec::new();
        while !line.tokens.is_empty() {
            let token = line.name("a name")?;
            if names.iter().chain(others).any(|n| n == token.text) {
                return Err(FsmError::DuplicateName {
                    line: line.number,
                    column: token.column,
                    name: token.text.to_owned(),
                });
            }
            names.push(token.text.to_owned());
        }
        if matches!(which, Names::Inputs) && names.len() > MAX_INPUTS {
            return Err(FsmError::TooManyInputs {
                line: line.number,
                count: names.len(),
            });
        }
        let slot = match which {
            Names::Inputs => &mut self.inputs,
            Names::Outputs => &mut self.outputs,
        };
        *slot = Some((names, line.number));
        Ok(())
    }

    fn initial(&mut self, mut line: Line<'_>) -> Result<(), FsmError> {
        line.tokens.pop_front();
        self.header(
            line.number,
            "initial",
            self.initial.as_ref().map(|i| i.1),
            false,
        )?;
        let state = line.name("the initial state's name")?;
        line.end()?;
        self.initial = Some((Named::new(state, line.number), line.number));
        Ok(())
    }

    fn unspecified(&mut self, mut line: Line<'_>) -> Result<(), FsmError> {
        line.tokens.pop_front();
        self.header(
            line.number,
            "unspecified",
            self.unspecified.map(|u| u.1),
            false,
        )?;
        let rule = match line.tokens.front().map(|t| t.text.to_ascii_lowercase()) {
            Some(text) if text == "stay" => Unspecified::Stay,
            Some(text) if text == "dont-care" => Unspecified::DontCare,
            _ => return Err(line.expected("`stay` or `dont-care`")),
        };
        line.tokens.pop_front();
        line.end()?;
        self.unspecified = Some((rule, line.number));
        Ok(())
    }

    /// A row, `STATE INPUTS [->] NEXT [OUTPUTS]`, or a Moore state's outputs,
    /// `STATE = OUTPUTS`.
    fn row(&mut self, mut line: Line<'_>) -> Result<(), FsmError> {
        let Some((kind, _)) = self.kind else {
            return Err(FsmError::NoMachineKind { line: line.number });
        };
        self.first_row.get_or_insert(line.number);
        let from = Named::new(
            line.name("a state's name or a header keyword")?,
            line.number,
        );
        if line.eat("=") {
            if kind == Kind::Mealy {
                return Err(FsmError::OutputsLineInMealy {
                    line: line.number,
                    state: from.name,
                });
            }
            let outputs = self.counted(&mut line, Names::Outputs)?;
            line.end()?;
            if let Some(first) = self
                .outputs_lines
                .iter()
                .find(|o| o.state.name == from.name)
            {
                return Err(FsmError::RepeatedOutputs {
                    line: line.number,
                    state: from.name,
                    first: first.state.line,
                });
            }
            self.outputs_lines.push(OutputsLine {
                state: from,
                outputs,
            });
            return Ok(());
        }
        let inputs = cube(&self.counted(&mut line, Names::Inputs)?);
        line.eat("->");
        let to = Named::new(line.name("the next state's name")?, line.number);
        let outputs = match kind {
            Kind::Mealy => self.counted(&mut line, Names::Outputs)?,
            Kind::Moore => match line.values() {
                (values, _) if values.is_empty() => values,
                (_, column) => {
                    return Err(FsmError::OutputsOnMooreRow {
                        line: line.number,
                        column,
                        state: from.name,
                    });
                }
            },
        };
        line.end()?;
        self.rows.push(Row {
            from,
            inputs,
            to,
            outputs,
        });
        Ok(())
    }

    /// The next values on `line`, as many as the header names `which`.
    fn counted(&self, line: &mut Line<'_>, which: Names) -> Result<Vec<Value>, FsmError> {
        let expected = match which {
            Names::Inputs => &self.inputs,
            Names::Outputs => &self.outputs,
        }
        .as_ref()
        .map_or(0, |names| names.0.len());
        let (values, column) = line.values();
        if values.len() == expected {
            Ok(values)
        } else {
            Err(FsmError::WrongCount {
                line: line.number,
                column,
                what: which.value_name(),
                expected,
                found: values.len(),
            })
        }
    }

    /// The machine the lines describe, checked.
    fn finish(self) -> Result<Machine, FsmError> {
        // Without a `machine` line there is no row (each needs one first), so no state.
        let Some((kind, _)) = self.kind else {
            return Err(FsmError::NoStates);
        };
        let states = self.states(kind)?;
        let index = |named: &Named| {
            states
                .iter()
                .position(|s| s.name == named.name)
                .ok_or_else(|| FsmError::UndefinedState {
                    line: named.line,
                    column: named.column,
                    name: named.name.clone(),
                })
        };
        let transitions = self
            .rows
            .iter()
            .map(|row| {
                Ok(Transition {
                    from: index(&row.from)?,
                    inputs: row.inputs,
                    to: index(&row.to)?,
                    outputs: row.outputs.clone(),
                    line: row.from.line,
                })
            })
            .collect::<Result<Vec<_>, FsmError>>()?;
        let initial = match &self.initial {
            Some((named, _)) => index(named)?,
            None => 0,
        };
        let machine = Machine {
            kind,
            inputs: self.inputs.map(|i| i.0).unwrap_or_default(),
            outputs: self.outputs.map(|o| o.0).unwrap_or_default(),
            states,
            initial,
            unspecified: self.unspecified.map_or(Unspecified::Stay, |u| u.0),
            transitions,
        };
        super::check::check(&machine)?;
        Ok(machine)
    }

    /// The states, in the order the table first names them on the left, with their Moore
    /// outputs.
    fn states(&self, kind: Kind) -> Result<Vec<State>, FsmError> {
        let mut named: Vec<&Named> = self
            .rows
            .iter()
            .map(|row| &row.from)
            .chain(self.outputs_lines.iter().map(|o| &o.state))
            .collect();
        named.sort_by_key(|n| n.line);
        let mut states: Vec<State> = Vec::new();
        for from in named {
            if !states.iter().any(|s| s.name == from.name) {
                states.push(State {
                    name: from.name.clone(),
                    outputs: Vec::new(),
                    line: from.line,
                });
            }
        }
        if states.is_empty() {
            return Err(FsmError::NoStates);
        }
        if kind == Kind::Moore {
            for state in &mut states {
                let Some(line) = self
                    .outputs_lines
                    .iter()
                    .find(|o| o.state.name == state.name)
                else {
                    return Err(FsmError::MissingOutputs {
                        line: state.line,
                        state: state.name.clone(),
                    });
                };
                state.outputs.clone_from(&line.outputs);
            }
        }
        Ok(states)
    }
}

/// The header's name lists.
#[derive(Clone, Copy)]
enum Names {
    Inputs,
    Outputs,
}

impl Names {
    fn keyword(self) -> &'static str {
        match self {
            Self::Inputs => "inputs",
            Self::Outputs => "outputs",
        }
    }

    fn value_name(self) -> &'static str {
        match self {
            Self::Inputs => "input",
            Self::Outputs => "output",
        }
    }
}

/// The cube of input `values` (input 0 the most significant bit, `-` free).
fn cube(values: &[Value]) -> Implicant {
    let n = values.len();
    values
        .iter()
        .enumerate()
        .fold(Implicant { ones: 0, care: 0 }, |cube, (i, value)| {
            let bit = 1 << (n - 1 - i);
            match value {
                Value::Zero => Implicant {
                    care: cube.care | bit,
                    ..cube
                },
                Value::One => Implicant {
                    ones: cube.ones | bit,
                    care: cube.care | bit,
                },
                Value::DontCare => cube,
            }
        })
}

/// Parses a state-transition table ([`Machine::parse`]).
pub(super) fn parse(text: &str) -> Result<Machine, FsmError> {
    let mut reader = Reader::default();
    for (number, text) in (1..).zip(text.lines()) {
        let tokens = tokens(text, number)?;
        reader.line(Line {
            number,
            tokens: tokens.into(),
            end: text.chars().count() + 1,
        })?;
    }
    reader.finish()
}
