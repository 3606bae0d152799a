//! `#[prompt]` and `#[resource]` through the tool's pipeline: their keys, their rules, and a
//! resource's template against its parameters.

use proc_macro2::TokenStream;
use quote::quote;

use crate::{config::Config, diag::Diagnostics, kind::Kind, model::ToolFn, parse::parse_item_args};

fn messages(kind: Kind, attr: TokenStream, item: TokenStream) -> Vec<String> {
    let mut cx = Diagnostics::default();
    let args = parse_item_args(kind, attr, &mut cx);
    let item = syn::parse2(item).expect("test input is a fn");
    let tool = ToolFn::from_syn(args, item, &Config::default(), &mut cx);
    super::check(&tool, &mut cx);
    cx.messages()
}

fn resource(attr: TokenStream, item: TokenStream) -> Vec<String> {
    messages(Kind::Resource, attr, item)
}

fn prompt(attr: TokenStream, item: TokenStream) -> Vec<String> {
    messages(Kind::Prompt, attr, item)
}

/// The rule id each message ends with, or the message's first line when it has none.
fn ids(found: &[String]) -> Vec<String> {
    found
        .iter()
        .map(|m| {
            m.rsplit_once("[rule: ").map_or_else(
                || m.lines().next().unwrap_or_default().to_owned(),
                |(_, id)| id.trim_end_matches(']').to_owned(),
            )
        })
        .collect()
}

const DOC: &str = " The loan rules a librarian applies: periods, renewals and fines.";

