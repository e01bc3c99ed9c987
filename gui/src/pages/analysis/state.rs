//! The Analysis page's state, plain Rust without egui: the truth table being edited (named
//! inputs and outputs, each row's output 0, 1 or don't-care), the expression typed to fill it,
//! the table as text or CSV ([`synth::tablefile`]) or read off a circuit ([`synth::analyse()`]),
//! its minimal sums of products and products of sums, computed once per table, and the
//! circuit built from one of them ([`synth::build`]).

use sim_core::Circuit;
use sim_core::format::Document;
use sim_core::hierarchy::PartDesc;
use synth::build::{self, BuildError, Style};
use synth::{
    Cover, Expr, ExprError, Form, MAX_INPUTS, MinimiseError, Mode, Options, Spec, SpecError,
    TableError, TruthTable, Unknowns, Value, tablefile,
};

/// The most inputs the table editor shows (256 rows).
pub const MAX_TABLE_INPUTS: usize = 8;

/// The most outputs the table editor shows.
pub const MAX_TABLE_OUTPUTS: usize = 8;

/// Names given to new inputs, in order (a name already taken is skipped).
const INPUT_NAMES: &str = "ABCDEFGHIJKLMNOP";

/// Names given to new outputs, in order (a name already taken is skipped).
const OUTPUT_NAMES: &str = "FGHXYZUVW";

/// Why the table has no minimal expressions.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The names do not make a function (an output named twice or like an input).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The names do not make a table (an input named twice).
    #[error(transparent)]
    Table(#[from] TableError),
    /// Minimisation gave up.
    #[error(transparent)]
    Minimise(#[from] MinimiseError),
    /// The cover does not make a circuit.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The part name chosen for Build as subcircuit names a part the document has.
    #[error("the circuit already has a part named `{0}`: choose another name")]
    PartNameTaken(String),
}

/// The name of a circuit built from the table.
pub const BUILT_NAME: &str = "synthesised";

/// Both minimal covers of a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Covers {
    /// The minimal sum of products.
    pub sop: Cover,
    /// The minimal product of sums.
    pub pos: Cover,
}

impl Covers {
    /// The cover of `form`.
    pub fn of(&self, form: Form) -> &Cover {
        match form {
            Form::SumOfProducts => &self.sop,
            Form::ProductOfSums => &self.pos,
        }
    }
}

/// The truth table being edited and what is derived from it.
#[derive(Debug)]
pub struct AnalysisState {
    /// The inputs' names, the first the most significant bit of a row number.
    pub inputs: Vec<String>,
    /// The outputs' names.
    pub outputs: Vec<String>,
    /// `values[k][row]`: output `k`'s value on `row`.
    values: Vec<Vec<Value>>,
    /// The output the Karnaugh map shows and an expression fills.
    pub selected: usize,
    /// Which cover the Karnaugh map loops and Build circuit builds.
    pub form: Form,
    /// Exact, heuristic, or exact with the heuristic as a fallback (Auto).
    pub mode: Mode,
    /// Whether the covers keep a term over every pair of adjacent on-set (off-set) rows, so
    /// that their circuits have no static hazard.
    pub hazard_free: bool,
    /// The gates and fan-in Build circuit uses.
    pub style: Style,
    /// The table-file box's text: a table to read, or the table written out.
    pub table_text: String,
    /// The expression box's text.
    pub expression: String,
    /// Why the expression box's text did not parse, if it did not.
    pub expression_error: Option<ExprError>,
    /// What went wrong last, for the page to show (a fill, a paste, a build, an analysis).
    pub notice: Option<String>,
    /// Analyse's outputs: names of lamps, probes or buses, separated by spaces or commas,
    /// whose cone is read (empty: every output).
    pub chosen_outputs: String,
    /// What Analyse makes of an output unknown for some binary inputs.
    pub unknowns: Unknowns,
    /// What the table was last read from (`the circuit`, `instance U1 (adder4)`), until it
    /// is read from elsewhere.
    pub analysed: Option<String>,
    /// The name Build as subcircuit gives its part (empty: [`BUILT_NAME`], numbered to be
    /// new in the document).
    pub part_name: String,
    /// The function last minimised, how, and its covers, so a table is minimised once.
    cache: Option<(Spec, Options, Result<Covers, MinimiseError>)>,
}

