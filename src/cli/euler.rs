//! `tritium euler`: draw a figure without lifting the pencil.
//!
//! Text output: the figure's size, the verdict (Euler circuit, trail from A or B, or the
//! fewest strokes), then what was asked: one drawing (default), a random one, the counts, or
//! every drawing up to a limit; a figure without an Euler trail gets a drawing in the fewest
//! strokes. `--format json` prints one object for scripts.

use anyhow::{Context, Result, bail};
use loader::FigureError;
use serde_json::{Value, json};
use sim_core::figure::existence::{self, Verdict};
use sim_core::figure::{Figure, VertexId, count, hierholzer, list, random, strokes};

use super::args::{EulerArgs, ReportFormat};
use super::{Console, Status, plural};

/// Runs `tritium euler`.
///
/// # Errors
/// Bad input: an unreadable or invalid figure file, a bad edge list, an unknown or illegal
/// start, a count beyond the counting limit.
pub fn run(args: &EulerArgs, console: &mut Console<'_>) -> Result<Status> {
    let (name, figure) = load(args)?;
    let g = figure.graph();
    let labels = |vs: &[VertexId]| -> Vec<String> {
        vs.iter().map(|&v| figure.label(v).to_owned()).collect()
    };
    let verdict = existence::verdict(g);
    let starts: Vec<VertexId> = match &verdict {
        Verdict::Circuit => g
            .node_indices()
            .filter(|&v| g.neighbors(v).next().is_some())
            .collect(),
        Verdict::Trail { ends } => ends.to_vec(),
        _ => Vec::new(),
    };
    let start = start_vertex(args, &name, &figure, &verdict, &starts)?;
    let mut report = json!({
        "figure": name,
        "vertices": g.node_count(),
        "edges": g.edge_count(),
    });
    let (kind, summary) = summary(&figure, &verdict);
    report["verdict"] = json!(kind);
    report["starts"] = json!(labels(&starts));
    let text_mode = matches!(args.format, ReportFormat::Text);
    if text_mode {
        writeln!(
            console.out,
            "{name}: {}, {}",
            vertices(g.node_count(), "vertex", "vertices"),
            plural(g.edge_count() as u64, "edge")
        )?;
        writeln!(console.out, "{summary}")?;
    }
    let mut lines = Vec::new();
    if let Verdict::Strokes { needed, .. } = &verdict {
        let drawing = strokes::min_strokes(g);
        report["strokes"] = json!(needed);
        report["drawing"] = json!(
            drawing
                .iter()
                .map(|t| labels(&t.vertices))
                .collect::<Vec<_>>()
        );
        for (i, t) in drawing.iter().enumerate() {
            lines.push(format!(
                "stroke {}: {}",
                i + 1,
                figure.path_text(&t.vertices)
            ));
        }
    } else if !matches!(verdict, Verdict::Empty) {
        report["strokes"] = json!(1);
        lines = one_stroke(args, &figure, start, &mut report)?;
    }
    if text_mode {
        for line in lines {
            writeln!(console.out, "{line}")?;
        }
    } else {
        writeln!(console.out, "{}", serde_json::to_string_pretty(&report)?)?;
    }
    Ok(Status::Success)
}

/// The figure of a file or an edge list, and how messages name it.
fn load(args: &EulerArgs) -> Result<(String, Figure)> {
    Ok(match (&args.file, &args.edges) {
        (Some(path), _) => {
            let name = path.display().to_string();
            let doc = match loader::load_figure(path) {
                Ok(doc) => doc,
                Err(FigureError::Unreadable { error, .. }) => {
                    return Err(anyhow::Error::new(error).context(format!("{name}: cannot read")));
                }
                Err(invalid) => bail!(invalid.to_string()),
            };
            (name, doc.figure)
        }
        (None, Some(edges)) => (
            "--edges".to_owned(),
            Figure::from_edge_list(edges).context("--edges")?,
        ),
        (None, None) => bail!("give a figure file or --edges"),
    })
}

