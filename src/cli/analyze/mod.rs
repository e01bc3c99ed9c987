//! `tritium analyze`: what only a three-valued simulator can tell (issue 26), one module per
//! analysis, each a thin layer over `sim_core::analysis`.

pub mod exact;
