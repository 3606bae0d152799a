//! A resource without a doc comment is a warning (`description_required`) at its name.
use mcp_tools::prelude::*;

#[resource("library://policy/loans")]
async fn loan_policy() -> String {
    "# Loans".to_owned()
}

fn main() {
    let _ = catalog![loan_policy];
}

// A warning does not stop the build; this error does, so the test can show the warning.
compile_error!("end of test: the warnings of this file are the output under test");
