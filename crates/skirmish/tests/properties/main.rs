//! Generated inputs against slow, obviously correct references: the legality kernel against
//! brute force and a SAT oracle, the engine's invariants on random boards, the grammar's
//! round trips, fuzzed files and problem documents, and hard boards. One test binary, so that
//! the library is linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

mod build_classes;
mod engine_properties;
mod extreme_values;
mod fuzz;
mod grammar_properties;
mod hard_boards;
mod legality_conformance;
mod pool_boards;
mod problem_documents;
mod sat_oracle;
