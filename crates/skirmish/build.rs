//! Indexes the bundled card library once, at build time: the scan of `src/cards/index.rs` run
//! here instead of in every process (issue 11: it was a tenth of a short command's fixed
//! cost). A library the scan doesn't follow is written as `None`, and the process then parses
//! the file as TOML, which reports what is wrong with its line and column.

// The file allows its own dead code (the build script uses only the scan).
#[path = "src/cards/index.rs"]
mod index;

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=cards/library.toml");
    println!("cargo:rerun-if-changed=src/cards/index.rs");
    let text = std::fs::read_to_string("cards/library.toml")
        .unwrap_or_else(|e| panic!("reading cards/library.toml: {e}"));
    let mut body = String::new();
    match index::tables(&text) {
        Some(tables) => {
            body.push_str("Some(&[\n");
            for t in tables {
                // `{:?}` writes a valid Rust string literal.
                let _ = writeln!(
                    body,
                    "    ({:?}, {}, {}),",
                    t.name, t.range.start, t.range.end
                );
            }
            body.push_str("])");
        }
        None => body.push_str("None"),
    }
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("bundled_index.rs");
    std::fs::write(
        &out,
        format!(
            "/// The bundled library's `[[card]]` tables as (name, start, end), scanned at build time.\npub(crate) const BUNDLED: Option<&[(&str, usize, usize)]> = {body};\n"
        ),
    )
    .unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}
