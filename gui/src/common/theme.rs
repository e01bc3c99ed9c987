//! The app's theme: light, dark or following the system (View → Theme), remembered between
//! runs in eframe's storage under [`THEME_KEY`] as a word (`light`, `dark`, `system`).
//!
//! egui's [`ThemePreference`] is the one place the choice lives while the app runs: the menu
//! sets it on the context, egui resolves "follow the system" to a light or dark
//! [`egui::Visuals`], and everything drawn reads those (the canvas through its
//! [`Colors`](crate::pages::circuit::draw::Colors)). The app saves it when eframe asks.

use egui::ThemePreference;

/// The key the theme is stored under in eframe's storage.
pub const THEME_KEY: &str = "theme";

/// The theme before the user chose one: dark ink on light paper, as a schematic is printed.
pub const DEFAULT_THEME: ThemePreference = ThemePreference::Light;

/// The choices of View → Theme, in menu order, with their menu text.
pub const CHOICES: [(ThemePreference, &str); 3] = [
    (ThemePreference::Light, "Light"),
    (ThemePreference::Dark, "Dark"),
    (ThemePreference::System, "Follow the system"),
];

/// The word a theme is stored as.
pub fn theme_word(theme: ThemePreference) -> &'static str {
    match theme {
        ThemePreference::Light => "light",
        ThemePreference::Dark => "dark",
        ThemePreference::System => "system",
    }
}

/// The theme stored as `word` ([`theme_word`]); `None` for any other text.
pub fn parse_theme(word: &str) -> Option<ThemePreference> {
    CHOICES
        .iter()
        .map(|&(theme, _)| theme)
        .find(|&theme| theme_word(theme) == word.trim())
}

/// The theme remembered in `storage`: [`DEFAULT_THEME`] if none is, or if what is stored is
/// not a theme (a file edited by hand, or from a later version).
pub fn restore(storage: &dyn eframe::Storage) -> ThemePreference {
    storage
        .get_string(THEME_KEY)
        .and_then(|word| parse_theme(&word))
        .unwrap_or(DEFAULT_THEME)
}

/// Remembers `theme` in `storage`, for the next run.
pub fn remember(storage: &mut dyn eframe::Storage, theme: ThemePreference) {
    storage.set_string(THEME_KEY, theme_word(theme).to_owned());
}

/// The View → Theme submenu: one radio button per [`CHOICES`], setting the context's theme.
pub fn menu(ui: &mut egui::Ui) {
    let mut theme = ui.ctx().options(|o| o.theme_preference);
    let before = theme;
    for (choice, text) in CHOICES {
        ui.radio_value(&mut theme, choice, text);
    }
    if theme != before {
        ui.ctx().set_theme(theme);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use eframe::Storage as _;

    use super::*;

    #[derive(Default)]
    struct Memory(HashMap<String, String>);

    impl eframe::Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    #[test]
    fn every_theme_round_trips_through_its_word() {
        for (theme, _) in CHOICES {
            assert_eq!(parse_theme(theme_word(theme)), Some(theme));
        }
        assert_eq!(parse_theme(" dark\n"), Some(ThemePreference::Dark));
        assert_eq!(parse_theme("Dark mode"), None);
    }

    #[test]
    fn a_remembered_theme_is_restored_and_anything_else_is_light() {
        let mut storage = Memory::default();
        assert_eq!(restore(&storage), ThemePreference::Light);
        remember(&mut storage, ThemePreference::System);
        assert_eq!(storage.0[THEME_KEY], "system");
        assert_eq!(restore(&storage), ThemePreference::System);
        storage.set_string(THEME_KEY, "sepia".to_owned());
        assert_eq!(restore(&storage), DEFAULT_THEME);
    }
}
