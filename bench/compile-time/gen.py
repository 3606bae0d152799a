#!/usr/bin/env python3
"""Generate two binary crates with the same N MCP tools: one written with our `#[tool]`,
one with rmcp's `#[tool]` / `#[tool_router]` / `#[tool_handler]`.

The tools are identical in substance on both sides: same wire names, titles, descriptions,
annotations, three documented parameters with the same constraints, the same output struct
and the same body. Only the way they are written differs, which is what the benchmark compares.

    python3 bench/compile-time/gen.py --tools 100 --out target/compile-bench/gen

writes `<out>/ours/` and `<out>/rmcp/`. `run.py` calls this module itself.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

# The same versions on both sides; the lock file copied from the repo pins them further.
COMMON_DEPS = """\
serde = { version = "1", features = ["derive"] }
schemars = "1"
tokio = { version = "1", features = ["macros", "rt-multi-thread", "io-std"] }
"""

# One tool, in words shared by both sides. `{i}` is the tool's zero-padded index.
DOC = """\
/// Record the measured weight of a shipment in weighing batch {i} before dispatch.
///
/// Use after weighing a parcel at the batch {i} scale. Dispatched shipments cannot be
/// changed; weights over 25000 kg need a note that explains the freight."""

PARAM_DOCS = {
    "shipment_number": "/// Shipment number, for example `SH-2026-004211`.",
    "weight_kg": "/// Measured weight of the parcel.",
    "note": "/// Free-text note kept with the weighing record.",
}

OUT_STRUCT = """\
/// What was recorded for a shipment in batch {i}.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WeightRecord{i} {{
    /// Shipment the weight was recorded for.
    pub shipment_number: String,
    /// Recorded weight, in kilograms.
    pub weight_kg: f64,
    /// Whether a note was stored with the record.
    pub note_saved: bool,
}}
"""

# The body, with `{err}` standing for each side's way to build a tool error.
BODY = """\
    if weight_kg > 25000.0 && note.is_none() {{
        return Err({err});
    }}
    let note_saved = note.is_some_and(|n| !n.trim().is_empty());
    Ok(Json(WeightRecord{i} {{ shipment_number, weight_kg, note_saved }}))"""

ERR_TEXT = "weights over 25000 kg need a `note` that explains the freight"


def idx(n: int, width: int) -> str:
    return str(n).zfill(width)


def cargo_toml(name: str, deps: str) -> str:
    # `[workspace]` makes the crate its own workspace root, so it does not join the repo's
    # workspace when the scratch dir lies inside the repo (under target/).
    return f"""\
[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
{deps}{COMMON_DEPS}
[workspace]
"""


def gen_ours(n: int, width: int) -> str:
    out = [
        "//! Generated: tools written with mcp-tools' `#[tool]`.",
        "",
        "use mcp_tools::prelude::*;",
        "use schemars::JsonSchema;",
        "use serde::Serialize;",
        "",
    ]
    names = []
    for k in range(n):
        i = idx(k, width)
        names.append(f"set_weight_{i}")
        out.append(OUT_STRUCT.format(i=i))
        out.append(DOC.format(i=i))
        out.append('#[tool(namespace = "bench", destructive = false, idempotent)]')
        out.append(f"pub async fn set_weight_{i}(")
        out.append(f"    {PARAM_DOCS['shipment_number']}")
        out.append('    #[param(pattern = r"^SH-\\d{4}-\\d{6}$")]')
        out.append("    shipment_number: String,")
        out.append(f"    {PARAM_DOCS['weight_kg']}")
        out.append("    #[param(min = 0.1, max = 30000.0)]")
        out.append("    weight_kg: f64,")
        out.append(f"    {PARAM_DOCS['note']}")
        out.append("    #[param(max_length = 500)]")
        out.append("    note: Option<String>,")
        out.append(f") -> Result<Json<WeightRecord{i}>, ToolError> {{")
        out.append(BODY.format(i=i, err=f'ToolError::invalid_input("{ERR_TEXT}")'))
        out.append("}")
        out.append("")
    listed = ", ".join(names)
    out.append(
        f"""\
#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {{
    let registry = Registry::builder()
        .server_info("bench", "0.1.0")
        .tools(tools![{listed}])
        .build()?;
    registry.serve_stdio().await?;
    Ok(())
}}
"""
    )
    return "\n".join(out)


