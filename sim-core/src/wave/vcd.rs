//! IEEE 1364 Value Change Dump (IEEE Std 1364-2005, §18) of a [`Waveform`], for `GTKWave`,
//! Surfer and every HDL tool.
//!
//! * One `$scope module` per level of the hierarchy: a signal `adder8/lo/s` is the variable
//!   `s` in scope `lo` in scope `adder8`, all inside the top scope (the circuit's name).
//! * A net is a 1-bit `wire`, a bus a vector `wire N … [N-1:0]` written most significant
//!   bit first; −1 is `0`, +1 is `1`, and unknown is `x` — the third value shown, not
//!   hidden.
//! * Time: `$timescale` is chosen so that one step lasts [`VcdOptions::step`] (by default
//!   `1ns`: Tritium has no physical time, so one nanosecond stands for one step). With
//!   [`VcdOptions::deltas`] each step is divided into 10ᵏ finer time units, the smallest power
//!   of ten above the largest delta cycle recorded, and a change at delta *d* of step *s* is
//!   written at *s*·10ᵏ + *d* of them: a glitch inside a step becomes visible in any viewer.
//!   Without it, each signal's value at the end of each step is written at the step's time.
//! * A record that reached its limit has a [`Gap`] between its kept start and its latest
//!   window: a `$comment` says how many changes it held and where, every signal reads `x`
//!   from the gap's first moment, and at its end every signal is written with its value then
//!   (the file knows nothing of the values in between, and says so in the one way every
//!   viewer shows).
//!
//! The header (scopes, variables, timescale) is written with the maintained [`vcd`] crate;
//! value changes are formatted by hand into the caller's writer (one `write_all` per change),
//! so that a 100 MB file is limited by the disk, not by formatting.

use std::io::Write;

use ::vcd::{IdCode, TimescaleUnit, VarType, Writer};

use super::{Gap, NONE, Point, WaveError, WaveSignal, Waveform, unpack};
use crate::trit::Trit;

/// A duration: a whole number of a time unit, as VCD writes them (`10ns`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeSpan {
    /// The number of units, at least 1.
    pub amount: u64,
    /// The unit.
    pub unit: TimescaleUnit,
}

impl Default for TimeSpan {
    /// One nanosecond.
    fn default() -> TimeSpan {
        TimeSpan {
            amount: 1,
            unit: TimescaleUnit::NS,
        }
    }
}

impl TimeSpan {
    /// The span in femtoseconds.
    pub fn femtoseconds(self) -> u128 {
        u128::from(self.amount) * u128::from(unit_fs(self.unit))
    }

    /// Half of this span (one tick of a clock whose period is `self`) in the coarsest unit
    /// that holds it whole (`20ns` → `10ns`, `1ns` → `500ps`), `None` if it is not a whole
    /// number of femtoseconds.
    pub fn half(self) -> Option<TimeSpan> {
        let fs = self.femtoseconds();
        if !fs.is_multiple_of(2) {
            return None;
        }
        let half = fs / 2;
        UNITS.into_iter().find_map(|unit| {
            let per = u128::from(unit_fs(unit));
            half.is_multiple_of(per)
                .then(|| u64::try_from(half / per).ok())
                .flatten()
                .map(|amount| TimeSpan { amount, unit })
        })
    }
}

impl std::fmt::Display for TimeSpan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.amount, self.unit)
    }
}

impl std::str::FromStr for TimeSpan {
    type Err = WaveError;

    /// Reads `10ns`, `1 us`, `250ps` (units s, ms, us, ns, ps, fs).
    fn from_str(text: &str) -> Result<TimeSpan, WaveError> {
        let bad = || WaveError::BadTime(text.to_owned());
        let t = text.trim();
        let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let amount: u64 = t[..digits].parse().map_err(|_| bad())?;
        let unit = t[digits..].trim().parse().map_err(|_| bad())?;
        if amount == 0 {
            return Err(bad());
        }
        Ok(TimeSpan { amount, unit })
    }
}

