//! The fixture server's prompts and resources, and the tool that changes one of them.
//!
//! - `policy://shipping/handling`: a fixed resource, the depot's handling policy (Markdown).
//! - `notes://shipments/{shipment_number}`: a template resource, the notes written about one
//!   shipment (plain text, at most 250 tokens a read), with a completion on `shipment_number`.
//! - `shipment_delay_notice`: a prompt with a required argument (completed) and an optional one.
//! - `shipment_add_note`: a tool that adds a note and tells the subscribers of its URI.
//!
//! The shipment numbers come from the example's seeded [`Depot`]: `SH-2026-000001` to
//! `SH-2026-000300`, so a completion of `SH-2026-000` has 300 values and is cut to 100.

// `#[prompt]`, `#[resource]` and `#[tool]` require an `async fn`, even where the body has
// nothing to wait for.
#![allow(clippy::unused_async)]

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    sync::{Mutex, PoisonError},
};

use mcp_tools::{prelude::*, registry::BuildError};
use mcp_tools_examples::Depot;

/// What `policy://shipping/handling` reads.
pub const HANDLING_POLICY: &str = "# Handling\n\
     Fragile parcels travel on the upper shelf and are never stacked.\n\
     Parcels over 30 kg need two people or the lift.\n";

/// The notes written about each shipment, oldest first.
#[derive(Debug, Default)]
pub struct ShipmentNotes {
    notes: Mutex<BTreeMap<String, Vec<String>>>,
}

impl ShipmentNotes {
    /// Adds `text` to the notes of `shipment_number`; returns how many it has now.
    pub fn add(&self, shipment_number: &str, text: &str) -> usize {
        let mut notes = self.notes.lock().unwrap_or_else(PoisonError::into_inner);
        let list = notes.entry(shipment_number.to_owned()).or_default();
        list.push(text.to_owned());
        list.len()
    }

    /// The notes of `shipment_number`, oldest first.
    #[must_use]
    pub fn of(&self, shipment_number: &str) -> Vec<String> {
        let notes = self.notes.lock().unwrap_or_else(PoisonError::into_inner);
        notes.get(shipment_number).cloned().unwrap_or_default()
    }
}

/// The URI of the notes of `shipment_number`.
#[must_use]
pub fn notes_uri(shipment_number: &str) -> String {
    format!("notes://shipments/{shipment_number}")
}

/// The shipment numbers that start with what the user typed (any case), oldest first.
async fn shipment_numbers(c: Completion) -> Vec<String> {
    let Some(depot) = c.state::<Depot>() else {
        return Vec::new();
    };
    let typed = c.value().to_ascii_uppercase();
    let mut numbers: Vec<String> = depot
        .search("", None)
        .into_iter()
        .map(|s| s.shipment_number)
        .filter(|n| n.starts_with(&typed))
        .collect();
    // The depot lists newest first.
    numbers.reverse();
    numbers
}

/// How the depot handles parcels: fragile ones, heavy ones. Read before moving a parcel
/// by hand.
#[resource("policy://shipping/handling", mime_type = "text/markdown")]
pub async fn handling_policy() -> String {
    HANDLING_POLICY.to_owned()
}

/// The notes the staff wrote about one shipment, one line each, oldest first.
///
/// Add a note with `shipment_add_note`; subscribers of this URI hear of each new one. A long
/// list is cut to 250 tokens, with a notice that names the URI to read the rest at.
#[resource(
    "notes://shipments/{shipment_number}",
    mime_type = "text/plain",
    max_response_tokens = 250
)]
pub async fn shipment_notes(
    depot: State<Depot>,
    notes: State<ShipmentNotes>,
    /// The shipment, like `SH-2026-000042`.
    #[param(complete = shipment_numbers, pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
) -> Result<String, ToolError> {
    depot.get(&shipment_number)?;
    let notes = notes.of(&shipment_number);
    if notes.is_empty() {
        return Ok(format!(
            "no notes on {shipment_number} yet; add one with `shipment_add_note`"
        ));
    }
    let mut text = String::new();
    for (number, note) in (1..).zip(&notes) {
        let _ = writeln!(text, "{number}. {note}");
    }
    Ok(text)
}

/// Draft the message that tells a recipient their shipment will be late.
///
/// Use when a shipment will miss its promised date: the draft apologizes, gives the delay
/// when it is known, and offers to re-route the parcel without promising a new date.
#[prompt(namespace = "shipment")]
pub async fn delay_notice(
    /// The late shipment, like `SH-2026-000042`.
    #[param(complete = shipment_numbers, pattern = r"^SH-\d{4}-\d{6}$")]
    shipment_number: String,
    /// How many days late it will arrive, if known.
    #[param(min = 1, max = 60)]
    days_late: Option<u32>,
) -> String {
    let delay = days_late.map_or_else(
        || "later than promised".to_owned(),
        |days| format!("{days} days later than promised"),
    );
    format!(
        "Write a short apology to the recipient of shipment {shipment_number}: it will arrive \
         {delay}. Offer to re-route it to a nearer depot, and do not promise a new date."
    )
}

/// Add a note to a shipment's notes, which `notes://shipments/{shipment_number}` reads.
///
/// Clients subscribed to that URI are told it changed. Returns the note's number and how
/// many subscribers were told.
#[tool(namespace = "shipment", destructive = false)]
pub async fn add_note(
    depot: State<Depot>,
    notes: State<ShipmentNotes>,
    updates: State<ResourceUpdates>,
    /// The shipment, like `SH-2026-000042`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", example = "SH-2026-000042")]
    shipment_number: String,
    /// The note, one line.
    #[param(min_length = 1, max_length = 500)]
    text: String,
) -> Result<String, ToolError> {
    depot.get(&shipment_number)?;
    let number = notes.add(&shipment_number, &text);
    let uri = notes_uri(&shipment_number);
    let told = updates.updated(&uri).await;
    Ok(format!(
        "note {number} added to {uri}; {told} subscriber(s) told"
    ))
}

/// The prompts, resources and tool above.
#[must_use]
pub fn catalog() -> Catalog {
    catalog![handling_policy, shipment_notes, delay_notice, add_note]
}

/// The fixture server's registry: [`crate::registry`]'s tools and state, plus [`catalog`]
/// and the notes it keeps.
pub fn registry() -> Result<Registry, BuildError> {
    crate::registry_builder()
        .state(ShipmentNotes::default())
        .catalog(catalog())
        .build()
}
