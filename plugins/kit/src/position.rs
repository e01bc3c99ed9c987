//! Position texts of grid games: the grid row by row, then `key=value` items.
//!
//! The form every grid game of Tritium shares (2048, Threes!, the sliding puzzles): rows
//! separated by `/`, cells in a row by spaces, then the state's other fields as
//! space-separated `key=value` items, e.g. `2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2 score=4 moves=1`.
//! [`GridText::parse`] splits such a text and checks its shape; the game parses each cell and
//! item and reports what is wrong by naming the offending text ([`bad`]).
//!
//! ```
//! use game_kit::position::{GridText, format_grid};
//!
//! let text = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4";
//! let mut grid = GridText::parse(text, 4, 4)?;
//! assert_eq!(grid.cells[3], "3");
//! assert_eq!(grid.take("deck")?, Some("3,2,4"));
//! assert_eq!(grid.take("next")?, Some("2"));
//! grid.finish()?; // nothing left over
//! let cells = ["1", "2", "0", "3", "0", "0", "6", "0", "3", "0", "0", "0", "0", "0", "0", "12"];
//! assert_eq!(format_grid(cells, 4) + " next=2 deck=3,2,4", text);
//!
//! let error = GridText::parse("1 2 0 3/0 0 6", 4, 4).expect_err("two rows");
//! assert!(error.to_string().contains("4 rows"));
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

use tritium_plugin_api::PluginError;

/// A [`PluginError::BadParameter`] naming the offending part of a position text.
pub fn bad(item: impl Into<String>, reason: impl Into<String>) -> PluginError {
    PluginError::bad_parameter(item, reason)
}

/// A position text split into its grid cells and its `key=value` items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridText<'a> {
    /// The cells, row-major, top-left first: `rows × cols` of them.
    pub cells: Vec<&'a str>,
    /// The number of rows.
    pub rows: usize,
    /// The number of cells in each row.
    pub cols: usize,
    /// The items after the grid, in text order, not yet [taken](Self::take).
    items: Vec<(&'a str, &'a str)>,
}

impl<'a> GridText<'a> {
    /// Splits `text`: the grid (everything before the first word holding `=`) must have
    /// `rows` rows separated by `/`, each of `cols` space-separated cells; every word after it
    /// must be `key=value`, each key at most once.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the grid (wrong number of rows), the row (wrong
    /// number of cells) or the item (not `key=value`, or a repeated key).
    pub fn parse(text: &'a str, rows: usize, cols: usize) -> Result<Self, PluginError> {
        Self::parse_shaped(text, Some((rows, cols)))
    }

    /// [`Self::parse`] for a grid whose shape the text gives (e.g. the sliding puzzles, whose
    /// size is the position's): as many rows as it has, each as long as the first. The game
    /// checks [`Self::rows`] and [`Self::cols`].
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the grid (empty), a row whose length differs from
    /// the first's, or an item (not `key=value`, or a repeated key).
    pub fn parse_any(text: &'a str) -> Result<Self, PluginError> {
        Self::parse_shaped(text, None)
    }

    fn parse_shaped(text: &'a str, shape: Option<(usize, usize)>) -> Result<Self, PluginError> {
        let text = text.trim();
        let grid_end = text
            .split_whitespace()
            .find(|word| word.contains('='))
            .map_or(text.len(), |word| {
                // `word` is a subslice of `text`: its offset is where the items begin.
                word.as_ptr() as usize - text.as_ptr() as usize
            });
        let (grid, items_text) = text.split_at(grid_end);
        let grid = grid.trim();
        let row_texts: Vec<&str> = grid.split('/').map(str::trim).collect();
        let (rows, cols) = shape.unwrap_or_else(|| {
            let first = row_texts
                .first()
                .map_or(0, |row| row.split_whitespace().count());
            (row_texts.len(), first)
        });
        if grid.is_empty() || row_texts.len() != rows {
            return Err(bad(
                grid,
                format!(
                    "expected {rows} rows separated by `/`, found {}",
                    if grid.is_empty() { 0 } else { row_texts.len() }
                ),
            ));
        }
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, row) in row_texts.iter().enumerate() {
            let before = cells.len();
            cells.extend(row.split_whitespace());
            let found = cells.len() - before;
            if found != cols {
                return Err(bad(
                    *row,
                    format!("row {} has {found} cells, expected {cols}", r + 1),
                ));
            }
        }
        let mut items: Vec<(&str, &str)> = Vec::new();
        for word in items_text.split_whitespace() {
            let Some((key, value)) = word.split_once('=') else {
                return Err(bad(word, "expected key=value after the grid"));
            };
            if key.is_empty() {
                return Err(bad(word, "expected key=value after the grid"));
            }
            if items.iter().any(|(k, _)| *k == key) {
                return Err(bad(word, format!("`{key}` is given twice")));
            }
            items.push((key, value));
        }
        Ok(Self {
            cells,
            rows,
            cols,
            items,
        })
    }

    /// Removes and returns the value of item `key` (`None` when absent).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming `key=` when the value is empty.
    pub fn take(&mut self, key: &str) -> Result<Option<&'a str>, PluginError> {
        let Some(i) = self.items.iter().position(|(k, _)| *k == key) else {
            return Ok(None);
        };
        let (_, value) = self.items.remove(i);
        if value.is_empty() {
            return Err(bad(format!("{key}="), "the value is missing"));
        }
        Ok(Some(value))
    }

    /// [`Self::take`] for an item that must be there.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming `key` when it is absent or empty.
    pub fn require(&mut self, key: &str) -> Result<&'a str, PluginError> {
        self.take(key)?
            .ok_or_else(|| bad(key, format!("the position needs `{key}=…` after the grid")))
    }

    /// [`Self::take`] parsed as a number; `None` when absent.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming `key=value` when the value is not a number of
    /// type `T`.
    pub fn take_number<T: std::str::FromStr>(
        &mut self,
        key: &str,
    ) -> Result<Option<T>, PluginError> {
        self.take(key)?
            .map(|value| {
                value
                    .parse()
                    .map_err(|_| bad(format!("{key}={value}"), "not a whole number in range"))
            })
            .transpose()
    }

    /// Checks that every item was taken.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the first item left: a key the game does not know.
    pub fn finish(self) -> Result<(), PluginError> {
        match self.items.first() {
            None => Ok(()),
            Some((key, value)) => Err(bad(format!("{key}={value}"), "unknown item")),
        }
    }
}

