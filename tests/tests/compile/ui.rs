//! Compile-time behaviour of `#[tool]` and `tools![...]`.
//!
//! - `ui/attr`: each attribute or signature mistake gives one error, at the offending
//!   token, with a `= help:` line; `all-at-once.rs` shows that every mistake of a tool is
//!   reported in one build.
//! - `ui/tools-list`: a tool list in which two tools, or an alias and a tool, share a wire
//!   name does not compile.
//! - `ui/pass`: every supported form compiles, builds a registry, and serves calls.
//!
//! `input_schema = "…"` paths are relative to the crate's directory, and trybuild builds the
//! tests as a crate of its own, in `<target>/tests/trybuild/mcp-tools-tests/`; so the
//! schema files under `ui/schemas/` are copied there first, and `"ui/schemas/x.json"` names
//! the same file in both crates.
//!
//! The `.stderr` files are written by the pinned toolchain; regenerate them with
//! `TRYBUILD=overwrite cargo test -p mcp-tools-tests --test compile ui::` and review the diff.

use std::{fs, path::PathBuf, process::Command};

#[test]
fn ui() {
    mirror_schemas();
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/attr/*.rs");
    t.compile_fail("ui/tools-list/*.rs");
    t.pass("ui/pass/*.rs");
}

/// Copies `ui/schemas/` into trybuild's crate, at the same path. Its directory is where
/// trybuild puts it: `tests/trybuild/<crate>` in the target directory cargo reports.
fn mirror_schemas() {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let metadata = Command::new(cargo)
        .args(["metadata", "--format-version=1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo metadata");
    let metadata: serde_json::Value =
        serde_json::from_slice(&metadata.stdout).expect("cargo metadata prints JSON");
    let target = metadata["target_directory"]
        .as_str()
        .expect("cargo metadata names the target directory");
    let to = PathBuf::from(target).join("tests/trybuild/mcp-tools-tests/ui/schemas");
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("ui/schemas");
    fs::create_dir_all(&to).unwrap_or_else(|e| panic!("create {}: {e}", to.display()));
    for entry in fs::read_dir(&from).expect("read ui/schemas") {
        let path = entry.expect("read ui/schemas").path();
        let copy = to.join(path.file_name().expect("a file name"));
        fs::copy(&path, &copy).unwrap_or_else(|e| panic!("copy {}: {e}", path.display()));
    }
}
