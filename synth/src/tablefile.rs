//! The truth-table file: a [`Spec`] as text or CSV, read by [`parse`] and written by
//! [`to_text`] and [`to_csv`].
//!
//! ```text
//! # A half adder: `#` starts a comment.
//! A B | S C
//! 0 0 | 0 0
//! 0 1 | 1 0
//! 1 0 | 1 0
//! 1 1 | 0 1
//! ```
//!
//! - The first line that is not blank, a comment or a rule is the **header**: the inputs'
//!   names, `|`, the outputs' names. A name is an identifier of the expression syntax (a
//!   letter or `_`, then letters, digits or `_`), so that every printed expression parses
//!   back. `NAME[N..0]`, Logisim-evolution's multi-bit column, stands for the N+1 columns
//!   `NAMEN` … `NAME0`, the first the most significant. No name may appear twice.
//! - Every later line is a **row**: one cell per column, `|` between inputs and outputs. A
//!   cell is `0`, `1`, `-` or `x` (`X`); a multi-bit column's cell has one such character per
//!   bit. In an input cell `-` (or `x`) means *both values*: the line stands for every row
//!   that matches it. In an output cell it is a don't-care.
//! - **Rows not given are 0** in every output. A row given twice (directly or through a
//!   `-`) must give the same outputs both times; otherwise [`TableFileError::Conflict`]
//!   names both lines.
//! - **CSV**, when the header has a comma: cells are separated by commas, with spaces and `"`
//!   quotes around a cell ignored; the split is a `|` cell or, without one, the first empty
//!   cell; a multi-bit column's name is followed by N empty cells and each of its bits has its
//!   own cell in a row (as Logisim-evolution writes CSV); empty cells that end a line are
//!   ignored.
//! - Blank lines, comments and rules (only `~ = _ - |` and spaces, with a `~`, `=` or `_`:
//!   Logisim-evolution writes `~~~~` under its header) are skipped, so that its exported
//!   text tables read as they are (binary cells only, not its hexadecimal ones).
//!
//! Row numbers are as in [`crate::table`]: the inputs' bits, the first the most significant.
//! Lines and columns in errors count from 1, columns in characters.

use std::fmt;

use thiserror::Error;

use crate::spec::{Spec, SpecError};
use crate::table::{TableError, TruthTable, Value};

/// Which side of the `|` a cell is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Left of the `|`.
    Inputs,
    /// Right of the `|`.
    Outputs,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Inputs => "input",
            Self::Outputs => "output",
        })
    }
}

