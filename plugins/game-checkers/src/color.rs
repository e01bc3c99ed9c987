//! The two sides (the seed's `color` module): red, the dark side that moves first (PDN's
//! "Black", `B`), and white.

use serde::{Deserialize, Serialize};

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    /// The dark side, PDN's `B`: starts on the low rows and moves first.
    Red,
    /// The light side, PDN's `W`: starts on the high rows.
    White,
}

impl Color {
    /// The other side (the seed's `opponent`).
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Red => Color::White,
            Color::White => Color::Red,
        }
    }

    /// `red` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::White => "white",
        }
    }

    /// PDN's letter: `B` for red, `W` for white.
    pub fn pdn(self) -> char {
        match self {
            Color::Red => 'B',
            Color::White => 'W',
        }
    }
}
