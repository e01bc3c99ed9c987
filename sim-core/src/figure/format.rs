//! The RON figure format (version 1), like circuits': versioned, spanned syntax errors,
//! semantic errors naming the vertex or edge, and optional expectations a test runs.
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "The barn",                        // optional
//!     description: "The seed's figure.",       // optional
//!     vertices: [
//!         (label: "0", pos: (4, 0)),           // pos: optional, in grid cells
//!         (label: "1", pos: (0, 4)),
//!     ],
//!     edges: [("0", "1")],                     // parallel edges: repeat the pair
//!     expect: (                                // optional, checked by the test suite
//!         verdict: "trail",                    // "circuit", "trail", "strokes" or "empty"
//!         ends: ["3", "4"],                    // a trail's odd ends
//!         strokes: 1,                          // the fewest strokes
//!         trails: 88,                          // Euler trails in all
//!         trails_from: {"3": 44, "4": 44},
//!     ),
//! )
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Figure, FigureDesc, FigureError, VertexDesc, count, existence};
use crate::format::{FormatError, options, parse_versioned};

/// The figure format version this crate reads and writes.
pub const VERSION: u32 = 1;

/// What a figure file says its figure allows (each field optional).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// `"circuit"`, `"trail"`, `"strokes"` or `"empty"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// A trail's two ends (labels, any order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<Vec<String>>,
    /// The fewest strokes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strokes: Option<usize>,
    /// Euler trails in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trails: Option<u64>,
    /// Euler trails per start label (starts not listed are not checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trails_from: Option<BTreeMap<String, u64>>,
}

/// A figure file.
#[derive(Clone, Debug, Default)]
pub struct FigureDocument {
    /// A title (may be empty).
    pub name: String,
    /// Free text (may be empty).
    pub description: String,
    /// The checked figure.
    pub figure: Figure,
    /// What the file expects of it.
    pub expect: Option<Expect>,
}

