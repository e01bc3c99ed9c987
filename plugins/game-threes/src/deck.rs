//! Where the next tile comes from: the 12-card deck, bonus tiles and their hints.
//!
//! The rules are the ones kamikaze28 posted to the Touch Arcade forums and the seed implements
//! (`../shared/seeds/000_*.txt`, "Tile generation"):
//!
//! - **The deck**: twelve cards, four 1s, four 2s and four 3s, drawn without replacement and
//!   refilled when empty (lazily, at the draw that finds it empty).
//! - **Bonus tiles**: once the board holds a 48 or more, each next tile is, with probability
//!   1/21, a bonus tile instead of a card (the deck is not touched), drawn uniformly from 6 up
//!   to the largest tile ÷ 8 (the seed's `new_bonus_tile`; codes 4 ..= max code − 3).
//! - **The hint**: the player sees the next card exactly, but a bonus tile only as a hint of
//!   possible values, after nneonneo's `threes-ai` (`threes.cpp`, `play_game`): with a 48 on
//!   the board the hint is {6}; with 96, {6, 12}; with 192 or more, three consecutive values
//!   containing the tile, the window chosen uniformly among those that fit between 6 and the
//!   largest tile ÷ 8.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// One in this many next tiles is a bonus tile (once bonus tiles are possible).
pub const BONUS_ODDS: u32 = 21;
/// The smallest largest-tile code (48) at which bonus tiles appear.
pub const BONUS_MIN_MAX_CODE: u8 = 7;
/// Cards of each kind in a full deck.
pub const CARDS_PER_KIND: u8 = 4;

/// The cards left in the deck: how many 1s, 2s and 3s (each 0..=4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck(pub [u8; 3]);

impl Deck {
    /// A full deck: four of each card.
    pub const FULL: Deck = Deck([CARDS_PER_KIND; 3]);

    /// Cards left (0..=12).
    pub fn len(self) -> u8 {
        self.0.iter().sum()
    }

    /// No card left.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    #[must_use]
    /// The deck a draw takes from: this one, or a full one when this is empty.
    pub fn refilled(self) -> Deck {
        if self.is_empty() { Deck::FULL } else { self }
    }

    #[must_use]
    /// The deck without one card `code` (1, 2 or 3), which it must hold.
    pub fn without(self, code: u8) -> Deck {
        let mut d = self;
        d.0[usize::from(code - 1)] -= 1;
        d
    }

    /// A 7-bit code of the counts (for transposition-table keys): `ones + 5·twos + 25·threes`.
    pub fn code(self) -> u64 {
        u64::from(self.0[0]) + 5 * u64::from(self.0[1]) + 25 * u64::from(self.0[2])
    }

    /// Draws a card (refilling first when empty): `(card code 1..=3, deck after)`.
    pub fn draw(self, rng: &mut ChaCha8Rng) -> (u8, Deck) {
        let d = self.refilled();
        let mut r = rng.random_range(0..u32::from(d.len()));
        for code in 1..=3u8 {
            let n = u32::from(d.0[usize::from(code - 1)]);
            if r < n {
                return (code, d.without(code));
            }
            r -= n;
        }
        unreachable!("r < cards left")
    }
}

/// The bonus codes possible with largest code `max`: `4 ..= max − 3` (empty below 48).
pub fn bonus_codes(max: u8) -> std::ops::RangeInclusive<u8> {
    // Below 48, `max − 3` < 4: the range is empty.
    4..=max.saturating_sub(3)
}

/// The hints a bonus tile of code `code` may show with largest code `max`, as inclusive code
/// ranges: the whole bonus range when it has at most two values, else every window of three
/// consecutive codes inside it that contains `code`.
pub fn hints_for(code: u8, max: u8) -> Vec<(u8, u8)> {
    let range = bonus_codes(max);
    let (lo, hi) = (*range.start(), *range.end());
    if hi < lo + 2 {
        return vec![(lo, hi)];
    }
    let first = code.saturating_sub(2).max(lo);
    let last = code.min(hi - 2);
    (first..=last).map(|s| (s, s + 2)).collect()
}

/// Whether `(lo, hi)` is a hint some bonus tile can show with largest code `max`.
pub fn is_possible_hint(lo: u8, hi: u8, max: u8) -> bool {
    (lo..=hi).any(|c| bonus_codes(max).contains(&c) && hints_for(c, max).contains(&(lo, hi)))
}