/// `--start`, checked: a vertex of the figure where a drawing may start.
fn start_vertex(
    args: &EulerArgs,
    name: &str,
    figure: &Figure,
    verdict: &Verdict<VertexId>,
    starts: &[VertexId],
) -> Result<Option<VertexId>> {
    let Some(label) = &args.start else {
        return Ok(None);
    };
    let v = figure
        .find(label)
        .with_context(|| format!("--start: no vertex `{label}` in {name}"))?;
    if !starts.contains(&v) {
        let allowed = match verdict {
            Verdict::Trail { .. } => {
                let ends: Vec<&str> = starts.iter().map(|&s| figure.label(s)).collect();
                format!("one of {}", ends.join(", "))
            }
            Verdict::Circuit => "a vertex with edges".to_owned(),
            _ => "nowhere: no single stroke draws this figure".to_owned(),
        };
        bail!("--start {label}: no drawing starts there; it must start at {allowed}");
    }
    Ok(Some(v))
}

/// The verdict's JSON name and its sentence.
fn summary(figure: &Figure, verdict: &Verdict<VertexId>) -> (&'static str, String) {
    match verdict {
        Verdict::Empty => ("empty", "no edges: nothing to draw".to_owned()),
        Verdict::Circuit => (
            "circuit",
            "Euler circuit: one stroke from any vertex with edges, ending where it began"
                .to_owned(),
        ),
        Verdict::Trail { ends } => (
            "trail",
            format!(
                "Euler trail: one stroke, from {} or {} to the other (the two odd vertices)",
                figure.label(ends[0]),
                figure.label(ends[1])
            ),
        ),
        Verdict::Strokes {
            needed,
            odd,
            components,
        } => (
            "strokes",
            format!(
                "no single stroke: {} in {}; at least {}",
                vertices(odd.len(), "odd vertex", "odd vertices"),
                plural(*components as u64, "piece"),
                plural(*needed as u64, "stroke")
            ),
        ),
    }
}

/// For a figure one stroke draws: the counts, the list, or one drawing — text lines, and
/// the same in `report`.
fn one_stroke(
    args: &EulerArgs,
    figure: &Figure,
    start: Option<VertexId>,
    report: &mut Value,
) -> Result<Vec<String>> {
    let g = figure.graph();
    let labels = |vs: &[VertexId]| -> Vec<String> {
        vs.iter().map(|&v| figure.label(v).to_owned()).collect()
    };
    let mut lines = Vec::new();
    if args.count {
        let (per, total) = count::trails(g).context("--count")?;
        let per: Vec<(VertexId, u128)> = match start {
            Some(s) => per.into_iter().filter(|&(v, _)| v == s).collect(),
            None => per,
        };
        let from: serde_json::Map<String, Value> = per
            .iter()
            .map(|&(v, n)| (figure.label(v).to_owned(), json!(n)))
            .collect();
        report["count"] = json!({ "from": from, "total": total });
        for &(v, n) in &per {
            lines.push(format!("drawings from {}: {n}", figure.label(v)));
        }
        lines.push(format!("drawings in all: {total}"));
    }
    if args.all {
        let all: Vec<_> = list::trails(g, args.limit)
            .into_iter()
            .filter(|t| start.is_none_or(|s| t.vertices.first() == Some(&s)))
            .collect();
        report["all"] = json!(all.iter().map(|t| labels(&t.vertices)).collect::<Vec<_>>());
        lines.extend(all.iter().map(|t| figure.path_text(&t.vertices)));
        lines.push(format!(
            "{} (limit {})",
            plural(all.len() as u64, "drawing"),
            args.limit
        ));
    }
    if !args.count && !args.all {
        let trail = if args.random {
            random::random_trail(g, args.seed)?
        } else {
            hierholzer::euler_trail(g, start)?
        };
        report["drawing"] = json!(labels(&trail.vertices));
        let how = if args.random {
            format!("random drawing (seed {})", args.seed)
        } else {
            "drawing".to_owned()
        };
        lines.push(format!("{how}: {}", figure.path_text(&trail.vertices)));
    }
    Ok(lines)
}

/// `1 vertex`, `5 vertices`.
fn vertices(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