/// The grid part of a position text: `cells` (row-major) in rows of `cols`, cells separated
/// by a space and rows by `/`.
pub fn format_grid<S: AsRef<str>>(cells: impl IntoIterator<Item = S>, cols: usize) -> String {
    let mut text = String::new();
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            text.push(if i % cols.max(1) == 0 { '/' } else { ' ' });
        }
        text.push_str(cell.as_ref());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_and_items_split() {
        let mut g = GridText::parse("  1 2/3 4   a=1 b=x ", 2, 2).expect("valid");
        assert_eq!(g.cells, ["1", "2", "3", "4"]);
        assert_eq!(g.take_number::<u32>("a"), Ok(Some(1)));
        assert_eq!(g.take("zz"), Ok(None));
        assert_eq!(g.require("b"), Ok("x"));
        assert_eq!(g.finish(), Ok(()));
        // Spaces around `/` are allowed.
        let g = GridText::parse("1 2 / 3 4", 2, 2).expect("valid");
        assert_eq!(g.cells, ["1", "2", "3", "4"]);
    }

    #[test]
    fn shape_errors_name_the_part() {
        let name = |text: &str| match GridText::parse(text, 2, 2) {
            Err(PluginError::BadParameter { name, reason }) => (name, reason),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(name("1 2/3 4/5 6").0, "1 2/3 4/5 6");
        assert_eq!(name("").1, "expected 2 rows separated by `/`, found 0");
        assert_eq!(name("1 2/3").0, "3");
        assert_eq!(name("1 2/3 4 5").1, "row 2 has 3 cells, expected 2");
        // A word without `=` belongs to the grid: the last row is too long.
        assert_eq!(name("1 2/3 4 x").0, "3 4 x");
        assert_eq!(name("1 2/3 4 a=1 a=2").0, "a=2");
        assert_eq!(name("1 2/3 4 =3").0, "=3");
        let mut g = GridText::parse("1 2/3 4 a= b=q", 2, 2).expect("splits");
        assert!(g.take("a").expect_err("empty").to_string().contains("a="));
        assert!(g.take_number::<u8>("b").is_err());
        let g = GridText::parse("1 2/3 4 c=1", 2, 2).expect("splits");
        assert!(g.finish().expect_err("unknown").to_string().contains("c=1"));
        let mut g = GridText::parse("1 2/3 4", 2, 2).expect("splits");
        assert!(
            g.require("next")
                .expect_err("missing")
                .to_string()
                .contains("next")
        );
    }

    #[test]
    fn the_text_can_give_the_shape() {
        let g = GridText::parse_any(" 1 2 3/4 5 6 ").expect("valid");
        assert_eq!((g.rows, g.cols, g.cells.len()), (2, 3, 6));
        let g = GridText::parse_any("7").expect("valid");
        assert_eq!((g.rows, g.cols), (1, 1));
        match GridText::parse_any("1 2 3/4 5 6/7 8") {
            Err(PluginError::BadParameter { name, reason }) => {
                assert_eq!(
                    (name.as_str(), reason.as_str()),
                    ("7 8", "row 3 has 2 cells, expected 3")
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(GridText::parse_any("").is_err());
        assert!(
            GridText::parse_any("1 2/3 4 x=1")
                .expect("splits")
                .finish()
                .is_err()
        );
    }

    #[test]
    fn format_is_what_parse_reads() {
        let cells = ["1", "0", "12", "3", "0", "0"];
        let text = format_grid(cells, 3);
        assert_eq!(text, "1 0 12/3 0 0");
        assert_eq!(GridText::parse(&text, 2, 3).expect("valid").cells, cells);
    }
}