impl Default for AnalysisState {
    /// A 3-input, 1-output table of zeros.
    fn default() -> Self {
        let mut state = AnalysisState {
            inputs: Vec::new(),
            outputs: Vec::new(),
            values: Vec::new(),
            selected: 0,
            form: Form::SumOfProducts,
            mode: Mode::Auto,
            hazard_free: false,
            style: Style::default(),
            table_text: String::new(),
            expression: String::new(),
            expression_error: None,
            notice: None,
            chosen_outputs: String::new(),
            unknowns: Unknowns::Refuse,
            analysed: None,
            part_name: String::new(),
            cache: None,
        };
        state.set_output_count(1);
        state.set_input_count(3);
        state
    }
}

/// The first name of `candidates` not in `taken`, or `prefix` with the first free number
/// (one of the first `taken.len() + 1` is free).
fn fresh_name(candidates: &str, prefix: &str, taken: &[String]) -> String {
    candidates
        .chars()
        .map(String::from)
        .chain((1..=taken.len() + 1).map(|n| format!("{prefix}{n}")))
        .find(|name| !taken.contains(name))
        .unwrap_or_default()
}

impl AnalysisState {
    /// The number of rows, `2^inputs`.
    pub fn rows(&self) -> u32 {
        1 << self.inputs.len()
    }

    /// Output `output`'s value on `row` (zero for a row or output that does not exist).
    pub fn value(&self, output: usize, row: u32) -> Value {
        self.values
            .get(output)
            .and_then(|column| column.get(row as usize))
            .copied()
            .unwrap_or(Value::Zero)
    }

    /// Sets output `output`'s value on `row` (nothing for one that does not exist).
    pub fn set_value(&mut self, output: usize, row: u32, value: Value) {
        if let Some(cell) = self
            .values
            .get_mut(output)
            .and_then(|column| column.get_mut(row as usize))
        {
            *cell = value;
        }
    }

    /// Clicks a cell: 0 → 1 → don't-care → 0.
    pub fn cycle(&mut self, output: usize, row: u32) {
        let next = match self.value(output, row) {
            Value::Zero => Value::One,
            Value::One => Value::DontCare,
            Value::DontCare => Value::Zero,
        };
        self.set_value(output, row, next);
    }

    /// Sets the number of inputs (clamped to `1..=`[`MAX_TABLE_INPUTS`]). A new input is added
    /// last, the outputs not depending on it; removing the last input keeps the rows where it
    /// was 0.
    pub fn set_input_count(&mut self, count: usize) {
        let count = count.clamp(1, MAX_TABLE_INPUTS);
        while self.inputs.len() < count {
            self.inputs
                .push(fresh_name(INPUT_NAMES, "I", &self.names()));
            for column in &mut self.values {
                *column = column.iter().flat_map(|&v| [v, v]).collect();
            }
        }
        while self.inputs.len() > count {
            self.inputs.pop();
            for column in &mut self.values {
                *column = column.iter().step_by(2).copied().collect();
            }
        }
    }

    /// Sets the number of outputs (clamped to `1..=`[`MAX_TABLE_OUTPUTS`]); new outputs are 0
    /// on every row.
    pub fn set_output_count(&mut self, count: usize) {
        let count = count.clamp(1, MAX_TABLE_OUTPUTS);
        while self.outputs.len() < count {
            self.outputs
                .push(fresh_name(OUTPUT_NAMES, "Y", &self.names()));
            self.values.push(vec![Value::Zero; self.rows() as usize]);
        }
        self.outputs.truncate(count);
        self.values.truncate(count);
        self.selected = self.selected.min(count - 1);
    }

    /// Every name in use, inputs and outputs.
    fn names(&self) -> Vec<String> {
        self.inputs.iter().chain(&self.outputs).cloned().collect()
    }

