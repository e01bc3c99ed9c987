//! Summary statistics of experiment results.
//!
//! ```
//! use game_kit::stats;
//!
//! let scores = [5.0, 1.0, 3.0, 2.0];
//! assert_eq!(stats::mean(&scores), 2.75);
//! assert_eq!(stats::median(&scores), 2.5);
//! assert!((stats::sample_sd(&scores) - 1.707_825).abs() < 1e-6);
//! ```

/// The arithmetic mean; 0 for no values.
pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

/// The sample standard deviation (n − 1 in the denominator, like Mathematica's
/// `StandardDeviation`); 0 for fewer than two values.
pub fn sample_sd(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = mean(xs);
    (xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64).sqrt()
}

/// The standard error of the mean: [`sample_sd`] / √n; 0 for no values.
pub fn standard_error(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    sample_sd(xs) / (xs.len() as f64).sqrt()
}

/// The median (the mean of the two middle values for an even count); 0 for no values.
pub fn median(xs: &[f64]) -> f64 {
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => f64::midpoint(sorted[n / 2 - 1], sorted[n / 2]),
    }
}

/// The share (0 to 1) of `items` for which `pred` holds; 0 for no items.
pub fn share<T>(items: &[T], pred: impl Fn(&T) -> bool) -> f64 {
    if items.is_empty() {
        return 0.0;
    }
    items.iter().filter(|x| pred(x)).count() as f64 / items.len() as f64
}

/// A metric that holds a whole number (a tile, a count) as a `u32`: the fraction dropped,
/// negative numbers and NaN as 0, numbers beyond `u32::MAX` as `u32::MAX` (Rust's saturating
/// cast).
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
pub fn whole(x: f64) -> u32 {
    x as u32
}

/// The aggregates of a tile game's largest tiles (`max_tiles`, one per game): `max_tile`
/// (the largest of all), `max_tile_counts` (tile → games) and, per milestone `m`,
/// `reached_m` (the share of games whose largest tile is at least `m`).
pub fn tile_aggregates(max_tiles: &[f64], milestones: &[u32]) -> Vec<(String, serde_json::Value)> {
    use serde_json::json;
    let mut counts: std::collections::BTreeMap<u32, u64> = std::collections::BTreeMap::new();
    for &tile in max_tiles {
        *counts.entry(whole(tile)).or_default() += 1;
    }
    let largest = counts.keys().next_back().copied().unwrap_or(0);
    let counts: serde_json::Map<String, serde_json::Value> = counts
        .iter()
        .map(|(tile, n)| (tile.to_string(), json!(n)))
        .collect();
    let mut out = vec![
        ("max_tile".to_owned(), json!(largest)),
        (
            "max_tile_counts".to_owned(),
            serde_json::Value::Object(counts),
        ),
    ];
    out.extend(milestones.iter().map(|&m| {
        (
            format!("reached_{m}"),
            json!(share(max_tiles, |&t| t >= f64::from(m))),
        )
    }));
    out
}

/// Names for people of the aggregates of [`tile_aggregates`] and of the common ones
/// (`games`, `mean_score`, `median_score`, `mean_moves`), for
/// `ExperimentReport::names`.
pub fn tile_names(milestones: &[u32]) -> Vec<(String, String)> {
    let fixed = [
        ("games", "games"),
        ("mean_score", "mean score"),
        ("median_score", "median score"),
        ("mean_moves", "mean moves"),
        ("max_tile", "largest tile reached"),
        ("max_tile_counts", "games by their largest tile"),
    ];
    fixed
        .into_iter()
        .map(|(key, name)| (key.to_owned(), name.to_owned()))
        .chain(milestones.iter().map(|m| {
            (
                format!("reached_{m}"),
                format!("share of games reaching {m}"),
            )
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_samples() {
        assert!(mean(&[]).abs() < 1e-12);
        assert!(sample_sd(&[3.0]).abs() < 1e-12);
        assert!((sample_sd(&[1.0, 3.0]) - 2f64.sqrt()).abs() < 1e-12);
        assert!((standard_error(&[1.0, 3.0]) - 1.0).abs() < 1e-12);
        assert!((median(&[5.0, 1.0, 3.0]) - 3.0).abs() < 1e-12);
        assert!(median(&[]).abs() < 1e-12);
        assert!((share(&[1, 2, 3, 4], |&x| x > 1) - 0.75).abs() < 1e-12);
    }
}
