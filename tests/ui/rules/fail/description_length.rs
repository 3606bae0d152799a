//! `description_length`: a description of 39 characters, one under the minimum, is reported
//! at the doc comment.
use mcp_tools_runtime::prelude::*;

/// Report where a parcel is, for couriers.
#[tool(namespace = "parcel", read_only)]
async fn get_location(
    /// Parcel barcode, for example `PX00012345`.
    #[param(pattern = r"^PX\d{8}$")]
    barcode: String,
) -> String {
    format!("{barcode}: hub 4")
}

fn main() {
    let _ = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_location])
        .build();
}
