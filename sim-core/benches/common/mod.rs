//! What the ISCAS benches share (`iscas.rs`, `wave.rs`): loading a netlist of
//! `../shared/circuits/iscas85/` and the seeded random trits they drive it with.

use std::path::PathBuf;

use rand::Rng as _;
use rand_chacha::ChaCha8Rng;
use sim_core::{Circuit, Trit, bench};

/// The share of `x` inputs.
pub const X_PROB: f64 = 0.1;

/// Loads `../shared/circuits/iscas85/NAME.bench`.
pub fn load(name: &str) -> Circuit {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/circuits/iscas85")
        .join(format!("{name}.bench"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the ISCAS-85 netlists)", path.display()));
    bench::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One random trit: `x` with probability [`X_PROB`], else 0 or 1 evenly.
pub fn trit(rng: &mut ChaCha8Rng) -> Trit {
    let v = rng.next_u64();
    if ((v >> 11) as f64) * (1.0 / (1_u64 << 53) as f64) < X_PROB {
        Trit::Unknown
    } else if v & 1 == 1 {
        Trit::True
    } else {
        Trit::False
    }
}
