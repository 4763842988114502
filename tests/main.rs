//! The integration tests, one binary: each module is one subject (a file beside this one),
//! `common` their independent helpers. One binary links the crate once instead of once per
//! subject; run one subject with `cargo test --test tests SUBJECT::`.

mod common;

mod bundled_sets;
mod canon;
mod cli;
mod cli_bounds;
mod cli_check;
mod cli_input;
mod cli_logic;
mod cli_shell;
mod cli_suggest;
mod cli_symbols;
mod cnf;
mod compare;
mod constraint_files;
mod constraints;
mod custom_rules;
mod datasets;
mod digits;
mod digits_from_zero;
mod estimate;
mod export;
mod file_fuzz;
mod generate;
mod layers;
mod logic;
mod logic_constraints;
mod pencil_marks;
mod properties;
mod published;
mod readme;
mod region_rules;
mod regions_found;
mod render;
mod report;
mod sharding;
mod sigh_strings;
mod solvers;
mod sudokupad;
mod sudokupad_drawn;
mod toml_families;
mod uniqueness;
mod variants;