/// The units, coarsest first.
const UNITS: [TimescaleUnit; 6] = [
    TimescaleUnit::S,
    TimescaleUnit::MS,
    TimescaleUnit::US,
    TimescaleUnit::NS,
    TimescaleUnit::PS,
    TimescaleUnit::FS,
];

/// Femtoseconds in one `unit`.
fn unit_fs(unit: TimescaleUnit) -> u64 {
    match unit {
        TimescaleUnit::S => 1_000_000_000_000_000,
        TimescaleUnit::MS => 1_000_000_000_000,
        TimescaleUnit::US => 1_000_000_000,
        TimescaleUnit::NS => 1_000_000,
        TimescaleUnit::PS => 1_000,
        TimescaleUnit::FS => 1,
    }
}

/// How [`write()`] lays the record out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcdOptions {
    /// The name of the top scope (the circuit's name; `top` if empty).
    pub top: String,
    /// How long one step lasts (default 1 ns).
    pub step: TimeSpan,
    /// Write each delta cycle at its own finer time (see the [module docs](self)).
    pub deltas: bool,
}

impl Default for VcdOptions {
    fn default() -> VcdOptions {
        VcdOptions {
            top: "top".to_owned(),
            step: TimeSpan::default(),
            deltas: false,
        }
    }
}

/// The time layout of one file: the timescale and how many of its units a step and a delta
/// take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The `$timescale`: 1, 10 or 100 of a unit.
    pub scale: (u32, TimescaleUnit),
    /// Timescale units per step.
    pub per_step: u64,
    /// Timescale units per delta cycle (0 without [`VcdOptions::deltas`]).
    pub per_delta: u64,
}

impl Timing {
    /// The layout for `options` on a record whose largest delta cycle is `max_delta`.
    ///
    /// # Errors
    /// [`WaveError::TimeTooFine`] when deltas are asked for and the step is not a whole number
    /// of femtoseconds per delta.
    pub fn new(options: &VcdOptions, max_delta: u32) -> Result<Timing, WaveError> {
        let step_fs = options.step.femtoseconds();
        let mut slots = 1u128;
        if options.deltas {
            while slots <= u128::from(max_delta) {
                slots *= 10;
            }
        }
        if !step_fs.is_multiple_of(slots) {
            return Err(WaveError::TimeTooFine {
                step: options.step.to_string(),
                deltas: u64::try_from(slots).unwrap_or(u64::MAX),
            });
        }
        let delta_fs = step_fs / slots;
        // The coarsest power of ten of femtoseconds (up to 100 s) dividing a delta.
        let mut scale_fs = 1u128;
        while scale_fs < 100_000_000_000_000_000 && delta_fs.is_multiple_of(scale_fs * 10) {
            scale_fs *= 10;
        }
        let unit = UNITS
            .into_iter()
            .find(|&u| scale_fs >= u128::from(unit_fs(u)))
            .unwrap_or(TimescaleUnit::FS);
        let factor = u32::try_from(scale_fs / u128::from(unit_fs(unit))).unwrap_or(1);
        let units = |fs: u128| u64::try_from(fs / scale_fs).unwrap_or(u64::MAX);
        Ok(Timing {
            scale: (factor, unit),
            per_step: units(step_fs),
            per_delta: if options.deltas { units(delta_fs) } else { 0 },
        })
    }

    /// The time, in timescale units, of `point` (its step alone without deltas).
    pub fn time(&self, point: Point) -> u64 {
        point
            .step
            .saturating_mul(self.per_step)
            .saturating_add(u64::from(point.delta).saturating_mul(self.per_delta))
    }
}

/// A node of the scope tree: its sub-scopes in first-appearance order and its variables.
#[derive(Default)]
struct Scope<'a> {
    name: &'a str,
    children: Vec<Scope<'a>>,
    vars: Vec<usize>,
}