/// Why a table file does not read; lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    /// Nothing but blank lines, comments and rules.
    #[error("no header: a table starts with a line of input names, `|`, and output names")]
    NoHeader,
    /// A header cell that is no name.
    #[error(
        "line {line}, column {column}: `{name}` is no name (a letter or `_`, then letters, \
         digits or `_`; a multi-bit column is `NAME[N..0]` with N ≥ 1)"
    )]
    BadName {
        /// The header's line.
        line: usize,
        /// Where the cell starts.
        column: usize,
        /// The cell.
        name: String,
    },
    /// A name given twice (a multi-bit column's bits count as names).
    #[error("line {line}, column {column}: `{name}` is named twice (first at column {first})")]
    DuplicateName {
        /// The header's line.
        line: usize,
        /// Where the second one starts.
        column: usize,
        /// The name.
        name: String,
        /// Where the first one starts.
        first: usize,
    },
    /// A CSV header's multi-bit column not followed by an empty cell per further bit.
    #[error(
        "line {line}, column {column}: `{name}` spans {width} CSV columns; the {} after its \
         name must be empty",
        width - 1
    )]
    BusCells {
        /// The header's line.
        line: usize,
        /// Where the cell that is not empty starts.
        column: usize,
        /// The multi-bit column's name as written.
        name: String,
        /// Its number of bits.
        width: usize,
    },
    /// A header or row without the split between inputs and outputs.
    #[error("line {line}, column {column}: expected `|` between the inputs and the outputs")]
    MissingSplit {
        /// The line.
        line: usize,
        /// Where the split was expected (the end of the line for a text row).
        column: usize,
    },
    /// A second `|`.
    #[error("line {line}, column {column}: a second `|`")]
    SecondSplit {
        /// The line.
        line: usize,
        /// Where the second `|` is.
        column: usize,
    },
    /// The header's inputs do not make a table (too many of them).
    #[error("line {line}: {source}")]
    Table {
        /// The header's line.
        line: usize,
        /// What the table refused.
        source: TableError,
    },
    /// The header's outputs do not make a function (none, or too many).
    #[error("line {line}: {source}")]
    Spec {
        /// The header's line.
        line: usize,
        /// What the function refused.
        source: SpecError,
    },
    /// A cell that is not `0`, `1`, `-` or `x` (one per bit of its column).
    #[error(
        "line {line}, column {column}: `{found}` is no cell of `{name}`: expected {}",
        cell_shape(*width)
    )]
    BadCell {
        /// The row's line.
        line: usize,
        /// Where the cell starts.
        column: usize,
        /// The cell.
        found: String,
        /// Its column's name.
        name: String,
        /// How many characters the cell must have: its column's bits.
        width: usize,
    },
    /// A row with too few or too many cells on one side.
    #[error("line {line}, column {column}: {found} {side} cells, the header has {expected}")]
    CellCount {
        /// The row's line.
        line: usize,
        /// Where the first cell too many starts, or the end of the side with too few.
        column: usize,
        /// Which side.
        side: Side,
        /// How many the header has.
        expected: usize,
        /// How many the row has.
        found: usize,
    },
    /// A row given twice with different outputs.
    #[error(
        "line {line}: row {row} gives {output} = {}, but line {first_line} gave {}",
        symbol(*second),
        symbol(*first)
    )]
    Conflict {
        /// The later line.
        line: usize,
        /// The earlier line giving the row.
        first_line: usize,
        /// The row's input bits, the first input first.
        row: String,
        /// The output the lines disagree on.
        output: String,
        /// The earlier line's value.
        first: Value,
        /// The later line's value.
        second: Value,
    },
}

/// What a cell of `width` bits looks like, for an error message.
fn cell_shape(width: usize) -> String {
    match width {
        1 => "0, 1, - or x".to_owned(),
        _ => format!("{width} characters, each 0, 1, - or x"),
    }
}

/// A cell's character for a value: `0`, `1`, or `-` for a don't-care.
fn symbol(value: Value) -> char {
    match value {
        Value::Zero => '0',
        Value::One => '1',
        Value::DontCare => '-',
    }
}

/// Reads a table file (text or CSV, see the [module docs](self)) into the function it gives.
///
/// # Errors
///
/// A [`TableFileError`] naming the line (and column) of the first problem.
pub fn parse(text: &str) -> Result<Spec, TableFileError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or_default()))
        .filter(|(_, line)| !is_skipped(line));
    let (header_line, header_text) = lines.next().ok_or(TableFileError::NoHeader)?;
    let dialect = Dialect::of(header_text);
    let header = Header::parse(header_line, &dialect.cells(header_text), dialect)?;
    let mut rows = Rows::new(&header)?;
    for (line, text) in lines {
        let (inputs, outputs) = header.row(line, text)?;
        rows.add(line, &inputs, outputs, &header)?;
    }
    rows.into_spec(&header)
}

/// Whether a line (its comment removed) is blank or a rule.
fn is_skipped(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || "~=_-|".contains(c))
        && (line.trim().is_empty() || line.contains(['~', '=', '_']))
}

/// How a file separates its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    /// Whitespace between cells; `|` is a cell of its own wherever it stands.
    Text,
    /// Commas between cells.
    Csv,
}

/// One cell of a line: its text and the column it starts at.
#[derive(Clone, Copy, Debug)]
struct Cell<'a> {
    text: &'a str,
    column: usize,
}

impl Dialect {
    /// CSV when the header has a comma.
    fn of(header: &str) -> Self {
        if header.contains(',') {
            Self::Csv
        } else {
            Self::Text
        }
    }

    /// The cells of a line.
    fn cells(self, line: &str) -> Vec<Cell<'_>> {
        match self {
            Self::Text => text_cells(line),
            Self::Csv => csv_cells(line),
        }
    }
}