/// Why a figure file could not be read: a syntax or version error as circuits', or a figure
/// error naming the item.
#[derive(Debug, thiserror::Error)]
pub enum FigureFileError {
    /// RON syntax, the version, or the reader.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The vertices and edges are not a figure.
    #[error(transparent)]
    Figure(#[from] FigureError),
}

impl FigureFileError {
    /// The message naming the file: `NAME:LINE:COLUMN: …` for a syntax error, `NAME: …`
    /// otherwise.
    pub fn in_file(&self, name: &str) -> String {
        match self {
            FigureFileError::Format(f) if f.position().is_some() => format!("{name}:{self}"),
            _ => format!("{name}: {self}"),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Figure", deny_unknown_fields)]
struct FileRepr {
    version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    description: String,
    vertices: Vec<VertexDesc>,
    #[serde(default)]
    edges: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    expect: Option<Expect>,
}

/// Parses and checks a figure file.
///
/// # Errors
/// [`FigureFileError::Format`] (syntax with line and column, version),
/// [`FigureFileError::Figure`] naming the bad vertex or edge.
pub fn from_str(text: &str) -> Result<FigureDocument, FigureFileError> {
    let file: FileRepr = parse_versioned(text, VERSION..=VERSION, |f: &FileRepr| f.version)?;
    let figure = Figure::from_desc(&FigureDesc {
        vertices: file.vertices,
        edges: file.edges,
    })?;
    Ok(FigureDocument {
        name: file.name,
        description: file.description,
        figure,
        expect: file.expect,
    })
}

/// Writes a figure file: one vertex per line, the edges on lines of eight, a newline at the
/// end. [`from_str`] reads it back to an equal figure.
///
/// # Errors
/// [`FormatError::Write`] if RON serialization fails.
pub fn to_string(doc: &FigureDocument) -> Result<String, FormatError> {
    use std::fmt::Write as _;
    let desc = doc.figure.to_desc();
    let quote = |s: &str| {
        options()
            .to_string(&s)
            .map_err(|e| FormatError::Write(e.to_string()))
    };
    let mut out = format!("(\n    version: {VERSION},\n");
    for (field, text) in [("name", &doc.name), ("description", &doc.description)] {
        if !text.is_empty() {
            let _ = writeln!(out, "    {field}: {},", quote(text)?);
        }
    }
    out.push_str("    vertices: [\n");
    for v in &desc.vertices {
        let pos = v.pos.unwrap_or_default();
        let _ = writeln!(
            out,
            "        (label: {}, pos: ({}, {})),",
            quote(&v.label)?,
            pos.x,
            pos.y
        );
    }
    out.push_str("    ],\n    edges: [");
    for (i, (a, b)) in desc.edges.iter().enumerate() {
        if i % 8 == 0 {
            out.push_str("\n       ");
        }
        let _ = write!(out, " ({}, {}),", quote(a)?, quote(b)?);
    }
    out.push_str("\n    ],\n");
    if let Some(expect) = &doc.expect {
        let text = options()
            .to_string(expect)
            .map_err(|e| FormatError::Write(e.to_string()))?;
        let _ = writeln!(out, "    expect: {text},");
    }
    out.push_str(")\n");
    Ok(out)
}

impl Expect {
    /// What does not hold of `figure`, one line each (empty: everything holds).
    pub fn mismatches(&self, figure: &Figure) -> Vec<String> {
        use existence::Verdict;
        let g = figure.graph();
        let mut out = Vec::new();
        let verdict = existence::verdict(g);
        let (name, ends, strokes) = match &verdict {
            Verdict::Empty => ("empty", None, 0),
            Verdict::Circuit => ("circuit", None, 1),
            Verdict::Trail { ends } => ("trail", Some(ends.map(|v| figure.label(v).to_owned())), 1),
            Verdict::Strokes { needed, .. } => ("strokes", None, *needed),
        };
        if let Some(want) = &self.verdict
            && want != name
        {
            out.push(format!("verdict: expected {want}, found {name}"));
        }
        if let Some(want) = &self.ends {
            let mut want = want.clone();
            want.sort();
            let mut found = ends.map(Vec::from).unwrap_or_default();
            found.sort();
            if want != found {
                out.push(format!("ends: expected {want:?}, found {found:?}"));
            }
        }
        if let Some(want) = self.strokes
            && want != strokes
        {
            out.push(format!("strokes: expected {want}, found {strokes}"));
        }
        if self.trails.is_some() || self.trails_from.is_some() {
            match count::trails(g) {
                Ok((per, total)) => {
                    if let Some(want) = self.trails
                        && u128::from(want) != total
                    {
                        out.push(format!("trails: expected {want}, found {total}"));
                    }
                    for (label, &want) in self.trails_from.iter().flatten() {
                        let found = per
                            .iter()
                            .find(|(v, _)| figure.label(*v) == label)
                            .map_or(0, |&(_, n)| n);
                        if figure.find(label).is_none() {
                            out.push(format!("trails_from: no vertex `{label}`"));
                        } else if u128::from(want) != found {
                            out.push(format!(
                                "trails_from `{label}`: expected {want}, found {found}"
                            ));
                        }
                    }
                }
                Err(e) => out.push(format!("trails: {e}")),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BARN: &str = r#"(
        version: 1,
        name: "barn",
        vertices: [(label: "0", pos: (2, 0)), (label: "1", pos: (0, 2)), (label: "2", pos: (4, 2)),
                   (label: "3", pos: (0, 6)), (label: "4", pos: (4, 6))],
        edges: [("0", "1"), ("0", "2"), ("1", "2"), ("1", "3"), ("1", "4"), ("2", "3"),
                ("2", "4"), ("3", "4")],
        expect: (verdict: "trail", ends: ["4", "3"], strokes: 1, trails: 88,
                 trails_from: {"3": 44, "4": 44, "0": 0}),
    )"#;

    #[test]
    fn a_file_round_trips_and_its_expectations_hold() {
        let doc = from_str(BARN).expect("reads");
        let expect = doc.expect.clone().expect("expectations");
        assert_eq!(expect.mismatches(&doc.figure), Vec::<String>::new());
        let text = to_string(&doc).expect("writes");
        let back = from_str(&text).expect("reads back");
        assert_eq!(back.figure.to_desc(), doc.figure.to_desc());
        assert_eq!(back.expect, doc.expect);
        let wrong = Expect {
            strokes: Some(2),
            trails: Some(87),
            ..Expect::default()
        };
        assert_eq!(wrong.mismatches(&doc.figure).len(), 2);
    }

    #[test]
    fn bad_files_name_the_place_or_the_item() {
        let err = |text: &str| from_str(text).expect_err("refused").to_string();
        assert!(
            err("(version: 1, vertices: [(label: \"a\")], edges: [(\"a\", \"b\")])")
                .contains("unknown vertex `b`")
        );
        assert!(
            err("(version: 1, vertices: [(label: \"a\")], edges: [(\"a\", \"a\")])")
                .contains("loop at `a`")
        );
        assert!(
            err("(version: 1, vertices: [(label: \"a\"), (label: \"a\")])")
                .contains("`a` is defined twice")
        );
        assert!(err("(version: 9, vertices: [])").contains("newer"));
        let syntax = from_str("(version: 1,\n vertices: [(label: 3)])").expect_err("bad");
        assert!(syntax.to_string().starts_with("2:"), "{syntax}");
    }
}
