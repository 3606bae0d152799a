//! Each rule on a violating tool and on tools at its edges that must pass.

use proc_macro2::TokenStream;
use quote::quote;

use crate::{config::Config, diag::Diagnostics, model::ToolFn, parse::parse_tool_args};

fn messages(attr: TokenStream, item: TokenStream) -> Vec<String> {
    messages_with(&Config::default(), attr, item)
}

/// Like [`messages`], for a crate whose Cargo.toml holds `config`.
fn messages_with(config: &Config, attr: TokenStream, item: TokenStream) -> Vec<String> {
    let mut cx = Diagnostics::default();
    let args = parse_tool_args(attr, &mut cx);
    let item = syn::parse2(item).expect("test input is a fn");
    let tool = ToolFn::from_syn(args, item, config, &mut cx);
    super::check(&tool, &mut cx);
    cx.messages()
}

/// The rule ids the tool violates, in report order.
fn rules(attr: TokenStream, item: TokenStream) -> Vec<String> {
    messages(attr, item)
        .iter()
        .map(|m| {
            m.rsplit_once("[rule: ").map_or_else(
                || format!("(no rule) {m}"),
                |(_, id)| id.trim_end_matches(']').to_owned(),
            )
        })
        .collect()
}

const DOC: &str = "Record a shipment's measured weight before it is dispatched.";