#[test]
fn a_documented_template_resource_passes() {
    let found = resource(
        quote!(
            "library://loans/{loan_id}/{+path}",
            name = "loan_file",
            title = "Loan file",
            mime_type = "text/markdown; charset=utf-8",
            audience("user", "assistant"),
            priority = 0.5,
            scopes("loans:read"),
            icons("https://example.com/loan.png", "data:image/png;base64,AAAA"),
            meta = r#"{"com.example/shelf": "B2"}"#,
            max_response_tokens = 2000,
            binary = "drop"
        ),
        quote! {
            #[doc = #DOC]
            async fn loan(
                books: State<Books>,
                #[param(complete = loan_ids)]
                loan_id: String,
                #[param(rename = "path", unchecked = "looked up as a key, never opened as a file")]
                file_path: String,
                ctx: ToolContext,
            ) -> String { todo() }
        },
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn a_fixed_resource_without_a_doc_warns_and_a_placeholder_is_an_error() {
    let found = resource(
        quote!("library://policy/loans", size = 1024),
        quote!(
            async fn loan_policy() -> String {
                todo()
            }
        ),
    );
    assert_eq!(ids(&found), ["description_required"]);
    // A warning, worded for a resource.
    assert!(
        found[0].starts_with("warning: resource `loan_policy` has no doc comment"),
        "{}",
        found[0]
    );
    let found = resource(
        quote!("library://policy/loans"),
        quote!(
            #[doc = " TODO: say what the policy covers."]
            async fn loan_policy() -> String {
                todo()
            }
        ),
    );
    assert_eq!(ids(&found), ["description_placeholder"]);
    assert!(
        found[0].starts_with(
            "the description of resource `loan_policy` contains the placeholder `TODO:`"
        ),
        "{}",
        found[0]
    );
    // The crate's settings and `allow(...)` set its level as for a tool.
    let found = resource(
        quote!("library://policy/loans", allow(description_required)),
        quote!(
            async fn loan_policy() -> String {
                todo()
            }
        ),
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn every_variable_needs_a_parameter_and_every_parameter_a_variable() {
    let found = resource(
        quote!("library://loans/{loan_id}/notes/{note}"),
        quote! {
            #[doc = #DOC]
            async fn loan(loan_id: String, page: u32, books: State<Books>) -> String { todo() }
        },
    );
    assert_eq!(
        ids(&found),
        ["resource_template_variable", "resource_template_param"]
    );
    // The message shows where the variable is in the template.
    assert!(
        found[0].starts_with(
            "template variable `note` has no parameter: a read could not pass its value to the fn\n    library://loans/{loan_id}/notes/{note}\n                                     ^^^^\n= help: add a parameter `note: String`"
        ),
        "{}",
        found[0]
    );
    assert!(
        found[1].starts_with("parameter `page` is not a variable of the resource's URI: the template's variables are `loan_id`, `note`"),
        "{}",
        found[1]
    );
    // A fixed URI has no variables to fill a parameter.
    let found = resource(
        quote!("library://policy/loans"),
        quote!(#[doc = #DOC] async fn policy(section: String) -> String { todo() }),
    );
    assert_eq!(ids(&found), ["resource_template_param"]);
    assert!(
        found[0].contains("is fixed, with no variables"),
        "{}",
        found[0]
    );
}

#[test]
fn a_variable_is_matched_by_its_wire_name_once() {
    let renamed = resource(
        quote!("library://loans/{loan}"),
        quote!(#[doc = #DOC] async fn loan(#[param(rename = "loan")] loan_id: String) -> String { todo() }),
    );
    assert!(renamed.is_empty(), "{renamed:#?}");
    let twice = resource(
        quote!("library://loans/{loan}"),
        quote! {
            #[doc = #DOC]
            async fn loan(loan: String, #[param(rename = "loan")] other: String) -> String { todo() }
        },
    );
    assert_eq!(ids(&twice), ["resource_template_variable"]);
    assert!(
        twice[0].contains("taken by two parameters, `loan` and `other`"),
        "{}",
        twice[0]
    );
}

#[test]
fn a_malformed_template_is_one_error_at_its_bytes() {
    let found = resource(
        quote!("library://loans/{loan_id"),
        quote!(#[doc = #DOC] async fn loan(loan_id: String) -> String { todo() }),
    );
    // The parameters are not judged against a template that did not parse.
    assert_eq!(ids(&found), ["resource_template"]);
    assert!(
        found[0].starts_with("the URI template is malformed: `{` is never closed\n    library://loans/{loan_id\n                    ^\n"),
        "{}",
        found[0]
    );
    let level3 = resource(
        quote!("library://loans{?page}"),
        quote!(#[doc = #DOC] async fn loans(page: u32) -> String { todo() }),
    );
    assert_eq!(ids(&level3), ["resource_template"]);
    assert!(level3[0].contains("level 3"), "{}", level3[0]);
}

#[test]
fn size_goes_on_a_fixed_resource_only() {
    let found = resource(
        quote!("library://loans/{loan_id}", size = 10),
        quote!(#[doc = #DOC] async fn loan(loan_id: String) -> String { todo() }),
    );
    assert_eq!(found.len(), 1);
    assert!(
        found[0].starts_with("`size` on a resource template"),
        "{}",
        found[0]
    );
}

#[test]
fn unchecked_needs_a_reason_and_a_variable() {
    let empty = resource(
        quote!("file:///{+path}"),
        quote!(#[doc = #DOC] async fn file(#[param(unchecked = " ")] path: String) -> String { todo() }),
    );
    assert_eq!(empty.len(), 1);
    assert!(
        empty[0].starts_with("`unchecked` needs the reason"),
        "{}",
        empty[0]
    );
    let injected = resource(
        quote!("file:///{+path}"),
        quote! {
            #[doc = #DOC]
            async fn file(path: String, #[param(unchecked = "why")] root: State<Root>) -> String { todo() }
        },
    );
    assert_eq!(injected.len(), 1);
    assert!(
        injected[0].starts_with("`root` is supplied by the server, not read from the URI"),
        "{}",
        injected[0]
    );
    // Only a resource's variables are checked paths: a prompt has no such key.
    let on_prompt = prompt(
        quote!(namespace = "library"),
        quote! {
            #[doc = " Draft a reminder for an overdue loan, in the library's voice."]
            async fn remind(#[doc = " Borrower."] #[param(unchecked = "why")] borrower: String) -> String { todo() }
        },
    );
    assert_eq!(on_prompt.len(), 1);
    assert!(
        on_prompt[0].starts_with("unknown key `unchecked` in `#[param(...)]`"),
        "{}",
        on_prompt[0]
    );
}

#[test]
fn complete_goes_on_an_argument_the_client_fills() {
    let found = prompt(
        quote!(namespace = "library"),
        quote! {
            #[doc = " Draft a reminder for an overdue loan, in the library's voice."]
            async fn remind(
                #[doc = " The borrower's first name."]
                #[param(complete = borrowers)]
                borrower: String,
                #[param(complete = borrowers)]
                books: State<Books>,
            ) -> String { todo() }
        },
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .starts_with("`books` is supplied by the server, so a client has nothing to complete"),
        "{}",
        found[0]
    );
}

#[test]
fn each_kind_takes_its_own_keys() {
    let found = resource(
        quote!("library://policy/loans", read_only, mime_type = "markdown"),
        quote!(#[doc = #DOC] async fn policy() -> String { todo() }),
    );
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("unknown key `read_only` in `#[resource(...)]`"),
        "{}",
        found[0]
    );
    assert!(found[0].contains("`mime_type`"), "{}", found[0]);
    assert!(
        found[1].starts_with("`markdown` is not a MIME type"),
        "{}",
        found[1]
    );
    let found = prompt(
        quote!(namespace = "library", mime_type = "text/plain"),
        quote!(
            #[doc = " Draft a reminder for an overdue loan, in the library's voice."]
            async fn remind() -> String {
                todo()
            }
        ),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("unknown key `mime_type` in `#[prompt(...)]`"),
        "{}",
        found[0]
    );
}

#[test]
fn a_resource_names_its_uri_first() {
    let none = resource(
        quote!(name = "policy"),
        quote!(#[doc = #DOC] async fn policy() -> String { todo() }),
    );
    assert_eq!(none.len(), 1, "{none:#?}");
    assert!(
        none[0].starts_with("#[resource] needs the resource's URI first"),
        "{}",
        none[0]
    );
    let keyed = resource(
        quote!(uri = "library://policy/loans"),
        quote!(#[doc = #DOC] async fn policy() -> String { todo() }),
    );
    assert_eq!(keyed.len(), 1, "{keyed:#?}");
    assert!(
        keyed[0].starts_with("the URI of a #[resource] comes first, without a key"),
        "{}",
        keyed[0]
    );
}

#[test]
fn annotation_values_are_checked_where_written() {
    let found = resource(
        quote!(
            "library://policy/loans",
            icons("http://example.com/a.png", "https://example.com/b.png"),
            meta = r#"["not", "an", "object"]"#,
            audience("users"),
            priority = 2
        ),
        quote!(#[doc = #DOC] async fn policy() -> String { todo() }),
    );
    let first_lines: Vec<&str> = found
        .iter()
        .map(|m| m.lines().next().unwrap_or_default())
        .collect();
    assert_eq!(
        first_lines,
        [
            "icon `http://example.com/a.png` is neither an `https:` URL nor a `data:image/…` URI",
            "`meta` holds an array, not a JSON object",
            "unknown audience `users`",
            "`priority = 2` is outside [0, 1]",
        ]
    );
    assert!(found[2].contains("did you mean `user`?"), "{}", found[2]);
}

#[test]
fn icons_and_meta_are_tool_keys_too() {
    let mut cx = Diagnostics::default();
    let args = parse_item_args(
        Kind::Tool,
        quote!(
            namespace = "shipment",
            read_only,
            icons("https://example.com/t.png"),
            meta = r#"{"a": 1}"#
        ),
        &mut cx,
    );
    assert!(cx.messages().is_empty());
    assert_eq!(args.icons.len(), 1);
    assert_eq!(args.meta.map(|m| m.value).as_deref(), Some(r#"{"a": 1}"#));
}

#[test]
fn a_sync_prompt_or_resource_breaks_async_fn() {
    let found = resource(
        quote!("library://policy/loans"),
        quote!(#[doc = #DOC] fn policy() -> String { todo() }),
    );
    assert_eq!(ids(&found), ["async_fn"]);
    assert!(
        found[0].starts_with("resource `policy` is not an `async fn`"),
        "{}",
        found[0]
    );
    let found = prompt(
        quote!(namespace = "library"),
        quote!(
            #[doc = " Draft a reminder for an overdue loan, in the library's voice."]
            fn remind() -> String {
                todo()
            }
        ),
    );
    assert_eq!(ids(&found), ["async_fn"]);
    assert!(
        found[0].starts_with("prompt `library_remind` is not an `async fn`"),
        "{}",
        found[0]
    );
    // Waived as for a tool.
    let found = prompt(
        quote!(namespace = "library", allow(async_fn)),
        quote!(
            #[doc = " Draft a reminder for an overdue loan, in the library's voice."]
            fn remind() -> String {
                todo()
            }
        ),
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn allow_names_a_rule_that_judges_the_kind() {
    let found = resource(
        quote!("library://policy/loans", allow(verb_first)),
        quote!(#[doc = #DOC] async fn policy() -> String { todo() }),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("rule `verb_first` does not judge a #[resource] fn"),
        "{}",
        found[0]
    );
}

#[test]
fn a_well_designed_prompt_passes() {
    let found = prompt(
        quote!(
            namespace = "library",
            title = "Overdue reminder",
            scopes("loans:read"),
            icons("https://example.com/remind.png"),
            meta = r#"{"com.example/tone": "kind"}"#
        ),
        quote! {
            #[doc = " Draft a friendly reminder for an overdue loan, in the library's voice."]
            async fn overdue_reminder(
                books: State<Books>,
                #[doc = " The borrower's first name."]
                #[param(complete = borrowers, max_length = 80)]
                borrower: String,
                #[doc = " Days overdue; the tone firms up after a week."]
                #[param(min = 1)]
                days_overdue: Option<u32>,
                ctx: ToolContext,
            ) -> String { todo() }
        },
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn a_prompt_is_judged_by_the_prompt_rules() {
    let found = prompt(
        quote!(namespace = "library"),
        quote!(
            async fn Remind(#[doc = " Borrower."] borrower: String) -> String {
                todo()
            }
        ),
    );
    let found = ids(&found);
    assert!(
        found.contains(&"description_required".to_owned()),
        "{found:?}"
    );
    assert!(found.contains(&"name_style".to_owned()), "{found:?}");
}