def gen_rmcp(n: int, width: int) -> str:
    out = [
        "//! Generated: the same tools written with rmcp's `#[tool]` and `#[tool_router]`.",
        "",
        "use rmcp::{",
        "    ServerHandler, ServiceExt,",
        "    handler::server::{router::tool::ToolRouter, wrapper::{Json, Parameters}},",
        "    model::{Implementation, ServerCapabilities, ServerConfig},",
        "    tool, tool_handler, tool_router,",
        "    transport::stdio,",
        "};",
        "use schemars::JsonSchema;",
        "use serde::{Deserialize, Serialize};",
        "",
    ]
    methods = []
    for k in range(n):
        i = idx(k, width)
        out.append(OUT_STRUCT.format(i=i))
        # rmcp takes the parameters as one struct; `deny_unknown_fields` gives the closed
        # schema (`additionalProperties: false`) that ours publishes.
        out.append(
            f"""\
/// Arguments of `bench_set_weight_{i}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetWeight{i}Args {{
    {PARAM_DOCS['shipment_number']}
    #[schemars(regex(pattern = r"^SH-\\d{{4}}-\\d{{6}}$"))]
    pub shipment_number: String,
    {PARAM_DOCS['weight_kg']}
    #[schemars(range(min = 0.1, max = 30000.0))]
    pub weight_kg: f64,
    {PARAM_DOCS['note']}
    #[schemars(length(max = 500))]
    pub note: Option<String>,
}}
"""
        )
        doc = "\n".join("    " + line for line in DOC.format(i=i).splitlines())
        methods.append(
            f"""\
{doc}
    #[tool(
        name = "bench_set_weight_{i}",
        title = "Set Weight {i}",
        annotations(destructive_hint = false, idempotent_hint = true)
    )]
    async fn set_weight_{i}(
        &self,
        Parameters(SetWeight{i}Args {{ shipment_number, weight_kg, note }}): Parameters<SetWeight{i}Args>,
    ) -> Result<Json<WeightRecord{i}>, String> {{
{chr(10).join('    ' + l for l in BODY.format(i=i, err=f'"{ERR_TEXT}".to_owned()').splitlines())}
    }}
"""
        )
    router_attr = "#[tool_router]" if n else "#[tool_router(allow_empty)]"
    out.append(
        f"""\
#[derive(Clone)]
pub struct Bench {{
    tool_router: ToolRouter<Self>,
}}

{router_attr}
impl Bench {{
    pub fn new() -> Self {{
        Self {{ tool_router: Self::tool_router() }}
    }}

{chr(10).join(methods)}}}

// A stored router (not rebuilt per request) and explicit server info, as rmcp users should.
#[tool_handler(router = self.tool_router)]
impl ServerHandler for Bench {{
    fn get_info(&self) -> ServerConfig {{
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("bench", "0.1.0"))
    }}
}}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {{
    let service = Bench::new().serve(stdio()).await?;
    service.waiting().await?;
    Ok(())
}}
"""
    )
    return "\n".join(out)


def write_crate(crate: Path, cargo: str, main_rs: str, lock_from: Path | None) -> None:
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(cargo)
    (crate / "src" / "main.rs").write_text(main_rs)
    # Same toolchain as the repo, even when the scratch dir is outside it.
    shutil.copy(REPO_ROOT / "rust-toolchain.toml", crate / "rust-toolchain.toml")
    # Start from the repo's lock file so both sides build the versions the repo tests with.
    if lock_from is not None and lock_from.exists() and not (crate / "Cargo.lock").exists():
        shutil.copy(lock_from, crate / "Cargo.lock")


def package_name(side: str, n: int) -> str:
    # Distinct per tool count: crates that share a target dir must not share artifacts.
    return f"bench-{side}-{n}"


def generate(n: int, out: Path, runtime_path: Path | None = None) -> dict[str, Path]:
    """Write `<out>/ours` and `<out>/rmcp` with `n` tools each; return their dirs."""
    runtime_path = (runtime_path or REPO_ROOT / "mcp-tools-runtime").resolve()
    width = max(3, len(str(max(n - 1, 0))))
    lock = REPO_ROOT / "Cargo.lock"
    ours_dir, rmcp_dir = out / "ours", out / "rmcp"
    ours_deps = (
        f'mcp-tools = {{ path = "{runtime_path.as_posix()}", '
        'default-features = false, features = ["stdio"] }\n'
    )
    rmcp_deps = 'rmcp = { version = "3.11", features = ["server", "macros", "transport-io"] }\n'
    write_crate(ours_dir, cargo_toml(package_name("ours", n), ours_deps), gen_ours(n, width), lock)
    write_crate(rmcp_dir, cargo_toml(package_name("rmcp", n), rmcp_deps), gen_rmcp(n, width), lock)
    return {"ours": ours_dir, "rmcp": rmcp_dir}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", type=int, default=100, help="tools per crate (default 100)")
    p.add_argument("--out", type=Path, default=REPO_ROOT / "target" / "compile-bench" / "gen")
    p.add_argument("--runtime", type=Path, help="the runtime's dir (default: the repo's mcp-tools-runtime)")
    a = p.parse_args()
    dirs = generate(a.tools, a.out, a.runtime)
    for side, d in dirs.items():
        print(f"{side}: {d}")


if __name__ == "__main__":
    main()
