//! `tritium euler`: draw a figure without lifting the pencil.
//!
//! Text output: the figure's size, the verdict (Euler circuit, trail from A or B, or the
//! fewest strokes), then what was asked: one drawing (default), a random one, the counts, or
//! every drawing up to a limit; a figure without an Euler trail gets a drawing in the fewest
//! strokes (and a count of 0). `--format json` prints one object for scripts.
//!
//! Counting and listing can take exponential time: the count shows a spinner on a terminal,
//! and both stop on Ctrl+C or `--time-limit`, saying so, with exit status 1 and no number; a
//! count whose memo outgrows [`count::MAX_STATES`] (K9, say) stops the same way, "too many to
//! count in time", within seconds.
//! `--all` prints each drawing as soon as it is found (JSON too: the object's `all` array is
//! written last, element by element), so memory does not grow with `--limit`.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use loader::FigureError;
use num_bigint::BigUint;
use serde_json::{Value, json};
use sim_core::figure::existence::{self, Verdict};
use sim_core::figure::{EulerError, Figure, VertexId, count, hierholzer, list, random, strokes};

use super::args::{EulerArgs, ReportFormat};
use super::console::{Console, Status, plural};

/// Runs `tritium euler`.
///
/// # Errors
/// Bad input: an unreadable or invalid figure file, a bad edge list, an unknown or illegal
/// start, a figure with more edges than counting handles.
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
    let stop = Stop::new(args);
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
        if args.count {
            // No single stroke: no start, and no drawing to count.
            report["count"] = json!({ "from": {}, "total": 0 });
            lines.push("drawings in all: 0 (no single stroke draws it)".to_owned());
        }
    } else if !matches!(verdict, Verdict::Empty) {
        report["strokes"] = json!(1);
        match one_stroke(args, &figure, start, &mut report, &stop)? {
            Ok(more) => lines.extend(more),
            Err(NoCount::Stopped) => return cut_off(console, &stop, "--count"),
            Err(NoCount::TooMany(max)) => {
                console.error(format!("--count: {}", EulerError::TooManyStates(max)))?;
                return Ok(Status::Failed);
            }
        }
    }
    let listing = args.all && !matches!(verdict, Verdict::Empty | Verdict::Strokes { .. });
    if args.all && !listing {
        report["all"] = json!([]);
        report["listed"] = json!(0);
        lines.push(format!("0 drawings (limit {})", args.limit));
    }
    if text_mode {
        for line in lines {
            writeln!(console.out, "{line}")?;
        }
    } else if !listing {
        writeln!(console.out, "{}", serde_json::to_string_pretty(&report)?)?;
    }
    if listing {
        let listed = stream_all(args, &figure, start, &report, &stop, console)?;
        if stop.reason().is_some() {
            return cut_off(console, &stop, &format!("--all (after {listed} drawings)"));
        }
    }
    Ok(Status::Success)
}

/// Why a long count or listing must stop: Ctrl+C, or `--time-limit` passed.
struct Stop {
    began: Instant,
    limit: Option<Duration>,
}

/// Set by the Ctrl+C handler; a second Ctrl+C exits at once.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

impl Stop {
    /// Starts the clock; installs the Ctrl+C handler when something long was asked for.
    fn new(args: &EulerArgs) -> Stop {
        if args.count || args.all {
            static HANDLER: Once = Once::new();
            HANDLER.call_once(|| {
                // Without a handler (one is set already) Ctrl+C simply ends the process.
                let _ = ctrlc::set_handler(|| {
                    if INTERRUPTED.swap(true, Ordering::SeqCst) {
                        std::process::exit(130);
                    }
                });
            });
        }
        Stop {
            began: Instant::now(),
            limit: args.time_limit.map(Duration::from_secs_f64),
        }
    }

    /// `Some(why)` once the work must stop.
    fn reason(&self) -> Option<String> {
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Some("Ctrl+C".to_owned());
        }
        self.limit
            .filter(|&limit| self.began.elapsed() >= limit)
            .map(|limit| format!("--time-limit {} s", limit.as_secs_f64()))
    }
}

/// Reports that `what` was cut off (exit status 1): never a partial number.
fn cut_off(console: &mut Console<'_>, stop: &Stop, what: &str) -> Result<Status> {
    let why = stop.reason().unwrap_or_else(|| "a stop".to_owned());
    console.error(format!(
        "{what} cut off by {why} after {:.1} s: no result (the figure is too large to finish)",
        stop.began.elapsed().as_secs_f64()
    ))?;
    Ok(Status::Failed)
}

