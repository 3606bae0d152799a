//! `tools![a, path::b]`: the definitions of the listed tools, for the registry.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::{
    Path, Token,
    parse::{Parse, ParseStream},
    punctuated::Punctuated,
    spanned::Spanned,
};

/// `[crate = path;] tool, tool, ...` (also the list of `catalog![...]`).
pub(crate) struct ToolList {
    pub(crate) krate: Option<Path>,
    pub(crate) tools: Punctuated<Path, Token![,]>,
}

impl Parse for ToolList {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let krate = if input.peek(Token![crate]) && input.peek2(Token![=]) {
            input.parse::<Token![crate]>()?;
            input.parse::<Token![=]>()?;
            let path = input.parse::<Path>()?;
            input.parse::<Token![;]>()?;
            Some(path)
        } else {
            None
        };
        let tools = Punctuated::parse_terminated(input)?;
        Ok(ToolList { krate, tools })
    }
}

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let list: ToolList = match syn::parse2(input) {
        Ok(list) => list,
        Err(err) => {
            let message = format!(
                "{err}\n= help: list #[tool] fns by path, separated by commas: `tools![set_weight, orders::cancel]`"
            );
            return syn::Error::new(err.span(), message).to_compile_error();
        }
    };
    let krate = list
        .krate
        .map_or_else(|| quote!(::mcp_tools), |p| quote!(#p));
    let definitions = list.tools.iter().map(
        |path| quote_spanned!(path.span()=> <#path as #krate::__private::v1::ToolSpec>::definition()),
    );
    // Names and aliases are consts, so collisions fail the build (const evaluation) with a
    // message that names both fns; the registry checks again at run time for other lists.
    let listed = list.tools.iter().map(|path| {
        let shown = quote!(#path).to_string().replace(' ', "");
        quote_spanned!(path.span()=> (
            <#path as #krate::__private::v1::ToolSpec>::NAME,
            <#path as #krate::__private::v1::ToolSpec>::ALIASES,
            #shown,
        ))
    });
    quote! {
        {
            const __MCP_TOOLS_COLLISION: ::core::option::Option<#krate::__private::v1::Collision> =
                #krate::__private::v1::find_collision(&[#(#listed),*]);
            const _: () = if let ::core::option::Option::Some(collision) = &__MCP_TOOLS_COLLISION {
                ::core::panic!("{}", collision.as_str())
            };
            let tools: ::std::vec::Vec<#krate::__private::v1::ToolDefinition> = ::std::vec![#(#definitions),*];
            tools
        }
    }
}
