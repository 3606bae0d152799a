//! The files of a directory as fixed resources, `demo://resource/static/document/<name>`:
//! listed at start, so they are `Extras` (built at run time) rather than `#[resource]` fns.

use std::{fmt::Write as _, io, path::Path, sync::Arc};

use mcp_tools::{
    Extras,
    rmcp::model::{Resource, ResourceContents},
};

use super::Simulation;

/// Every file of `dir` as a resource, by name, and the text of its `instructions.md`.
///
/// # Errors
///
/// The directory cannot be listed.
pub(super) fn documents(
    dir: &Path,
    simulation: &Simulation,
) -> io::Result<(Extras, Option<String>)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    names.sort();
    let mut extras = Extras::new();
    for name in names {
        let uri = format!(
            "demo://resource/static/document/{}",
            encode_component(&name)
        );
        let mime_type = mime_type(&name);
        let resource = Resource::new(uri.clone(), name.clone())
            .with_mime_type(mime_type)
            .with_description(format!("Static document file exposed from /docs: {name}"));
        let path: Arc<Path> = dir.join(&name).into();
        simulation.watch(uri);
        extras = extras.resource(resource, move |uri| {
            let path = Arc::clone(&path);
            async move {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|err| format!("Error reading file: {}. {err}", path.display()));
                Ok(vec![
                    ResourceContents::text(text, uri).with_mime_type(mime_type),
                ])
            }
        });
    }
    let instructions = std::fs::read_to_string(dir.join("instructions.md")).ok();
    Ok((extras, instructions))
}

/// The MIME type the original gives a file, by its extension (in any case).
fn mime_type(name: &str) -> &'static str {
    let extension = Path::new(name).extension().and_then(|e| e.to_str());
    match extension.map(str::to_ascii_lowercase).as_deref() {
        Some("md" | "markdown") => "text/markdown",
        Some("json") => "application/json",
        _ => "text/plain",
    }
}

/// `encodeURIComponent`: every byte but letters, digits and `-_.!~*'()` percent-encoded.
fn encode_component(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}