#[test]
fn a_well_designed_tool_passes() {
    let found = messages(
        quote!(
            namespace = "shipment",
            destructive = false,
            idempotent,
            aliases("set_weight")
        ),
        quote! {
            #[doc = " Record a shipment's measured weight before dispatch."]
            #[doc = ""]
            #[doc = " Use after weighing a parcel."]
            async fn set_weight(
                depot: State<Depot>,
                #[doc = " Shipment number."]
                #[param(pattern = r"^SH-\d{4}-\d{6}$")]
                shipment_number: String,
                #[doc = " Measured weight."]
                #[param(min = 0.1, max = 30000.0)]
                weight_kg: f64,
                ctx: ToolContext,
                response_format: ResponseFormat,
            ) -> Result<String, ToolError> { todo() }
        },
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn name_rules() {
    // What LLM APIs accept is not an error; snake_case is style (a warning).
    assert_eq!(
        rules(
            quote!(namespace = "Shipment", read_only),
            quote!(#[doc = #DOC] async fn get_status() {})
        ),
        ["name_style"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, name = "getStatus"),
            quote!(#[doc = #DOC] async fn x() {})
        ),
        ["name_style"]
    );
    assert_eq!(
        messages(
            quote!(read_only, name = "get-env"),
            quote!(#[doc = #DOC] async fn x() {})
        )
        .iter()
        .filter(|m| m.contains("name_charset"))
        .count(),
        0
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, name = "get status!"),
            quote!(#[doc = #DOC] async fn x() {})
        ),
        ["name_charset"]
    );
    let long = "get_".to_owned() + &"a".repeat(60);
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, name = #long),
            quote!(#[doc = #DOC] async fn x() {})
        ),
        ["name_length"]
    );
    assert_eq!(
        rules(
            quote!(read_only),
            quote!(#[doc = #DOC] async fn get_status() {})
        ),
        ["namespace_required"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only),
            quote!(#[doc = #DOC] async fn shipment_get() {})
        ),
        ["redundant_namespace"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only),
            quote!(#[doc = #DOC] async fn shipments_get() {})
        ),
        ["redundant_namespace"]
    );
    // A read-only noun name reads as "get": `directory_tree`, `shipment_status`.
    assert!(
        rules(
            quote!(namespace = "shipment", read_only),
            quote!(#[doc = #DOC] async fn status() {})
        )
        .is_empty()
    );
    // Noun then verb states the action too.
    for name in ["cookie_get", "actions_list", "web_search"] {
        assert!(
            rules(
                quote!(read_only, name = #name, allow(namespace_required)),
                quote!(#[doc = #DOC] async fn x() {})
            )
            .is_empty(),
            "{name}"
        );
    }
    // Two readings: a read-only `branch` reads as "create a branch".
    assert_eq!(
        rules(
            quote!(namespace = "git", read_only),
            quote!(#[doc = #DOC] async fn branch() {})
        ),
        ["verb_first"]
    );
    // A tool that changes state but names no action: get or set?
    assert_eq!(
        rules(
            quote!(namespace = "shipment", destructive = false),
            quote!(#[doc = #DOC] async fn status() {})
        ),
        ["verb_first"]
    );
    // The noun-verb is the action of a tool that changes state: `git_commit`.
    assert!(
        rules(
            quote!(namespace = "git", destructive = false),
            quote!(#[doc = #DOC] async fn commit() {})
        )
        .is_empty()
    );
    // Verbs real servers use, and `un`/`re` forms of listed verbs.
    for name in [
        "finalize",
        "press_key",
        "hover",
        "unresolve_issue",
        "reprioritize_issue",
        "toggle_flag",
    ] {
        assert!(
            rules(
                quote!(namespace = "x", destructive = false, name = #name),
                quote!(#[doc = #DOC] async fn x() {})
            )
            .is_empty(),
            "{name}"
        );
    }
    // A bare verb under a resource namespace reads well: `conversation_search`.
    assert!(
        rules(
            quote!(namespace = "conversation", read_only),
            quote!(#[doc = #DOC] async fn search(#[doc = " Words to find."] query: String) {})
        )
        .is_empty()
    );
}

#[test]
fn alias_rules() {
    let item = quote!(#[doc = #DOC] async fn get_status() {});
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, aliases("old name")),
            item.clone()
        ),
        ["alias_valid"]
    );
    assert_eq!(
        rules(
            quote!(
                namespace = "shipment",
                read_only,
                aliases("shipment_get_status")
            ),
            item.clone()
        ),
        ["alias_valid"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, aliases("a_b", "a_b")),
            item.clone()
        ),
        ["alias_valid"]
    );
    assert!(
        rules(
            quote!(
                namespace = "shipment",
                read_only,
                aliases("get_status", "status")
            ),
            item
        )
        .is_empty()
    );
}

#[test]
fn description_rules() {
    let attr = quote!(namespace = "shipment", read_only);
    assert_eq!(
        rules(
            attr.clone(),
            quote!(
                async fn get_status() {}
            )
        ),
        ["description_required"]
    );
    assert_eq!(
        rules(
            attr.clone(),
            quote!(
                #[doc = " Status."]
                async fn get_status() {}
            )
        ),
        ["description_length"]
    );
    // Short is fine when it says something: "Star a GitHub repository."
    assert!(
        rules(
            quote!(namespace = "github", destructive = false),
            quote!(
                #[doc = " Star a GitHub repository."]
                async fn star_repository(#[doc = " Repository owner."] owner: String) {}
            )
        )
        .is_empty()
    );
    let long = "x".repeat(1300);
    assert_eq!(
        rules(
            attr.clone(),
            quote!(#[doc = #long] async fn get_status() {})
        ),
        ["description_length"]
    );
    let todo = "TODO: explain what this returns and when to use it, later.";
    assert_eq!(
        rules(
            attr.clone(),
            quote!(#[doc = #todo] async fn get_status() {})
        ),
        ["description_placeholder"]
    );
    // Filler and generated boilerplate are style: a warning of their own.
    let filler = "This tool gets the status of a shipment from the depot.";
    assert_eq!(
        rules(
            attr.clone(),
            quote!(#[doc = #filler] async fn get_status() {})
        ),
        ["description_filler"]
    );
    let generated = "Notion | Retrieve a user\nError Responses:\n400: Bad request";
    assert_eq!(
        rules(
            attr.clone(),
            quote!(#[doc = #generated] async fn get_status() {})
        ),
        ["description_filler"]
    );
    // `todo` inside a word is not a marker.
    let fine = "Get the status of a shipment, including the mastodon of todos.";
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #fine] async fn get_status() {})
        )
        .is_empty()
    );
    assert_eq!(
        rules(
            attr,
            quote!(#[doc = #DOC] async fn get_status(shipment_number: String, depot: State<Depot>) {})
        ),
        ["param_description_required"]
    );
}

#[test]
fn parameter_rules() {
    let attr = quote!(namespace = "shipment", read_only);
    // Undocumented, or a doc that repeats the name: one report each, not two.
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn get_status(id: String, #[doc = " The user."] user: String) {}),
    );
    assert_eq!(found, ["generic_param_name", "generic_param_name"]);
    // A doc that pins the meaning down answers it.
    assert!(rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn get_status(#[doc = " Exact target element reference from the page snapshot."] target: String) {}),
    ).is_empty());
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn get_status(#[doc = " x"] timeout: u64, #[doc = " x"] max_weight: Option<f64>) {}),
    );
    assert_eq!(found, ["unit_in_name", "unit_in_name"]);
    // A doc that states the unit answers it; camelCase names are read by their words.
    assert!(rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn get_status(
            #[doc = " The amount to refund in cents."] amount: i64,
            #[doc = " Maximum number of characters to return."] #[param(max = 100000)] max_length: u64,
            #[doc = " How long to wait."] timeoutMs: u64,
        ) {}),
    ).is_empty());
    // Units from the suffix, from `unit`, counts, and non-numbers all pass.
    let fine = quote!(#[doc = #DOC] async fn get_status(
        #[doc = " x"] timeout_ms: u64,
        #[doc = " x"] #[param(unit = "kg")] weight: f64,
        #[doc = " x"] #[param(min = 1, max = 50)] page_size: u32,
        #[doc = " x"] batch_size: u32,
        #[doc = " x"] size_label: String,
        #[doc = " x"] budget_krw: i64,
    ) {});
    assert!(rules(attr.clone(), fine).is_empty());
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn search(#[doc = " x"] query: String, #[doc = " x"] limit: u32) {}),
    );
    assert_eq!(found, ["bounded_limit"]);
    // Counts by name (`tail_lines`, `maxResults`) and by doc ("first N lines").
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn search(
            #[doc = " x"] query: String,
            #[doc = " Lines from the end."] tail_lines: u32,
            #[doc = " x"] maxResults: u32,
            #[doc = " Maximum number of commits to list."] depth: Option<u32>,
            #[doc = " If provided, returns only the first N lines of the file."] head: Option<u32>,
            #[doc = " Lines to skip."] skip_lines: u32,
        ) {}),
    );
    assert_eq!(found, ["bounded_limit", "bounded_limit", "bounded_limit"]);
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn search(#[doc = " x"] created_at: String, #[doc = " x"] since: i64) {}),
    );
    assert_eq!(found, ["timestamp_format", "timestamp_format"]);
    let fine = quote!(#[doc = #DOC] async fn search(
        #[doc = " x"] #[param(format = "date-time")] created_at: String,
        #[doc = " x"] until: chrono::DateTime<chrono::Utc>,
        #[doc = " x"] #[param(format = "date")] due_date: String,
        #[doc = " x"] response_time_ms: u64,
        #[doc = " x"] at: String,
        #[doc = " Start date in YYYY-MM-DD."] start_date: String,
        #[doc = " Only events after this ISO 8601 time."] updated_since: String,
        #[doc = " Cursor: the id of the last item of the previous page."] after: String,
        #[doc = " Timestamp of the message, in the format '1234567890.123456'."] thread_ts: String,
        #[doc = " Message id to start from."] oldest_timestamp: String,
    ) {});
    assert!(rules(attr, fine).is_empty());
}

#[test]
fn relative_change_words_are_judged_in_context() {
    let attr = quote!(namespace = "report", destructive = false);
    let fine = quote!(#[doc = #DOC] async fn apply_diff(#[doc = " x"] group_by: String, #[doc = " x"] requested_by: String) {});
    assert!(rules(attr.clone(), fine).is_empty());
    let found = rules(
        attr,
        quote!(#[doc = #DOC] async fn set_level(#[doc = " x"] adjust_by: i32) {}),
    );
    assert_eq!(found, ["absolute_value"]);
}

#[test]
fn placeholders_point_at_their_line() {
    let attr = quote!(namespace = "shipment", read_only);
    let fine = "Fill every placeholder of a document template with the shipment's data.";
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #fine] async fn get_status() {})
        )
        .is_empty()
    );
    for text in [
        "Get a shipment's status. TODOs: explain the fields.",
        "Get a shipment's status and route. todo: fields",
    ] {
        assert_eq!(
            rules(
                attr.clone(),
                quote!(#[doc = #text] async fn get_status() {})
            ),
            ["description_placeholder"],
            "{text}"
        );
    }
    let found = messages(
        attr,
        quote!(
            #[doc = " Get a shipment's status, route and due date."]
            #[doc = " TODO: explain."]
            async fn get_status() {}
        ),
    );
    assert!(
        found[0].contains("placeholder `TODO:`") && found[0].contains("replace the placeholder"),
        "{}",
        found[0]
    );
}

#[test]
fn compound_actions_that_change_state_are_not_reads() {
    let found = rules(
        quote!(namespace = "document", destructive),
        quote!(#[doc = #DOC] async fn find_and_replace() {}),
    );
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn relative_changes() {
    let attr = quote!(namespace = "account", destructive = false);
    let found = rules(
        attr.clone(),
        quote!(#[doc = #DOC] async fn set_quota(#[doc = " x"] quota_delta: i64, #[doc = " x"] increase_by: i64) {}),
    );
    assert_eq!(found, ["unit_in_name", "absolute_value", "absolute_value"]);
    assert_eq!(
        rules(
            attr.clone(),
            quote!(#[doc = #DOC] async fn increment_counter() {})
        ),
        ["absolute_value"]
    );
    // Read-only tools may take offsets: they change nothing.
    let read = quote!(namespace = "account", read_only);
    assert!(rules(read, quote!(#[doc = #DOC] async fn get_history(#[doc = " x"] #[param(unit = "days")] days_delta: i64) {})).is_empty());
}

#[test]
fn list_needs_a_filter_or_bound() {
    let attr = quote!(namespace = "order", read_only);
    assert_eq!(
        rules(attr.clone(), quote!(#[doc = #DOC] async fn list_all() {})),
        ["search_not_list"]
    );
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #DOC] async fn list_for_customer(#[doc = " x"] customer_id: String) {})
        )
        .is_empty()
    );
    assert!(rules(attr, quote!(#[doc = #DOC] async fn list_recent(#[doc = " x"] #[param(min = 1, max = 50)] limit: u32) {})).is_empty());
}

#[test]
fn effect_rules() {
    let item = quote!(#[doc = #DOC] async fn set_weight() {});
    // Undeclared, a tool is destructive by MCP's default: reported only where the name
    // says that is wrong (it reads, or only adds).
    assert!(rules(quote!(namespace = "shipment"), item.clone()).is_empty());
    assert_eq!(
        rules(
            quote!(namespace = "shipment"),
            quote!(#[doc = #DOC] async fn get_status() {})
        ),
        ["effect_declared"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "issue"),
            quote!(#[doc = #DOC] async fn add_comment() {})
        ),
        ["effect_declared"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only, destructive),
            item.clone()
        ),
        ["annotation_conflict"]
    );
    // Redundant hints on a read-only tool are not a conflict (the spec ignores them).
    for attr in [
        quote!(namespace = "shipment", read_only, idempotent),
        quote!(namespace = "shipment", read_only, idempotent = false),
        quote!(namespace = "shipment", read_only, destructive = false),
    ] {
        assert!(rules(attr.clone(), item.clone()).is_empty(), "{attr}");
    }
    // `read_only = false` alone declares nothing: clients then assume destructive.
    let found = messages(
        quote!(namespace = "repo", read_only = false),
        quote!(#[doc = #DOC] async fn fork() {}),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("`read_only = false` alone") && found[0].contains("effect_declared"),
        "{}",
        found[0]
    );
    // Any word of the name carries the effect: `cookie_delete`, `memory_delete_entities`.
    assert_eq!(
        rules(
            quote!(namespace = "browser", destructive = false),
            quote!(#[doc = #DOC] async fn cookie_delete() {})
        ),
        ["destructive_verb"]
    );
    assert_eq!(
        rules(
            quote!(namespace = "browser", destructive = false),
            quote!(#[doc = #DOC] async fn cookie_get() {})
        ),
        ["destructive_verb"]
    );
    let delete = quote!(#[doc = #DOC] async fn delete_label() {});
    assert_eq!(
        rules(
            quote!(namespace = "shipment", destructive = false),
            delete.clone()
        ),
        ["destructive_verb"]
    );
    assert!(rules(quote!(namespace = "shipment", destructive), delete.clone()).is_empty());
    // Without any effect, a deleting tool is destructive by default, as it should be.
    assert!(rules(quote!(namespace = "shipment"), delete).is_empty());
    let only = messages(
        quote!(namespace = "shipment"),
        quote!(#[doc = #DOC] async fn get_label() {}),
    );
    assert_eq!(only.len(), 1);
    assert!(only[0].contains("say `read_only`"), "{}", only[0]);
    let get = quote!(#[doc = #DOC] async fn get_label() {});
    assert_eq!(
        rules(quote!(namespace = "shipment", destructive = false), get),
        ["destructive_verb"]
    );
    // Compound phrases that change state are not reads.
    let check_in = quote!(#[doc = #DOC] async fn check_in_guest() {});
    assert!(rules(quote!(namespace = "hotel", destructive = false), check_in).is_empty());
    let upsert = quote!(#[doc = #DOC] async fn get_or_create_profile() {});
    assert!(rules(quote!(namespace = "hotel", destructive = false), upsert).is_empty());
}

#[test]
fn allow_waives_one_rule_and_unknown_ids_are_listed() {
    let item = quote!(#[doc = #DOC] async fn status() {});
    assert!(
        rules(
            quote!(namespace = "shipment", read_only, allow(verb_first)),
            item.clone()
        )
        .is_empty()
    );
    let found = messages(
        quote!(namespace = "shipment", read_only, allow(verb_frist)),
        item,
    );
    assert!(
        found[0].starts_with("unknown rule `verb_frist`"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("did you mean `verb_first`?"),
        "{}",
        found[0]
    );
}

#[test]
fn async_and_everything_at_once() {
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only),
            quote!(#[doc = #DOC] fn get_status() {})
        ),
        ["async_fn"]
    );
    let found = rules(
        quote!(),
        quote!(
            fn Status(id: String, timeout: u64) {}
        ),
    );
    assert_eq!(
        found,
        [
            "namespace_required",
            "description_required",
            "param_description_required",
            "generic_param_name",
            "unit_in_name",
            "async_fn",
            "name_style"
        ]
    );
}

#[test]
fn messages_carry_help_and_rule_id() {
    let found = messages(
        quote!(namespace = "shipment", read_only),
        quote!(#[doc = #DOC] async fn get_status(#[doc = " x"] timeout: u64) {}),
    );
    assert_eq!(
        found,
        [
            "parameter `timeout` is a timeout without a unit: a model will guess seconds where you meant milliseconds\n= help: put the unit in the name (`timeout_ms`), write `#[param(unit = \"ms\")]`, or state it in the doc (\"… in milliseconds\") [rule: unit_in_name]"
        ]
    );
}
