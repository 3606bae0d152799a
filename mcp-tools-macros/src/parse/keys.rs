//! Unknown keys: name the closest valid key and list them all.

use mcp_tools_shared::suggest;
use syn::Meta;

use crate::diag::Diagnostics;

/// Reports `meta`'s key as unknown in `attr` (`#[tool(...)]`), listing `valid`.
pub(crate) fn unknown(meta: &Meta, key: &str, attr: &str, valid: &[&str], cx: &mut Diagnostics) {
    let closest = suggest::closest(key, valid.iter().copied());
    let listed = valid
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let help = match closest {
        Some(near) => format!("did you mean `{near}`? valid keys: {listed}"),
        None => format!("valid keys: {listed}"),
    };
    cx.error_spanned(
        meta.path(),
        format!("unknown key `{key}` in `{attr}`"),
        help,
    );
}