impl<'a> Scope<'a> {
    fn insert(&mut self, path: &[&'a str], signal: usize) {
        match path.split_first() {
            None => self.vars.push(signal),
            Some((first, rest)) => {
                let k = if let Some(k) = self.children.iter().position(|c| c.name == *first) {
                    k
                } else {
                    self.children.push(Scope {
                        name: first,
                        ..Scope::default()
                    });
                    self.children.len() - 1
                };
                self.children[k].insert(rest, signal);
            }
        }
    }

    fn write<W: Write>(
        &self,
        out: &mut Writer<W>,
        signals: &[WaveSignal],
        ids: &mut [IdCode],
    ) -> std::io::Result<()> {
        out.add_module(&identifier(self.name))?;
        for &s in &self.vars {
            let signal = &signals[s];
            let leaf = signal.name.rsplit('/').next().unwrap_or(&signal.name);
            let width = signal.bits.len() as u32;
            let reference = if signal.is_bus() {
                format!("{} [{}:0]", identifier(leaf), width - 1)
            } else {
                identifier(leaf)
            };
            ids[s] = out.add_var(VarType::Wire, width, &reference, None)?;
        }
        for child in &self.children {
            child.write(out, signals, ids)?;
        }
        out.upscope()
    }
}

/// A name as a VCD identifier: whitespace (which would end it) becomes `_`.
fn identifier(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect();
    if id.is_empty() { "_".to_owned() } else { id }
}

/// Writes `signals` of `wave` to `out` as VCD (see the [module docs](self)). `out` should be
/// buffered.
///
/// # Errors
/// [`WaveError::NoSignals`], [`WaveError::NotRecorded`] naming a signal whose nodes `wave`
/// does not record, [`WaveError::TimeTooFine`], or the I/O error of `out`.
pub fn write(
    out: &mut impl Write,
    wave: &Waveform,
    signals: &[WaveSignal],
    options: &VcdOptions,
) -> Result<(), WaveError> {
    if signals.is_empty() {
        return Err(WaveError::NoSignals);
    }
    let lanes = signal_lanes(wave, signals)?;
    let max_delta = wave.points().iter().map(|p| p.delta).max().unwrap_or(0);
    let timing = Timing::new(options, max_delta)?;

    let ids = write_header(out, signals, options, &timing)?;

    // Flat arrays (no pointer to chase per change): each signal's lanes, identifier text and
    // kind; the signals of each lane.
    let vars = Vars::new(&lanes, signals, &ids);
    let (flat, offsets, id_text, id_at) = (&vars.flat, &vars.offsets, &vars.id_text, &vars.id_at);
    let (lane_sigs, lane_sig_at) = csr_of_lanes(&lanes, wave.lane_count());
    let mut current: Vec<Trit> = (0..wave.lane_count()).map(|l| wave.initial(l)).collect();
    let mut written: Vec<Trit> = flat.iter().map(|&l| current[l]).collect();
    // Per lane, the one net signal it is the only bit of, if it belongs to no other signal
    // (`NONE` otherwise), and that signal's value as last written.
    let scalar = scalar_signals(&lane_sigs, &lane_sig_at, &vars.bus);
    let mut written_scalar = current.clone();

    // The text goes through a local buffer, handed to `out` 64 KiB at a time.
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 17);
    stamp(&mut buf, 0);
    buf.extend_from_slice(b"$dumpvars\n");
    vars.all(&mut buf, &current);
    buf.extend_from_slice(b"$end\n");
    let mut stamped_at = 0;

