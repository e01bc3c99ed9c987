//! The `tritium` command.
fn main() {}
