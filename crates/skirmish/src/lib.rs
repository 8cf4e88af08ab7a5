//! Skirmish: the combat of *Magic: The Gathering* under the Comprehensive Rules of
//! February 1, 2009, decided exactly.
//!
//! Data flows one way: a scenario file is parsed into a raw setup ([`scenario`]), validated into
//! a [`model::Game`], run by the engine, and reported as events. Cards are compiled from their
//! real rules text by [`cards`].

pub mod ability;
pub mod answers;
pub mod cards;
pub mod declaration;
pub mod diagnostics;
pub mod edition;
pub mod engine;
pub mod events;
pub mod filter;
pub mod invariants;
pub mod landwalk;
pub mod layers;
pub mod legality;
pub mod mana;
pub mod model;
pub mod prevention;
pub mod redirection;
pub mod scenario;
pub mod typeline;
pub mod view;

pub use cards::{CardDef, CardLibrary};
pub use diagnostics::{ErrorKind, FileError, SourceFile};
pub use edition::Edition;
pub use model::Game;