/// What the player knows of a bonus tile behind hint `(lo, hi)`: each possible code with its
/// probability. The tile was drawn uniformly, then one of the windows containing it, so
/// `P(code | hint) ∝ 1 / #windows(code)`.
pub fn hint_posterior(lo: u8, hi: u8, max: u8) -> Vec<(u8, f32)> {
    let weights: Vec<(u8, f32)> = (lo..=hi)
        .map(|c| (c, 1.0 / hints_for(c, max).len() as f32))
        .collect();
    let total: f32 = weights.iter().map(|&(_, w)| w).sum();
    weights.into_iter().map(|(c, w)| (c, w / total)).collect()
}

/// The tile the player will place next: its code and the hint shown (`hint == (code, code)`
/// for a card; a range of codes for a bonus tile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Next {
    /// The tile's code (1..=12).
    pub code: u8,
    /// The codes shown, inclusive.
    pub hint: (u8, u8),
}

impl Next {
    /// Whether this is a bonus tile (6 or more).
    pub fn is_bonus(self) -> bool {
        self.code >= 4
    }

    /// Draws the next tile with largest code `max` on the board: a bonus tile with
    /// probability 1/21 once `max` ≥ 7 (48), else a card from `deck`.
    pub fn draw(max: u8, deck: Deck, rng: &mut ChaCha8Rng) -> (Next, Deck) {
        if max >= BONUS_MIN_MAX_CODE && rng.random_range(0..BONUS_ODDS) == 0 {
            let range = bonus_codes(max);
            let code = rng.random_range(range);
            let hints = hints_for(code, max);
            let hint = hints[rng.random_range(0..hints.len())];
            return (Next { code, hint }, deck);
        }
        let (code, deck) = deck.draw(rng);
        (
            Next {
                code,
                hint: (code, code),
            },
            deck,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_deck_is_drawn_without_replacement_and_refilled() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut deck = Deck::FULL;
        let mut counts = [0; 3];
        for _ in 0..12 {
            let (card, rest) = deck.draw(&mut rng);
            counts[usize::from(card - 1)] += 1;
            deck = rest;
        }
        assert_eq!(counts, [4, 4, 4]);
        assert!(deck.is_empty());
        let (_, rest) = deck.draw(&mut rng);
        assert_eq!(rest.len(), 11);
    }

    #[test]
    fn bonus_ranges_and_hints() {
        assert!(bonus_codes(6).is_empty()); // 24: no bonus
        assert_eq!(bonus_codes(7), 4..=4); // 48: 6 only
        assert_eq!(bonus_codes(8), 4..=5); // 96: 6, 12
        assert_eq!(bonus_codes(12), 4..=9); // 1536: 6 .. 192
        assert_eq!(hints_for(4, 7), [(4, 4)]);
        assert_eq!(hints_for(5, 8), [(4, 5)]);
        assert_eq!(hints_for(4, 9), [(4, 6)]);
        assert_eq!(hints_for(6, 12), [(4, 6), (5, 7), (6, 8)]);
        assert_eq!(hints_for(9, 12), [(7, 9)]);
        assert!(is_possible_hint(5, 7, 12));
        assert!(!is_possible_hint(8, 10, 12));
        assert!(!is_possible_hint(4, 5, 12));
        // Codes 4..=9 under hint (5, 7): 5 has 2 windows, 6 and 7 have 3.
        let p = hint_posterior(5, 7, 12);
        assert!((p.iter().map(|&(_, w)| w).sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[0].1 > p[1].1 && (p[1].1 - p[2].1).abs() < 1e-6, "{p:?}");
    }

    #[test]
    fn bonus_tiles_come_one_in_21_uniformly() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut bonus = [0u32; 16];
        let n = 210_000;
        for _ in 0..n {
            let (next, _) = Next::draw(10, Deck::FULL, &mut rng);
            if next.is_bonus() {
                bonus[usize::from(next.code)] += 1;
                assert!((next.hint.0..=next.hint.1).contains(&next.code));
                assert!(is_possible_hint(next.hint.0, next.hint.1, 10));
            }
        }
        let total: u32 = bonus.iter().sum();
        assert!((9_500..10_500).contains(&total), "{total}");
        // Codes 4..=7 (6 to 48), each a quarter.
        for code in 4..=7 {
            assert!((2_200..2_800).contains(&bonus[code]), "{bonus:?}");
        }
        assert_eq!(bonus[8..].iter().sum::<u32>(), 0);
    }
}