/// The column (from 1, in characters) of byte offset `at` of `line`.
fn column_of(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// A text line's cells: runs of characters other than whitespace and `|`, and each `|`.
fn text_cells(line: &str) -> Vec<Cell<'_>> {
    let mut cells = Vec::new();
    let mut start = None;
    for (at, c) in line.char_indices().chain([(line.len(), ' ')]) {
        if c.is_whitespace() || c == '|' {
            if let Some(from) = start.take() {
                cells.push(Cell {
                    text: &line[from..at],
                    column: column_of(line, from),
                });
            }
            if c == '|' {
                cells.push(Cell {
                    text: "|",
                    column: column_of(line, at),
                });
            }
        } else if start.is_none() {
            start = Some(at);
        }
    }
    cells
}

/// A CSV line's cells, each trimmed and unquoted; empty cells ending the line dropped.
fn csv_cells(line: &str) -> Vec<Cell<'_>> {
    let mut cells = Vec::new();
    let mut from = 0;
    for piece in line.split(',') {
        let leading = piece.len() - piece.trim_start().len();
        let text = piece.trim();
        let text = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(text);
        cells.push(Cell {
            text,
            column: column_of(line, from + leading),
        });
        from += piece.len() + 1;
    }
    while cells.last().is_some_and(|cell| cell.text.is_empty()) {
        cells.pop();
    }
    cells
}

/// Where a row's cells go: a column's name (as written, for errors) and its width in bits.
#[derive(Clone, Debug)]
struct Slot {
    name: String,
    width: usize,
}

/// The header: the bits' names of both sides, and the slots a row's cells fill.
#[derive(Debug)]
struct Header {
    line: usize,
    dialect: Dialect,
    inputs: Vec<String>,
    outputs: Vec<String>,
    input_slots: Vec<Slot>,
    output_slots: Vec<Slot>,
    /// In CSV, the index of the split cell.
    split: usize,
}

