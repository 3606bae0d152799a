//! `description_length`: a one-word description, a bare fragment, is reported, as a
//! warning, at the doc comment.
use mcp_tools::prelude::*;

/// Location.
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

// A warning does not stop the build; this error does, so the test can show the warning.
compile_error!("end of test: the warnings of this file are the output under test");