/// A count in JSON: a number up to `u64::MAX`, a decimal string beyond (JSON numbers past
/// 64 bits are not portable).
fn count_json(n: &BigUint) -> Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |small| json!(small))
}

/// `--all`: each drawing written as soon as it is found; returns how many.
fn stream_all(
    args: &EulerArgs,
    figure: &Figure,
    start: Option<VertexId>,
    report: &Value,
    stop: &Stop,
    console: &mut Console<'_>,
) -> Result<usize> {
    let text_mode = matches!(args.format, ReportFormat::Text);
    let mut failed: Option<std::io::Error> = None;
    let out = &mut *console.out;
    if !text_mode {
        // The report without its last brace, then `all` element by element.
        let head = serde_json::to_string_pretty(report)?;
        let head = head
            .trim_end()
            .strip_suffix('}')
            .unwrap_or(&head)
            .trim_end();
        write!(out, "{head},\n  \"all\": [")?;
    }
    let mut listed = 0usize;
    let n = list::each_trail(figure.graph(), start, args.limit, &mut |t| {
        if stop.reason().is_some() {
            return false;
        }
        let written = if text_mode {
            writeln!(out, "{}", figure.path_text(&t.vertices))
        } else {
            let labels: Vec<&str> = t.vertices.iter().map(|&v| figure.label(v)).collect();
            let sep = if listed == 0 { "" } else { "," };
            serde_json::to_string(&labels)
                .map_err(std::io::Error::other)
                .and_then(|item| write!(out, "{sep}\n    {item}"))
        };
        listed += 1;
        match written.and_then(|()| out.flush()) {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    debug_assert!(n >= listed);
    if text_mode {
        writeln!(
            out,
            "{} (limit {})",
            plural(listed as u64, "drawing"),
            args.limit
        )?;
    } else {
        let close = if listed == 0 { "" } else { "\n  " };
        writeln!(out, "{close}],\n  \"listed\": {listed}\n}}")?;
    }
    Ok(listed)
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

/// Why `--count` gave no number (exit status 1, never a partial number).
enum NoCount {
    /// Ctrl+C or `--time-limit` stopped it.
    Stopped,
    /// Its memo outgrew this many states ([`count::MAX_STATES`]): too many to count in time.
    TooMany(usize),
}

/// For a figure one stroke draws: the counts, or one drawing — text lines, and the same in
/// `report` (`--all` is streamed afterwards); [`NoCount`] when the count gave no number.
fn one_stroke(
    args: &EulerArgs,
    figure: &Figure,
    start: Option<VertexId>,
    report: &mut Value,
    stop: &Stop,
) -> Result<Result<Vec<String>, NoCount>> {
    let g = figure.graph();
    let labels = |vs: &[VertexId]| -> Vec<String> {
        vs.iter().map(|&v| figure.label(v).to_owned()).collect()
    };
    let mut lines = Vec::new();
    if args.count {
        let bar = ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} counting drawings: {msg}, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        let counted = count::trails_counted(g, &mut |states| {
            bar.set_message(format!("{states} states"));
            bar.tick();
            stop.reason().is_none()
        });
        bar.finish_and_clear();
        let (per, total) = match counted {
            Err(EulerError::Cancelled) => return Ok(Err(NoCount::Stopped)),
            Err(EulerError::TooManyStates(max)) => return Ok(Err(NoCount::TooMany(max))),
            other => other.context("--count")?,
        };
        let per: Vec<(VertexId, BigUint)> = match start {
            Some(s) => per.into_iter().filter(|(v, _)| *v == s).collect(),
            None => per,
        };
        let from: serde_json::Map<String, Value> = per
            .iter()
            .map(|(v, n)| (figure.label(*v).to_owned(), count_json(n)))
            .collect();
        report["count"] = json!({ "from": from, "total": count_json(&total) });
        for (v, n) in &per {
            lines.push(format!("drawings from {}: {n}", figure.label(*v)));
        }
        lines.push(format!("drawings in all: {total}"));
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
    Ok(Ok(lines))
}

/// `1 vertex`, `5 vertices`.
fn vertices(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