    // Changes, read from the log in time order and grouped by time (a step without deltas,
    // a point with them; the gap's resume point begins a group); a signal is written once
    // per time, if its value changed.
    let log = &wave.log;
    let points = wave.points();
    let gap = wave.gap();
    let mut p = 0;
    while p < points.len() {
        // The points written at one time, and their changes: one run of the log.
        let time = timing.time(points[p]);
        let resumes = gap.filter(|g| g.resume == p);
        let end = group_end(points, p, &timing, gap.map(|g| g.resume));
        let changes = wave.point_range(p).start..wave.point_range(end - 1).end;
        p = end;
        let changes = log.entries(changes);
        // First every change of the time, then each changed lane's signals once more: a
        // signal whose value differs from what was last written is written (and then equals
        // it, so a lane that changed twice, or a bus's other bits, find nothing to write).
        for entry in changes.clone() {
            current[(entry >> 2) as usize] = unpack(entry).1;
        }
        if let Some(gap) = resumes {
            let times = (timing.time(gap.from), time);
            vars.gap(
                &mut buf,
                (&gap, wave.dropped()),
                times,
                stamped_at,
                &current,
            );
            written_scalar.clone_from(&current);
            for (w, &l) in written.iter_mut().zip(flat) {
                *w = current[l];
            }
            stamped_at = time;
            continue;
        }
        let mut stamped = stamped_at == time;
        for entry in changes {
            let l = (entry >> 2) as usize;
            let only = scalar[l];
            if only != NONE {
                // The common case, a lane that is one net's only signal: its own bytes.
                let value = current[l];
                if value != written_scalar[l] {
                    written_scalar[l] = value;
                    if !stamped {
                        stamp(&mut buf, time);
                        stamped = true;
                    }
                    let s = only as usize;
                    scalar_line(&mut buf, value, &id_text[id_at[s]..id_at[s + 1]]);
                }
                continue;
            }
            for &s in &lane_sigs[lane_sig_at[l] as usize..lane_sig_at[l + 1] as usize] {
                let s = s as usize;
                let range = offsets[s]..offsets[s + 1];
                if unchanged(&flat[range.clone()], &written[range.clone()], &current) {
                    continue;
                }
                if !stamped {
                    stamp(&mut buf, time);
                    stamped = true;
                }
                for (w, &l) in written[range.clone()].iter_mut().zip(&flat[range]) {
                    *w = current[l];
                }
                vars.line(&mut buf, s, &current);
            }
        }
        if stamped {
            stamped_at = time;
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    // The end of the last step, so that viewers show its values for a whole step.
    let end = Point {
        step: wave.step().saturating_add(1),
        delta: 0,
    };
    stamp(&mut buf, timing.time(end));
    out.write_all(&buf)?;
    out.flush()?;
    Ok(())
}

/// The variables, one per signal: its lanes (`flat[offsets[s]..offsets[s + 1]]`, bit 0
/// first), whether it is a bus, and its identifier code (`id_text[id_at[s]..id_at[s + 1]]`).
struct Vars {
    flat: Vec<usize>,
    offsets: Vec<usize>,
    bus: Vec<bool>,
    id_text: Vec<u8>,
    id_at: Vec<usize>,
}

impl Vars {
    /// The variables of `signals`, whose lanes are `lanes` and identifier codes `ids`.
    fn new(lanes: &[Vec<usize>], signals: &[WaveSignal], ids: &[String]) -> Vars {
        let (flat, offsets) = flatten(lanes);
        let (id_text, id_at) = concat(ids);
        let bus = signals.iter().map(WaveSignal::is_bus).collect();
        Vars {
            flat,
            offsets,
            bus,
            id_text,
            id_at,
        }
    }

    /// Appends signal `s`'s value in `current` (a bus most significant bit first).
    #[inline]
    fn line(&self, buf: &mut Vec<u8>, s: usize, current: &[Trit]) {
        let bits = &self.flat[self.offsets[s]..self.offsets[s + 1]];
        if self.bus[s] {
            buf.push(b'b');
            buf.extend(bits.iter().rev().map(|&l| digit(current[l])));
            buf.push(b' ');
        } else {
            buf.push(digit(current[bits[0]]));
        }
        self.id(buf, s);
    }

    /// Appends signal `s`'s identifier code and a newline (byte by byte: a few bytes, for
    /// which `extend_from_slice` would call `memcpy`).
    #[inline]
    fn id(&self, buf: &mut Vec<u8>, s: usize) {
        for &b in &self.id_text[self.id_at[s]..self.id_at[s + 1]] {
            buf.push(b);
        }
        buf.push(b'\n');
    }

    /// Appends every signal's value in `current`.
    fn all(&self, buf: &mut Vec<u8>, current: &[Trit]) {
        for s in 0..self.bus.len() {
            self.line(buf, s, current);
        }
    }

    /// Appends the gap (with the number of its changes) at its resume point, whose time is
    /// `times.1` (`stamped_at`: the time stamped last): a comment saying what was not kept,
    /// every signal unknown from the gap's first moment (at `times.0`, if that is earlier),
    /// then every signal's value in `current`.
    fn gap(
        &self,
        buf: &mut Vec<u8>,
        (gap, changes): (&Gap, u64),
        (from, time): (u64, u64),
        stamped_at: u64,
        current: &[Trit],
    ) {
        let comment = format!(
            "$comment Tritium: {changes} changes not kept (the waveform's limit was reached): \
             from step {} delta {} to step {} delta {}; every signal reads x until the values \
             at its end $end\n",
            gap.from.step, gap.from.delta, gap.to.step, gap.to.delta
        );
        buf.extend_from_slice(comment.as_bytes());
        let mut stamped_at = stamped_at;
        if from < time {
            if stamped_at != from {
                stamp(buf, from);
                stamped_at = from;
            }
            self.unknown(buf);
        }
        if stamped_at != time {
            stamp(buf, time);
        }
        self.all(buf, current);
    }

    /// Appends every signal as unknown (`x`, or a bus of `x`s).
    fn unknown(&self, buf: &mut Vec<u8>) {
        for s in 0..self.bus.len() {
            if self.bus[s] {
                buf.push(b'b');
                buf.extend((self.offsets[s]..self.offsets[s + 1]).map(|_| b'x'));
                buf.push(b' ');
            } else {
                buf.push(b'x');
            }
            self.id(buf, s);
        }
    }
}

/// The end of the group of points from `p` written at one time: the points after it at the
/// same time, up to the gap's resume point `resume` (which begins a group of its own).
fn group_end(points: &[Point], p: usize, timing: &Timing, resume: Option<usize>) -> usize {
    let time = timing.time(points[p]);
    let mut end = p + 1;
    while end < points.len() && timing.time(points[end]) == time && resume != Some(end) {
        end += 1;
    }
    end
}

/// The lanes of every signal, bit 0 first.
///
/// # Errors
/// [`WaveError::NotRecorded`] naming a signal with a node `wave` does not record.
fn signal_lanes(wave: &Waveform, signals: &[WaveSignal]) -> Result<Vec<Vec<usize>>, WaveError> {
    signals
        .iter()
        .map(|signal| {
            let l: Option<Vec<usize>> = signal.bits.iter().map(|&b| wave.lane(b)).collect();
            l.ok_or_else(|| WaveError::NotRecorded(signal.name.clone()))
        })
        .collect()
}

/// Per lane, the signal it is the only bit of if that is its only signal (a net), else
/// [`NONE`] (from the CSR of [`csr_of_lanes`] and which signals are buses).
fn scalar_signals(lane_sigs: &[u32], lane_sig_at: &[u32], bus: &[bool]) -> Vec<u32> {
    lane_sig_at
        .windows(2)
        .map(|at| match &lane_sigs[at[0] as usize..at[1] as usize] {
            &[s] if !bus[s as usize] => s,
            _ => NONE,
        })
        .collect()
}

/// Appends a net's change: its digit, its identifier code, a newline (byte by byte: a few
/// bytes, for which `extend_from_slice` would call `memcpy`).
#[inline]
fn scalar_line(buf: &mut Vec<u8>, value: Trit, id: &[u8]) {
    buf.push(digit(value));
    for &b in id {
        buf.push(b);
    }
    buf.push(b'\n');
}

/// Whether the lanes `lanes` hold the values `written` in `current`.
#[inline]
fn unchanged(lanes: &[usize], written: &[Trit], current: &[Trit]) -> bool {
    match (lanes, written) {
        ([l], [w]) => current[*l] == *w,
        _ => lanes.iter().zip(written).all(|(&l, &w)| current[l] == w),
    }
}

/// `texts` end to end, and where each begins (`at[k]..at[k + 1]`).
fn concat(texts: &[String]) -> (Vec<u8>, Vec<usize>) {
    let mut all = Vec::new();
    let mut at = vec![0];
    for text in texts {
        all.extend_from_slice(text.as_bytes());
        at.push(all.len());
    }
    (all, at)
}

/// Each signal's lanes as a range (`offsets[s]..offsets[s + 1]`) of one flat list.
fn flatten(lanes: &[Vec<usize>]) -> (Vec<usize>, Vec<usize>) {
    let mut offsets = Vec::with_capacity(lanes.len() + 1);
    offsets.push(0);
    for l in lanes {
        offsets.push(offsets[offsets.len() - 1] + l.len());
    }
    (lanes.iter().flatten().copied().collect(), offsets)
}

/// The signals each of `lane_count` lanes belongs to, as a CSR: lane `l`'s signals are
/// `sigs[at[l]..at[l + 1]]`.
fn csr_of_lanes(lanes: &[Vec<usize>], lane_count: usize) -> (Vec<u32>, Vec<u32>) {
    let mut pairs: Vec<(usize, u32)> = lanes
        .iter()
        .enumerate()
        .flat_map(|(s, l)| l.iter().map(move |&lane| (lane, s as u32)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut at = vec![0u32; lane_count + 1];
    for &(lane, _) in &pairs {
        at[lane + 1] += 1;
    }
    for l in 0..lane_count {
        at[l + 1] += at[l];
    }
    (pairs.into_iter().map(|(_, s)| s).collect(), at)
}

/// Appends the time stamp `#time` and a newline.
fn stamp(buf: &mut Vec<u8>, time: u64) {
    buf.push(b'#');
    let mut digits = [0u8; 20];
    let mut n = time;
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[k..]);
    buf.push(b'\n');
}

/// Writes the header (comment, version, timescale, the scope tree with one variable per
/// signal) and returns each signal's identifier code.
fn write_header(
    out: &mut impl Write,
    signals: &[WaveSignal],
    options: &VcdOptions,
    timing: &Timing,
) -> std::io::Result<Vec<String>> {
    let mut ids = vec![IdCode::FIRST; signals.len()];
    let mut header = Writer::new(&mut *out);
    let deltas = if options.deltas {
        format!(", a delta cycle every {} units", timing.per_delta)
    } else {
        String::new()
    };
    header.comment(&format!(
        "Tritium: one step = {} = {} units{deltas}",
        options.step, timing.per_step
    ))?;
    header.version(concat!("Tritium ", env!("CARGO_PKG_VERSION")))?;
    header.timescale(timing.scale.0, timing.scale.1)?;
    let mut top = Scope {
        name: if options.top.is_empty() {
            "top"
        } else {
            &options.top
        },
        ..Scope::default()
    };
    for (k, signal) in signals.iter().enumerate() {
        let path: Vec<&str> = signal.name.split('/').collect();
        top.insert(&path[..path.len() - 1], k);
    }
    top.write(&mut header, signals, &mut ids)?;
    header.enddefinitions()?;
    Ok(ids.iter().map(ToString::to_string).collect())
}

/// A trit as a VCD value digit.
#[inline]
fn digit(t: Trit) -> u8 {
    match t {
        Trit::False => b'0',
        Trit::True => b'1',
        Trit::Unknown => b'x',
    }
}
