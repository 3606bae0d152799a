//! `catalog![a, path::b]`: the tools, prompts and resources listed, in one `Catalog`, with
//! the collisions among them refused at compile time.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::tools_list::ToolList;

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let list: ToolList = match syn::parse2(input) {
        Ok(list) => list,
        Err(err) => {
            let message = format!(
                "{err}\n= help: list #[tool], #[prompt] and #[resource] fns by path, separated by commas: `catalog![set_weight, loan_policy, orders::cancel]`"
            );
            return syn::Error::new(err.span(), message).to_compile_error();
        }
    };
    let krate = list
        .krate
        .map_or_else(|| quote!(::mcp_tools), |p| quote!(#p));
    // Each path's key is a const: two tools or aliases of one name, two prompts of one
    // name, or two resources whose templates can match one URI fail the build (const
    // evaluation) with a message that names both fns. A path that is no item fails at the
    // path, through `Item`'s `on_unimplemented`.
    let keys = list.tools.iter().map(|path| {
        let shown = quote!(#path).to_string().replace(' ', "");
        quote_spanned!(path.span()=> (<#path as __rt::Item>::KEY, #shown))
    });
    let adds = list
        .tools
        .iter()
        .map(|path| quote_spanned!(path.span()=> <#path as __rt::Item>::add_to(&mut catalog);));
    // One const per item, each checking it against those before it: a const's evaluation
    // has a step budget, which one check of a hundred resources against each other exceeds.
    let count = list.tools.len();
    let checks = (1..count).map(|i| {
        quote! {
            const _: () = if let ::core::option::Option::Some(collision) =
                &__rt::find_item_collision_at(&__MCP_TOOLS_ITEMS, #i)
            {
                ::core::panic!("{}", collision.as_str())
            };
        }
    });
    quote! {
        {
            use #krate::__private::v1 as __rt;
            const __MCP_TOOLS_ITEMS: [(__rt::ItemKey, &str); #count] = [#(#keys),*];
            #(#checks)*
            #[allow(unused_mut)]
            let mut catalog = __rt::Catalog::new();
            #(#adds)*
            catalog
        }
    }
}
