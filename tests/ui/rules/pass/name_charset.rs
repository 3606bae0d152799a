//! `name_charset` edges: digits after the first letter are snake_case, in the namespace and in
//! the fn name.
use mcp_tools::prelude::*;

/// Read the access control list of an object in an S3 bucket, one grant per line.
///
/// Use before sharing a link to the object, to see who can already read it.
#[tool(namespace = "s3", read_only)]
async fn get_object_acl_v2(
    /// Bucket name, for example `invoices-2026`.
    #[param(pattern = "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$")]
    bucket: String,
    /// Object key inside the bucket, for example `march/INV-0042.pdf`.
    #[param(min_length = 1, max_length = 1024)]
    key: String,
) -> String {
    format!("{bucket}/{key}: owner FULL_CONTROL")
}

fn main() {
    let registry = Registry::builder()
        .server_info("t", "1")
        .tools(tools![get_object_acl_v2])
        .build()
        .unwrap();
    assert_eq!(registry.tool_definitions()[0].name, "s3_get_object_acl_v2");
}
