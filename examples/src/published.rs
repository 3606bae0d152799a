//! What the depot publishes beside its tools: its dispatch policy and each shipment's
//! record as resources, and a prompt that explains a delay to a customer.

use mcp_tools::{
    Catalog, Completion, Json, State, ToolError, catalog, prompt, resource,
    rmcp::model::{ContentBlock, PromptMessage, ResourceContents, Role},
};

use crate::{Depot, Shipment};

/// The resources and the prompt: `shipment://policy/dispatch`, the template
/// `shipment://shipments/{shipment_number}` (its numbers completed from the depot), and
/// the prompt `shipment_explain_delay`. They take `State<Depot>`.
#[must_use]
pub fn catalog() -> Catalog {
    catalog![dispatch_policy, shipment_record, explain_delay]
}

/// When parcels leave the depot: cut-off times, weight limits, and what delays a dispatch.
///
/// Read before promising a customer a dispatch date.
#[resource(
    "shipment://policy/dispatch",
    mime_type = "text/markdown",
    audience("assistant", "user"),
    priority = 0.9
)]
pub async fn dispatch_policy() -> &'static str {
    "# Dispatch policy\n\n\
     - Parcels weighed by 16:00 leave the same day; later ones the next working day.\n\
     - A parcel must be weighed before dispatch: unweighed shipments wait.\n\
     - Weight limit: 30,000 kg per shipment; heavier ones are split by the depot.\n\
     - Express shipments leave first; standard ones in booking order.\n\
     - A cancelled shipment never leaves; a dispatched one can no longer be changed.\n"
}

/// One shipment's record as the depot stores it: status, service level, addresses, weight.
#[resource(
    "shipment://shipments/{shipment_number}",
    name = "shipment",
    mime_type = "application/json"
)]
pub async fn shipment_record(
    depot: State<Depot>,
    /// Shipment number, like `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", complete = shipment_numbers)]
    shipment_number: String,
) -> Result<Json<Shipment>, ToolError> {
    depot.get(&shipment_number).map(Json)
}

/// The shipment numbers that start with what the user typed.
#[must_use]
pub fn shipment_numbers(c: &Completion) -> Vec<String> {
    c.state::<Depot>()
        .map(|depot| depot.numbers_starting_with(c.value()))
        .unwrap_or_default()
}

/// Explain to a customer why their shipment is late, from its record and the dispatch policy.
#[prompt(namespace = "shipment")]
pub async fn explain_delay(
    depot: State<Depot>,
    /// Shipment number, like `SH-2026-000123`.
    #[param(pattern = r"^SH-\d{4}-\d{6}$", complete = shipment_numbers)]
    shipment_number: String,
    /// How the customer wants to be addressed; a neutral greeting if left out.
    customer_name: Option<String>,
) -> Result<Vec<PromptMessage>, ToolError> {
    let shipment = depot.get(&shipment_number)?;
    let record = serde_json::to_string_pretty(&shipment)
        .map_err(|err| ToolError::internal(format!("a shipment that does not serialize: {err}")))?;
    let greeting = customer_name.unwrap_or_else(|| "the customer".to_owned());
    let uri = format!("shipment://shipments/{shipment_number}");
    Ok(vec![
        PromptMessage::new(
            Role::User,
            ContentBlock::resource(ResourceContents::TextResourceContents {
                uri,
                mime_type: Some("application/json".into()),
                text: record,
                meta: None,
            }),
        ),
        PromptMessage::new_text(
            Role::User,
            format!(
                "Write a short, honest message to {greeting} explaining where shipment {shipment_number} is and why it is late, following the dispatch policy (shipment://policy/dispatch). Promise no date the policy does not support."
            ),
        ),
    ])
}