/// A header name: `NAME` (one bit) or `NAME[N..0]` (N+1 bits, 1 ≤ N < 64).
fn column_name(text: &str) -> Option<(&str, usize)> {
    let is_name = |name: &str| {
        name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let Some((name, range)) = text.split_once('[') else {
        return is_name(text).then_some((text, 1));
    };
    let high_text = range.strip_suffix("..0]")?;
    let high: usize = high_text.parse().ok()?;
    let canonical = high.to_string() == high_text;
    (is_name(name) && canonical && (1..64).contains(&high)).then_some((name, high + 1))
}

/// The bits' names of a column: itself, or `NAMEN` … `NAME0`.
fn bit_names(name: &str, width: usize) -> Vec<String> {
    if width == 1 {
        vec![name.to_owned()]
    } else {
        (0..width).rev().map(|bit| format!("{name}{bit}")).collect()
    }
}

/// The column just after the last of `cells` (1 for none).
fn end_of(cells: &[Cell<'_>]) -> usize {
    cells
        .last()
        .map_or(1, |cell| cell.column + cell.text.chars().count())
}

impl Header {
    /// Reads the header's cells.
    fn parse(line: usize, cells: &[Cell<'_>], dialect: Dialect) -> Result<Self, TableFileError> {
        let split = Self::split(line, cells, dialect)?;
        let mut header = Self {
            line,
            dialect,
            inputs: Vec::new(),
            outputs: Vec::new(),
            input_slots: Vec::new(),
            output_slots: Vec::new(),
            split,
        };
        let mut seen: Vec<(String, usize)> = Vec::new();
        let mut k = 0;
        while k < cells.len() {
            let cell = cells[k];
            let side = if k < split {
                Side::Inputs
            } else {
                Side::Outputs
            };
            k += 1;
            if side == Side::Outputs && k == split + 1 {
                continue;
            }
            let (name, width) = column_name(cell.text).ok_or_else(|| TableFileError::BadName {
                line,
                column: cell.column,
                name: cell.text.to_owned(),
            })?;
            if dialect == Dialect::Csv && width > 1 {
                Self::bus_cells(line, cell.text, width, &cells[k..])?;
                k += width - 1;
            }
            let bits = bit_names(name, width);
            for bit in &bits {
                if let Some((_, first)) = seen.iter().find(|(seen, _)| seen == bit) {
                    return Err(TableFileError::DuplicateName {
                        line,
                        column: cell.column,
                        name: bit.clone(),
                        first: *first,
                    });
                }
                seen.push((bit.clone(), cell.column));
            }
            header.add(side, cell.text, bits);
        }
        Ok(header)
    }

    /// The index of the split cell: the one `|` (in CSV, else the first empty cell).
    fn split(line: usize, cells: &[Cell<'_>], dialect: Dialect) -> Result<usize, TableFileError> {
        let mut bars = cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| cell.text == "|");
        match (bars.next(), bars.next()) {
            (Some(_), Some((_, second))) => Err(TableFileError::SecondSplit {
                line,
                column: second.column,
            }),
            (Some((k, _)), None) => Ok(k),
            (None, _) => (dialect == Dialect::Csv)
                .then(|| Self::first_free_empty(cells))
                .flatten()
                .ok_or(TableFileError::MissingSplit {
                    line,
                    column: end_of(cells),
                }),
        }
    }

    /// In a CSV header without `|`, the first empty cell that is not a multi-bit column's.
    fn first_free_empty(cells: &[Cell<'_>]) -> Option<usize> {
        let mut k = 0;
        while k < cells.len() {
            if cells[k].text.is_empty() {
                return Some(k);
            }
            k += column_name(cells[k].text).map_or(1, |(_, width)| width);
        }
        None
    }

    /// Checks that the cells after a CSV multi-bit column's name (`after`) are empty for its
    /// further bits (missing cells at the end of the line count as empty).
    fn bus_cells(
        line: usize,
        name: &str,
        width: usize,
        after: &[Cell<'_>],
    ) -> Result<(), TableFileError> {
        match after
            .iter()
            .take(width - 1)
            .find(|cell| !cell.text.is_empty())
        {
            Some(cell) => Err(TableFileError::BusCells {
                line,
                column: cell.column,
                name: name.to_owned(),
                width,
            }),
            None => Ok(()),
        }
    }

    /// Adds a column of `bits` on `side`.
    fn add(&mut self, side: Side, written: &str, bits: Vec<String>) {
        let (names, slots) = match side {
            Side::Inputs => (&mut self.inputs, &mut self.input_slots),
            Side::Outputs => (&mut self.outputs, &mut self.output_slots),
        };
        match self.dialect {
            Dialect::Text => slots.push(Slot {
                name: written.to_owned(),
                width: bits.len(),
            }),
            Dialect::Csv => slots.extend(bits.iter().map(|bit| Slot {
                name: bit.clone(),
                width: 1,
            })),
        }
        names.extend(bits);
    }

    /// A row's input bits (`None` for `-`) and output values.
    fn row(
        &self,
        line: usize,
        text: &str,
    ) -> Result<(Vec<Option<bool>>, Vec<Value>), TableFileError> {
        let cells = self.dialect.cells(text);
        let split = match self.dialect {
            Dialect::Text => Self::split(line, &cells, Dialect::Text)?,
            Dialect::Csv => match cells.get(self.split) {
                Some(cell) if cell.text == "|" || cell.text.is_empty() => self.split,
                Some(cell) => {
                    return Err(TableFileError::MissingSplit {
                        line,
                        column: cell.column,
                    });
                }
                None => {
                    return Err(TableFileError::CellCount {
                        line,
                        column: end_of(&cells),
                        side: Side::Inputs,
                        expected: self.input_slots.len(),
                        found: cells.len(),
                    });
                }
            },
        };
        let (left, right) = cells.split_at(split);
        let inputs = Self::bits(line, left, &self.input_slots, Side::Inputs, right[0].column)?;
        let outputs = Self::bits(
            line,
            &right[1..],
            &self.output_slots,
            Side::Outputs,
            end_of(right),
        )?;
        let outputs = outputs
            .into_iter()
            .map(|bit| match bit {
                Some(false) => Value::Zero,
                Some(true) => Value::One,
                None => Value::DontCare,
            })
            .collect();
        Ok((inputs, outputs))
    }

    /// One side's cells as bits (`None` for `-`), checked against its slots; `end` is the
    /// column after the side.
    fn bits(
        line: usize,
        cells: &[Cell<'_>],
        slots: &[Slot],
        side: Side,
        end: usize,
    ) -> Result<Vec<Option<bool>>, TableFileError> {
        if cells.len() != slots.len() {
            return Err(TableFileError::CellCount {
                line,
                column: cells.get(slots.len()).map_or(end, |cell| cell.column),
                side,
                expected: slots.len(),
                found: cells.len(),
            });
        }
        let mut bits = Vec::new();
        for (cell, slot) in cells.iter().zip(slots) {
            let bad = || TableFileError::BadCell {
                line,
                column: cell.column,
                found: cell.text.to_owned(),
                name: slot.name.clone(),
                width: slot.width,
            };
            if cell.text.chars().count() != slot.width {
                return Err(bad());
            }
            for c in cell.text.chars() {
                bits.push(match c {
                    '0' => Some(false),
                    '1' => Some(true),
                    '-' | 'x' | 'X' => None,
                    _ => return Err(bad()),
                });
            }
        }
        Ok(bits)
    }
}

/// The rows given so far: for each row number, which line gave it.
struct Rows {
    /// Per row number: 1 + the index into `lines` of the line giving it, 0 if none has.
    given: Vec<u32>,
    /// Each row line: its number and its outputs.
    lines: Vec<(usize, Vec<Value>)>,
}

impl Rows {
    /// No rows yet, for the header's inputs (checked to make a table first, so that too
    /// many inputs are refused before `2^inputs` rows are made).
    fn new(header: &Header) -> Result<Self, TableFileError> {
        let table =
            TruthTable::from_rows(header.inputs.clone(), std::iter::empty()).map_err(|source| {
                TableFileError::Table {
                    line: header.line,
                    source,
                }
            })?;
        Ok(Self {
            given: vec![0; table.rows() as usize],
            lines: Vec::new(),
        })
    }

    /// Gives every row matching `inputs` the outputs `outputs`.
    fn add(
        &mut self,
        line: usize,
        inputs: &[Option<bool>],
        outputs: Vec<Value>,
        header: &Header,
    ) -> Result<(), TableFileError> {
        let (mut ones, mut free) = (0u32, 0u32);
        for bit in inputs {
            ones <<= 1;
            free <<= 1;
            match bit {
                Some(true) => ones |= 1,
                Some(false) => {}
                None => free |= 1,
            }
        }
        self.lines.push((line, outputs));
        let index = self.lines.len() as u32;
        // Every subset of the free bits, in increasing order (Knuth, TAOCP 7.1.3 (84)).
        let mut subset = 0u32;
        loop {
            let row = ones | subset;
            match self.given[row as usize] {
                0 => self.given[row as usize] = index,
                earlier => self.check(row, earlier, header)?,
            }
            subset = subset.wrapping_sub(free) & free;
            if subset == 0 {
                return Ok(());
            }
        }
    }

    /// Checks that the last line agrees with line number `earlier` (1 + index) on `row`.
    fn check(&self, row: u32, earlier: u32, header: &Header) -> Result<(), TableFileError> {
        let (first_line, first) = &self.lines[earlier as usize - 1];
        let (line, second) = &self.lines[self.lines.len() - 1];
        let Some(k) = (0..first.len()).find(|&k| first[k] != second[k]) else {
            return Ok(());
        };
        let n = header.inputs.len();
        Err(TableFileError::Conflict {
            line: *line,
            first_line: *first_line,
            row: (0..n)
                .map(|i| {
                    if row >> (n - 1 - i) & 1 == 1 {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect(),
            output: header.outputs[k].clone(),
            first: first[k],
            second: second[k],
        })
    }

    /// The function the rows give.
    fn into_spec(self, header: &Header) -> Result<Spec, TableFileError> {
        let table_error = |source| TableFileError::Table {
            line: header.line,
            source,
        };
        let mut outputs = Vec::with_capacity(header.outputs.len());
        for (k, name) in header.outputs.iter().enumerate() {
            let rows = self
                .given
                .iter()
                .enumerate()
                .filter(|&(_, &given)| given != 0);
            let values =
                rows.map(|(row, &given)| (row as u32, self.lines[given as usize - 1].1[k]));
            let table =
                TruthTable::from_rows(header.inputs.clone(), values).map_err(table_error)?;
            outputs.push((name.clone(), table));
        }
        Spec::new(outputs).map_err(|source| TableFileError::Spec {
            line: header.line,
            source,
        })
    }
}

/// The function as a text table: the header, then every row in order, cells aligned under
/// their names. [`parse`] reads it back to the same function.
pub fn to_text(spec: &Spec) -> String {
    let widths = |names: &[String]| -> Vec<usize> {
        names.iter().map(|name| name.chars().count()).collect()
    };
    let (input_names, output_names): (Vec<String>, Vec<String>) = (
        spec.inputs().to_vec(),
        spec.output_names().map(str::to_owned).collect(),
    );
    let (input_widths, output_widths) = (widths(&input_names), widths(&output_names));
    let line = |inputs: &[String], outputs: &[String]| {
        let side = |cells: &[String], widths: &[usize]| {
            cells
                .iter()
                .zip(widths)
                .map(|(cell, &width)| format!("{cell:<width$}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!(
            "{} | {}",
            side(inputs, &input_widths),
            side(outputs, &output_widths)
        );
        format!("{}\n", text.trim())
    };
    let mut text = line(&input_names, &output_names);
    for (inputs, outputs) in rows(spec) {
        text.push_str(&line(&inputs, &outputs));
    }
    text
}

/// The function as CSV: the header with a `|` cell, then every row in order. [`parse`] reads
/// it back to the same function.
pub fn to_csv(spec: &Spec) -> String {
    let line = |inputs: &[String], outputs: &[String]| {
        let cells: Vec<&str> = (inputs.iter().map(String::as_str))
            .chain(["|"])
            .chain(outputs.iter().map(String::as_str))
            .collect();
        format!("{}\n", cells.join(","))
    };
    let output_names: Vec<String> = spec.output_names().map(str::to_owned).collect();
    let mut text = line(spec.inputs(), &output_names);
    for (inputs, outputs) in rows(spec) {
        text.push_str(&line(&inputs, &outputs));
    }
    text
}

/// Every row's cells: the input bits and the output values, as single characters.
fn rows(spec: &Spec) -> impl Iterator<Item = (Vec<String>, Vec<String>)> + '_ {
    let n = spec.inputs().len();
    (0..spec.rows()).map(move |row| {
        let inputs = (0..n)
            .map(|i| (row >> (n - 1 - i) & 1).to_string())
            .collect();
        let outputs = spec
            .outputs()
            .iter()
            .map(|(_, table)| symbol(table.value(row)).to_string())
            .collect();
        (inputs, outputs)
    })
}

#[cfg(test)]
mod tests {
    use super::{Side, TableFileError, parse, to_csv, to_text};
    use crate::table::{TableError, Value};

    #[test]
    fn a_text_table_with_comments_and_dashes_reads_as_its_function() {
        let spec = parse(
            "# A majority gate with a don't-care.\n\
             A B C | M   # the header\n\
             \n\
             1 1 - | 1\n\
             1 - 1 | 1\n\
             - 1 1 | 1\n\
             0 0 0 | x\n",
        )
        .expect("reads");
        assert_eq!(spec.inputs(), ["A", "B", "C"]);
        let (name, table) = &spec.outputs()[0];
        assert_eq!(name, "M");
        assert_eq!(table.on_set(), [3, 5, 6, 7]);
        assert_eq!(table.dont_care_set(), [0]);
        assert_eq!(table.off_set(), [1, 2, 4], "rows not given are 0");
    }

    #[test]
    fn logisim_evolution_text_and_csv_exports_read() {
        let text = "# Truth table\n\nA B[1..0] | S\n~~~~~~~~~~~~~~~\n0  00  | 1\n1  1-  | 0\n";
        let spec = parse(text).expect("reads");
        assert_eq!(spec.inputs(), ["A", "B1", "B0"]);
        assert_eq!(spec.outputs()[0].1.on_set(), [0]);
        let csv = "\"A\",\"B[1..0]\",,\"|\",\"S\"\n0,0,0,\"|\",1\n1,1,-,\"|\",0\n";
        assert_eq!(parse(csv), Ok(spec.clone()));
        let split_by_empty_column = "A,B[1..0],,,S\n0,0,0,,1\n1,1,x,,0,,\n";
        assert_eq!(parse(split_by_empty_column), Ok(spec));
    }

    #[test]
    fn printing_reads_back() {
        let spec = parse("Cin A | Sum Q\n0 1 | 1 -\n1 1 | 0 1\n").expect("reads");
        let text = to_text(&spec);
        assert_eq!(
            text,
            "Cin A | Sum Q\n0   0 | 0   0\n0   1 | 1   -\n1   0 | 0   0\n1   1 | 0   1\n"
        );
        assert_eq!(parse(&text), Ok(spec.clone()));
        assert!(to_csv(&spec).starts_with("Cin,A,|,Sum,Q\n0,0,|,0,0\n"));
        assert_eq!(parse(&to_csv(&spec)), Ok(spec));
    }

    #[test]
    fn conflicting_rows_name_both_lines() {
        let error = parse("A B | F G\n1 - | 1 0\n\n1 1 | 1 1\n");
        assert_eq!(
            error,
            Err(TableFileError::Conflict {
                line: 4,
                first_line: 2,
                row: "11".into(),
                output: "G".into(),
                first: Value::Zero,
                second: Value::One,
            })
        );
        let message = error.expect_err("conflict").to_string();
        assert_eq!(message, "line 4: row 11 gives G = 1, but line 2 gave 0");
        assert!(
            parse("A | F\n1 | 1\n- | 1\n").is_ok(),
            "agreeing rows are fine"
        );
    }

    #[test]
    fn bad_cells_and_counts_name_line_and_column() {
        assert_eq!(
            parse("A B | F\n0 2 | 1\n"),
            Err(TableFileError::BadCell {
                line: 2,
                column: 3,
                found: "2".into(),
                name: "B".into(),
                width: 1,
            })
        );
        assert_eq!(
            parse("A B | F\n0 1 0 | 1\n"),
            Err(TableFileError::CellCount {
                line: 2,
                column: 5,
                side: Side::Inputs,
                expected: 2,
                found: 3,
            })
        );
        assert_eq!(
            parse("A B | F G\n0 1 | 1\n"),
            Err(TableFileError::CellCount {
                line: 2,
                column: 8,
                side: Side::Outputs,
                expected: 2,
                found: 1,
            })
        );
        assert_eq!(
            parse("A B | F\n0 1 1\n"),
            Err(TableFileError::MissingSplit { line: 2, column: 6 })
        );
        assert_eq!(
            parse("A,B,|,F\n0,1,1,1\n"),
            Err(TableFileError::MissingSplit { line: 2, column: 5 })
        );
        assert_eq!(
            parse("A | F\n0 | 1 | 0\n"),
            Err(TableFileError::SecondSplit { line: 2, column: 7 })
        );
    }

    #[test]
    fn bad_headers_name_line_and_column() {
        assert_eq!(parse("# nothing\n\n"), Err(TableFileError::NoHeader));
        assert_eq!(
            parse("\nA 2B | F\n"),
            Err(TableFileError::BadName {
                line: 2,
                column: 3,
                name: "2B".into(),
            })
        );
        assert!(matches!(
            parse("A B[0..0] | F\n"),
            Err(TableFileError::BadName { column: 3, .. })
        ));
        assert_eq!(
            parse("A B | F A\n"),
            Err(TableFileError::DuplicateName {
                line: 1,
                column: 9,
                name: "A".into(),
                first: 1,
            })
        );
        assert!(matches!(
            parse("B1 B[1..0] | F\n"),
            Err(TableFileError::DuplicateName { name, column: 4, first: 1, .. }) if name == "B1"
        ));
        assert_eq!(
            parse("A B F\n"),
            Err(TableFileError::MissingSplit { line: 1, column: 6 })
        );
        assert!(matches!(
            parse("A,B[1..0],x,|,F\n"),
            Err(TableFileError::BusCells {
                column: 11,
                width: 2,
                ..
            })
        ));
        let wide: Vec<String> = (0..40).map(|i| format!("I{i}")).collect();
        assert!(matches!(
            parse(&format!("{} | F\n", wide.join(" "))),
            Err(TableFileError::Table {
                line: 1,
                source: TableError::TooManyInputs { count: 40 }
            })
        ));
        let outputs: Vec<String> = (0..65).map(|i| format!("O{i}")).collect();
        let too_many = parse(&format!("A | {}\n", outputs.join(" ")));
        assert_eq!(
            too_many.expect_err("65 outputs").to_string(),
            "line 1: 65 outputs: a function has at most 64"
        );
        assert!(matches!(
            parse("A |\n"),
            Err(TableFileError::Spec { line: 1, .. })
        ));
    }
}
