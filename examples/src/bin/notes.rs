//! The smallest useful mcp-tools server: notes kept in memory, served over stdio.
//! `cargo run -p mcp-tools-examples --bin notes`, then point an MCP client at the command.

use std::sync::{Mutex, PoisonError};

use mcp_tools::prelude::*;

/// The server's state: every note, in the order added.
type Notes = Mutex<Vec<Note>>;

/// One note, as the tools return it: `note_id` finds and deletes it.
#[derive(Clone, serde::Serialize, schemars::JsonSchema)]
struct Note {
    note_id: u32,
    text: String,
}

/// Add a note; returns it with the id that finds or deletes it later.
#[tool(namespace = "notes", destructive = false)]
async fn add(
    notes: State<Notes>,
    /// The note's text, as the user said it.
    #[param(min_length = 1, max_length = 2000)]
    text: String,
) -> Json<Note> {
    let mut all = notes.lock().unwrap_or_else(PoisonError::into_inner);
    let note_id = all.iter().map(|n| n.note_id).max().unwrap_or(0) + 1;
    let note = Note { note_id, text };
    all.push(note.clone());
    Json(note)
}

/// Find notes that contain every word of the query (any case), oldest first.
#[tool(namespace = "notes", read_only)]
async fn search(
    notes: State<Notes>,
    /// Words to look for, for example `milk eggs`; empty finds every note.
    #[param(max_length = 200)]
    query: String,
    /// How many notes to return at most.
    #[param(min = 1, max = 50, default = 10)]
    limit: u32,
) -> Json<Vec<Note>> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let matches = |n: &&Note| words.iter().all(|w| n.text.to_lowercase().contains(w));
    let all = notes.lock().unwrap_or_else(PoisonError::into_inner);
    let found = all.iter().filter(matches).take(limit as usize);
    Json(found.cloned().collect())
}

/// Delete a note for good.
#[tool(namespace = "notes", destructive, idempotent)]
async fn delete(
    notes: State<Notes>,
    /// The note's id, as `notes_add` or `notes_search` returned it.
    note_id: u32,
) -> Result<String, ToolError> {
    let mut all = notes.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(at) = all.iter().position(|n| n.note_id == note_id) else {
        let hint = "find ids with `notes_search`";
        return Err(ToolError::not_found(format!("no note {note_id}; {hint}")));
    };
    all.remove(at);
    Ok(format!("deleted note {note_id}"))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    Registry::builder()
        .server_info("notes", env!("CARGO_PKG_VERSION"))
        .state(Notes::default())
        .tools(tools![add, search, delete])
        .build()?
        .serve_stdio()
        .await?;
    Ok(())
}