    /// Reads the expression box: the selected output takes the expression's values — over
    /// the present inputs when they name all its variables, otherwise over the expression's
    /// own variables in alphabetical order, which replace the inputs (the other outputs then
    /// start at 0). On a syntax error the table stays and
    /// [`expression_error`](Self::expression_error) says where; with more variables than
    /// [`MAX_TABLE_INPUTS`], [`notice`](Self::notice) says so.
    pub fn apply_expression(&mut self) {
        self.notice = None;
        self.expression_error = None;
        let expr = match Expr::parse(&self.expression) {
            Ok(expr) => expr,
            Err(e) => {
                self.expression_error = Some(e);
                return;
            }
        };
        let mut variables = expr.variables();
        if !variables.iter().all(|v| self.inputs.contains(v)) {
            if variables.len() > MAX_TABLE_INPUTS {
                self.notice = Some(format!(
                    "the expression has {} variables: the table shows at most {MAX_TABLE_INPUTS}",
                    variables.len()
                ));
                return;
            }
            variables.sort();
            self.outputs.retain(|name| !variables.contains(name));
            if self.outputs.is_empty() {
                self.outputs.push(fresh_name(OUTPUT_NAMES, "Y", &variables));
            }
            self.values = vec![vec![Value::Zero; 1 << variables.len()]; self.outputs.len()];
            self.inputs = variables;
            self.selected = self.selected.min(self.outputs.len() - 1);
        }
        match TruthTable::from_expr_over(&expr, self.inputs.clone()) {
            Ok(table) => {
                for row in 0..self.rows() {
                    self.set_value(self.selected, row, table.value(row));
                }
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Replaces the table with `spec`'s, or says in [`notice`](Self::notice) why it does not
    /// fit the editor (more than [`MAX_TABLE_INPUTS`] inputs or [`MAX_TABLE_OUTPUTS`]
    /// outputs).
    pub fn set_spec(&mut self, spec: &Spec) {
        let (inputs, outputs) = (spec.inputs().len(), spec.outputs().len());
        if inputs > MAX_TABLE_INPUTS || outputs > MAX_TABLE_OUTPUTS {
            self.notice = Some(format!(
                "{inputs} inputs and {outputs} outputs: the table shows at most \
                 {MAX_TABLE_INPUTS} inputs and {MAX_TABLE_OUTPUTS} outputs"
            ));
            return;
        }
        self.notice = None;
        self.inputs = spec.inputs().to_vec();
        (self.outputs, self.values) = spec
            .outputs()
            .iter()
            .map(|(name, table)| {
                (
                    name.clone(),
                    (0..table.rows()).map(|r| table.value(r)).collect(),
                )
            })
            .unzip();
        self.selected = self.selected.min(self.outputs.len() - 1);
    }

    /// Reads the table-file box ([`synth::tablefile`]: text or CSV) into the table; a
    /// malformed table leaves the table as it is and says why, by line and column.
    pub fn read_table(&mut self) {
        match tablefile::parse(&self.table_text) {
            Ok(spec) => self.set_spec(&spec),
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Writes the table into the table-file box, as text.
    pub fn write_table(&mut self) {
        match self.spec() {
            Ok(spec) => self.table_text = tablefile::to_text(&spec),
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Fills the table with the function of `circuit`'s chosen outputs
    /// ([`chosen_outputs`](Self::chosen_outputs); every lamp and probe when none) over the
    /// inputs they depend on ([`synth::analyse()`]), unknowns read as
    /// [`unknowns`](Self::unknowns) says, and remembers `what` was read. An output that does
    /// not exist or is refused as unknown, or too many inputs, leaves the table and says why.
    pub fn analyse(&mut self, circuit: &Circuit, what: &str) {
        let outputs: Vec<String> = self
            .chosen_outputs
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect();
        match synth::analyse(circuit, &outputs, self.unknowns) {
            Ok(spec) => {
                self.set_spec(&spec);
                if self.notice.is_none() {
                    self.analysed = Some(what.to_owned());
                }
            }
            Err(e) => self.notice = Some(format!("{what}: {e}")),
        }
    }

    /// The circuit of the minimal cover in [`form`](Self::form), in [`style`](Self::style):
    /// a document named [`BUILT_NAME`] with the table as test vectors.
    ///
    /// # Errors
    /// An [`AnalysisError`]: the names do not make a function or a circuit, or minimisation
    /// gave up.
    pub fn build(&mut self) -> Result<Document, AnalysisError> {
        let (form, style) = (self.form, self.style);
        let cover = self.covers()?.of(form);
        Ok(build::document(cover, style, BUILT_NAME)?)
    }

    /// The circuit of the minimal cover in [`form`](Self::form), in [`style`](Self::style),
    /// as a part to place: named [`part_name`](Self::part_name), or when that is empty
    /// [`BUILT_NAME`] numbered (`synthesised2`, …) to be none of `taken` (the names of the
    /// document's parts); its pins named after the table's inputs and outputs.
    ///
    /// # Errors
    /// An [`AnalysisError`]: the chosen name is taken, the names do not make a function or a
    /// circuit, or minimisation gave up.
    pub fn build_part(&mut self, taken: &[String]) -> Result<PartDesc, AnalysisError> {
        let chosen = self.part_name.trim();
        let name = if chosen.is_empty() {
            (1..=taken.len() + 1)
                .map(|n| match n {
                    1 => BUILT_NAME.to_owned(),
                    n => format!("{BUILT_NAME}{n}"),
                })
                .find(|name| !taken.contains(name))
                .unwrap_or_default()
        } else if taken.iter().any(|name| name == chosen) {
            return Err(AnalysisError::PartNameTaken(chosen.to_owned()));
        } else {
            chosen.to_owned()
        };
        let (form, style) = (self.form, self.style);
        let cover = self.covers()?.of(form);
        Ok(build::part(cover, style, &name)?)
    }

    /// The function the table describes.
    ///
    /// # Errors
    /// A name given twice ([`AnalysisError::Table`], [`AnalysisError::Spec`]).
    pub fn spec(&self) -> Result<Spec, AnalysisError> {
        let mut outputs = Vec::with_capacity(self.outputs.len());
        for (name, column) in self.outputs.iter().zip(&self.values) {
            let rows = (0u32..).zip(column.iter().copied());
            let table = TruthTable::from_rows(self.inputs.clone(), rows)?;
            outputs.push((name.clone(), table));
        }
        Ok(Spec::new(outputs)?)
    }

    /// How to minimise in `form`: the page's mode and hazard-free choice.
    pub fn options(&self, form: Form) -> Options {
        Options {
            form,
            mode: self.mode,
            hazard_free: self.hazard_free,
            ..Options::default()
        }
    }

    /// The minimal sum of products and product of sums of every output, minimised on the first
    /// call after a change of the table or of the options.
    ///
    /// # Errors
    /// An [`AnalysisError`]: the names do not make a function, or minimisation gave up.
    pub fn covers(&mut self) -> Result<&Covers, AnalysisError> {
        let spec = self.spec()?;
        let options = self.options(Form::SumOfProducts);
        let entry = match self.cache.take() {
            Some((cached, how, covers)) if cached == spec && how == options => {
                (cached, how, covers)
            }
            _ => {
                let covers = minimise_both(&spec, options);
                (spec, options, covers)
            }
        };
        let (_, _, covers) = self.cache.insert(entry);
        covers.as_ref().map_err(|e| e.clone().into())
    }
}

/// `spec`'s minimal covers in both forms, with `options` but for the form.
fn minimise_both(spec: &Spec, options: Options) -> Result<Covers, MinimiseError> {
    let with = |form| Options { form, ..options };
    Ok(Covers {
        sop: synth::minimise_spec(spec, with(Form::SumOfProducts))?,
        pos: synth::minimise_spec(spec, with(Form::ProductOfSums))?,
    })
}

const _: () = assert!(MAX_TABLE_INPUTS <= MAX_INPUTS);

#[cfg(test)]
mod tests {
    use super::AnalysisState;
    use synth::Value;

    fn column(state: &AnalysisState, output: usize) -> String {
        (0..state.rows())
            .map(|row| match state.value(output, row) {
                Value::Zero => '0',
                Value::One => '1',
                Value::DontCare => '-',
            })
            .collect()
    }

    #[test]
    fn clicks_cycle_a_cell_and_the_covers_follow() {
        let mut state = AnalysisState::default();
        assert_eq!(state.inputs, ["A", "B", "C"]);
        assert_eq!(state.outputs, ["F"]);
        for row in [3, 5, 6, 7] {
            state.cycle(0, row);
        }
        let covers = state.covers().expect("minimises");
        assert_eq!(covers.sop.expr(0).to_string(), "B·C + A·C + A·B");
        state.cycle(0, 7);
        assert_eq!(state.value(0, 7), Value::DontCare);
        state.cycle(0, 7);
        assert_eq!(state.value(0, 7), Value::Zero);
    }

    #[test]
    fn inputs_added_and_removed_keep_the_function() {
        let mut state = AnalysisState {
            expression: "A + B C".into(),
            ..AnalysisState::default()
        };
        state.apply_expression();
        assert_eq!(column(&state, 0), "00011111");
        state.set_input_count(4);
        assert_eq!(state.inputs, ["A", "B", "C", "D"]);
        assert_eq!(column(&state, 0), "0000001111111111");
        state.set_input_count(3);
        assert_eq!(column(&state, 0), "00011111");
        state.set_output_count(2);
        assert_eq!(state.outputs, ["F", "G"]);
        assert_eq!(column(&state, 1), "00000000");
    }

    #[test]
    fn an_expression_over_new_variables_replaces_the_inputs_and_errors_keep_the_table() {
        let mut state = AnalysisState {
            expression: "X ^ Q".into(),
            ..AnalysisState::default()
        };
        state.apply_expression();
        let error = state.expression_error.clone().expect("an error");
        assert_eq!(error.column(), 3);
        assert_eq!(state.inputs, ["A", "B", "C"]);
        state.expression = "P Q + R'".into();
        state.apply_expression();
        assert!(state.expression_error.is_none());
        assert_eq!(state.inputs, ["P", "Q", "R"]);
        assert_eq!(column(&state, 0), "10101011");
        state.inputs[1] = "P".into();
        assert!(state.covers().is_err());
    }
}
