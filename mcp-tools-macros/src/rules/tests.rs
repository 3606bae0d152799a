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
    // Short is fine when it says something beyond the name; one that only restates it
    // is a judgment, a warning: "Star a GitHub repository." on `github_star_repository`.
    assert!(
        rules(
            quote!(namespace = "github", destructive = false),
            quote!(
                #[doc = " Star a GitHub repository, to bookmark it for the user."]
                async fn star_repository(#[doc = " Repository owner."] owner: String) {}
            )
        )
        .is_empty()
    );
    assert_eq!(
        messages(
            quote!(namespace = "github", destructive = false),
            quote!(
                #[doc = " Star a GitHub repository."]
                async fn star_repository(#[doc = " Repository owner."] owner: String) {}
            )
        )
        .iter()
        .map(|m| m.starts_with("warning: ") && m.ends_with("[rule: description_length]"))
        .collect::<Vec<_>>(),
        [true]
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
    // A quota may be unitless in its domain: a judgment, so a warning, after the errors.
    assert_eq!(found, ["absolute_value", "absolute_value", "unit_in_name"]);
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
            // `timeout` gets one report, for its unit, not a second for its missing doc.
            "unit_in_name",
            "async_fn",
            // Warnings: a style rule, and two judgments (the tool's name names a `status`,
            // which may be what `id` is of; `status` says nothing known of its effect).
            "name_style",
            "generic_param_name",
            "effect_declared",
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

/// A schema file of the test's own, removed when dropped.
struct SchemaFile(std::path::PathBuf);

impl SchemaFile {
    /// Its absolute path, for `input_schema = …` (an absolute path is read as it is).
    fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Drop for SchemaFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn schema_file(name: &str, schema: &str) -> SchemaFile {
    let path = std::env::temp_dir().join(format!(
        "mcp-tools-macros-{}-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, schema).expect("write the schema");
    SchemaFile(path)
}

/// The messages of a read-only `shipment_get_rates` with `input_schema = path`, taking
/// `args: Value` (and whatever `params` add).
fn schema_messages(path: &str, params: TokenStream) -> Vec<String> {
    messages(
        quote!(namespace = "shipment", read_only, input_schema = #path),
        quote!(#[doc = #DOC] async fn get_rates(#params) -> String { todo() }),
    )
}

#[test]
fn input_schema_properties_are_judged_like_parameters() {
    let path = schema_file(
        "judged",
        r##"{
            "type": "object",
            "properties": {
                "timeout": {"type": "integer", "description": "How long to wait."},
                "limit": {"type": "integer", "description": "Most rates to return."},
                "since": {"type": "string", "description": "Rates valid from this moment."},
                "id": {"type": "string"},
                "note": {"type": "string"},
                "region": {"enum": ["eu", "us"]},
                "tariff": {"$ref": "#/$defs/tariff"}
            },
            "$defs": {"tariff": {"type": "object", "properties": {"code": {"type": "string"}}}}
        }"##,
    );
    let found = schema_messages(&path.path(), quote!(args: Value));
    let ids: Vec<&str> = found
        .iter()
        .map(|m| {
            m.rsplit_once("[rule: ")
                .map_or(m.as_str(), |(_, id)| id.trim_end_matches(']'))
        })
        .collect();
    // An `enum` and a `$ref` to an object with properties describe themselves, as a
    // user's own Rust enum or struct does.
    assert_eq!(
        ids,
        [
            "unit_in_name",
            "bounded_limit",
            // Warnings, reported after the errors: a style rule, and two judgments (the
            // tool's name may say whose `id` it is; `since` has a doc, which may mean the
            // one form its domain uses).
            "param_description_required",
            "generic_param_name",
            "timestamp_format",
        ],
        "{found:#?}"
    );
    // The fix names the file's keywords, not `///` or `#[param]`.
    assert_eq!(
        found[2],
        "warning: property `note` of the input schema has no `description`: without one the model guesses its meaning and format\n= help: add `\"description\"` to `properties.note` in the file: what it is, its format, an example [rule: param_description_required]"
    );
    assert!(
        found[3].contains("give it a `description` of what it holds"),
        "{}",
        found[3]
    );
    assert!(
        found[0].contains("or state it in its `description` (\"… in milliseconds\")"),
        "{}",
        found[0]
    );
    assert!(
        found[1].contains("`\"minimum\": 1, \"maximum\": 100`"),
        "{}",
        found[1]
    );
    assert!(
        found[4].contains("add `\"format\": \"date-time\"` to it"),
        "{}",
        found[4]
    );
    assert!(
        !found
            .iter()
            .any(|m| m.contains("#[param") || m.contains("///")),
        "{found:#?}"
    );
}

#[test]
fn input_schema_properties_satisfy_the_rules_with_their_keywords() {
    let path = schema_file(
        "satisfied",
        r#"{
            "$id": "https://example.com/rates.json",
            "type": "object",
            "properties": {
                "timeout": {"type": "integer", "description": "How long to wait, in milliseconds."},
                "limit": {"type": "integer", "maximum": 50, "description": "Most rates to return."},
                "since": {"type": "string", "format": "date-time", "description": "Rates valid from this moment."},
                "until": {"$ref": "https://example.com/rates.json#/$defs/moment"},
                "weight_kg": {"type": ["number", "null"], "description": "Parcel weight."}
            },
            "$defs": {"moment": {"type": "string", "format": "date-time", "description": "A moment, RFC 3339."}}
        }"#,
    );
    let found = schema_messages(
        &path.path(),
        quote!(args: Value, depot: State<Depot>, ctx: ToolContext),
    );
    assert!(found.is_empty(), "{found:#?}");
    // `allow(...)` waives a rule for the file's properties as for parameters.
    let undocumented = schema_file(
        "undocumented",
        r#"{"type": "object", "properties": {"note": {"type": "string"}}}"#,
    );
    let undocumented = undocumented.path();
    let allowed = messages(
        quote!(namespace = "shipment", read_only, input_schema = #undocumented, allow(param_description_required)),
        quote!(#[doc = #DOC] async fn get_rates(args: Value) -> String { todo() }),
    );
    assert!(allowed.is_empty(), "{allowed:#?}");
}

#[test]
fn input_schema_needs_one_parameter_for_the_arguments_and_no_param_keys() {
    let file = schema_file("one_param", r#"{"type": "object"}"#);
    let path = file.path();
    assert_eq!(
        schema_messages(&path, quote!(depot: State<Depot>)),
        [
            "tool `get_rates` has `input_schema` but no parameter to take its arguments\n= help: add one, such as `args: serde_json::Value` or a type that derives `Deserialize`: it receives the whole arguments object, checked against the file"
        ]
    );
    assert_eq!(
        schema_messages(&path, quote!(args: Value, #[doc = " Zone."] zone: String)),
        [
            "`zone` is a second parameter for the arguments: with `input_schema` the file describes every argument, and `args` receives them all\n= help: remove `zone` and read the value from `args`; values the server supplies come as `State<T>` or `ToolContext`"
        ]
    );
    let with_param = schema_messages(&path, quote!(#[param(min = 1)] args: Value));
    assert_eq!(with_param.len(), 1, "{with_param:#?}");
    assert!(
        with_param[0].starts_with("`#[param]` on `args` has no effect with `input_schema`: the file describes the arguments\n= help: remove it, and write the constraint (`minimum`, `pattern`, `description`, …) in `"),
        "{with_param:#?}"
    );
}

#[test]
fn input_schema_files_that_are_not_object_schemas_are_refused() {
    let cases = [
        (
            "not_json",
            "{\"type\": \"object\",}",
            "is not JSON: trailing comma at line 1 column 19",
        ),
        ("an_array", "[]", "holds an array, not a JSON Schema object"),
        (
            "no_type",
            "{\"properties\": {}}",
            "has no `\"type\": \"object\"` at its root",
        ),
        (
            "a_string",
            "{\"type\": \"string\"}",
            "has `\"type\": \"string\"` at its root, not `\"object\"`",
        ),
    ];
    for (name, text, problem) in cases {
        let file = schema_file(name, text);
        let found = schema_messages(&file.path(), quote!(args: Value));
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains(problem), "{name}: {found:#?}");
        assert!(found[0].contains("= help: "), "{found:#?}");
    }
    let missing = schema_messages("schemas/missing.json", quote!(args: Value));
    assert_eq!(
        missing,
        [
            "the `input_schema` file `schemas/missing.json` does not exist\n= help: the path is relative to the crate's directory, where its Cargo.toml is: `input_schema = \"schemas/order.json\"` reads `<crate>/schemas/order.json`"
        ]
    );
}

#[test]
fn a_parameter_is_documented_where_the_tool_describes_it() {
    let attr = quote!(namespace = "proc", read_only);
    // A list item of the description documents it, whatever the length of its name.
    let listed = "Read a process's output.\n\n- pid: Process ID returned by start_process";
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #listed] async fn read_output(pid: u64) {})
        )
        .is_empty()
    );
    let quoted = "Read a file. `path` is absolute, inside an allowed directory.";
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #quoted] async fn read_file(path: String) {})
        )
        .is_empty()
    );
    // The word in the prose says nothing of the parameter: absolute, or relative?
    let prose = "List the files in a specified path.";
    assert_eq!(
        rules(
            attr,
            quote!(#[doc = #prose] async fn list_files(path: String) {})
        ),
        ["path_format"]
    );
}

#[test]
fn a_name_explains_itself_only_when_it_leaves_nothing_to_guess() {
    let attr = quote!(namespace = "web", read_only);
    // A flag named for what it switches on.
    assert!(rules(attr.clone(), quote!(#[doc = #DOC] async fn scrape(#[doc = " Page."] url: String, include_subdomains: bool, only_main_content: Option<bool>) {})).is_empty());
    // A plain-string query or sort leaves its syntax open; an index, its base.
    assert_eq!(
        rules(
            attr,
            quote!(#[doc = #DOC] async fn search(force: bool, query: String, sort: Option<String>, row_index: u32) {})
        ),
        [
            "param_description_required",
            "param_description_required",
            "param_description_required"
        ]
    );
}

#[test]
fn a_generic_name_documented_for_what_it_holds_passes() {
    let attr = quote!(namespace = "project", read_only);
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #DOC] async fn get_project(#[doc = " The project ID."] id: String) {})
        )
        .is_empty()
    );
    assert_eq!(
        rules(
            attr,
            quote!(#[doc = #DOC] async fn get_project(#[doc = " The id."] id: String) {})
        ),
        ["generic_param_name"]
    );
}

#[test]
fn a_tool_whose_verbs_say_nothing_known_declares_its_effect() {
    // Clients confirm every call of an undeclared tool as if it deleted something.
    assert_eq!(
        rules(
            quote!(namespace = "github"),
            quote!(#[doc = #DOC] async fn merge_pull_request() {})
        ),
        ["effect_declared"]
    );
    // A name that overwrites or deletes makes MCP's destructive default the right guess.
    for tool in [
        quote!(
            async fn update_issue() {}
        ),
        quote!(
            async fn kv_put() {}
        ),
        quote!(
            async fn delete_branch() {}
        ),
    ] {
        let item = quote!(#[doc = #DOC] #tool);
        assert!(rules(quote!(namespace = "github"), item).is_empty());
    }
}

#[test]
fn a_result_count_is_bounded_in_the_schema() {
    let attr = quote!(namespace = "issue", read_only);
    let prose = quote!(#[doc = #DOC] async fn search(#[doc = " Results per page, max 100."] per_page: u32) {});
    assert_eq!(rules(attr.clone(), prose), ["bounded_limit_unenforced"]);
    // zod's safe integer, or a default, bounds nothing.
    let sentinel = quote!(#[doc = #DOC] async fn search(#[doc = " Page size."] #[param(max = 9007199254740991)] limit: u64) {});
    assert_eq!(rules(attr.clone(), sentinel), ["bounded_limit"]);
    let default = quote!(#[doc = #DOC] async fn search(#[doc = " Max results to return (default 100)."] limit: u32) {});
    assert_eq!(rules(attr.clone(), default), ["bounded_limit"]);
    // A number to skip caps nothing.
    let skip =
        quote!(#[doc = #DOC] async fn search(#[doc = " Number of results to skip."] start: u32) {});
    assert!(rules(attr.clone(), skip).is_empty());
    let top = quote!(#[doc = #DOC] async fn list_branches(#[doc = " The maximum number of branches to return."] top: u32) {});
    assert_eq!(rules(attr, top), ["bounded_limit"]);
}

#[test]
fn a_type_of_your_own_describes_itself_whatever_its_name() {
    // `params: SearchParams` (an rmcp-style port's one argument): its schema documents it.
    let attr = quote!(namespace = "issue", read_only);
    assert!(
        rules(
            attr.clone(),
            quote!(#[doc = #DOC] async fn search(params: SearchParams) {})
        )
        .is_empty()
    );
    assert_eq!(
        rules(
            attr,
            quote!(#[doc = #DOC] async fn search(params: String) {})
        ),
        ["generic_param_name"]
    );
}

#[test]
fn a_description_over_the_limit_is_a_manual() {
    let long = "Use this when a shipment's route changes. ".repeat(40);
    assert_eq!(
        rules(
            quote!(namespace = "shipment", read_only),
            quote!(#[doc = #long] async fn get_route() {})
        ),
        ["description_length"]
    );
}

#[test]
fn a_noun_that_names_its_doer_or_its_doing_states_the_action() {
    for word in ["reader", "updater", "generation", "containerize"] {
        assert!(mcp_tools_rules::words::states_action(word), "{word}");
    }
    for word in ["weather", "settings", "status"] {
        assert!(!mcp_tools_rules::words::states_action(word), "{word}");
    }
}

#[test]
fn a_required_task_on_a_quick_tool_warns() {
    let item = quote!(#[doc = #DOC] async fn export_report() {});
    let run = |attr: TokenStream| rules(attr, item.clone());
    // At most 30 s: quick enough to answer inline.
    assert_eq!(
        run(quote!(
            namespace = "depot",
            read_only,
            task = "required",
            timeout_ms = 30000
        )),
        ["task_required_quick"]
    );
    assert!(
        run(quote!(
            namespace = "depot",
            read_only,
            task = "required",
            timeout_ms = 30001
        ))
        .is_empty()
    );
    // No timeout promises nothing about how long a call takes.
    assert!(run(quote!(namespace = "depot", read_only, task = "required")).is_empty());
    assert!(
        run(quote!(
            namespace = "depot",
            read_only,
            task = "optional",
            timeout_ms = 1000
        ))
        .is_empty()
    );
    assert!(
        run(quote!(
            namespace = "depot",
            read_only,
            task = "required",
            timeout_ms = 1000,
            allow(task_required_quick)
        ))
        .is_empty()
    );
    assert_eq!(
        messages(
            quote!(
                namespace = "depot",
                read_only,
                task = "required",
                timeout_ms = 5000
            ),
            item.clone()
        ),
        [
            "warning: `depot_export_report` ends every call within `timeout_ms = 5000`, quick enough to answer inline, yet `task = \"required\"` refuses every client that does not support tasks, most clients today\n= help: write `task = \"optional\"`: a task where the client supports tasks, a plain call elsewhere [rule: task_required_quick]"
        ]
    );
}

#[test]
fn task_keys_need_a_task_and_a_deferred_one_a_context() {
    let attr = |keys: TokenStream| quote!(namespace = "depot", read_only, #keys);
    let plain = quote!(#[doc = #DOC] async fn export_report() {});
    let with_ctx = quote!(#[doc = #DOC] async fn export_report(ctx: ToolContext) {});
    assert!(
        messages(
            attr(quote!(
                task = "optional",
                task_ttl_secs = 600,
                task_deferred
            )),
            with_ctx.clone()
        )
        .is_empty()
    );
    assert!(
        messages(
            attr(quote!(task = "required", task_deferred = false)),
            plain.clone()
        )
        .is_empty()
    );
    assert_eq!(
        messages(attr(quote!(task_ttl_secs = 600)), plain.clone()),
        [
            "`task_ttl_secs` needs `task = \"optional\"` or `task = \"required\"`\n= help: only a task's result is kept after its call: add `task = \"optional\"` (a task where the client supports tasks, a plain call elsewhere), or remove `task_ttl_secs`"
        ]
    );
    // Without `task`, one error: the fix may be to remove the key.
    assert_eq!(
        messages(attr(quote!(task_deferred)), plain.clone()),
        [
            "`task_deferred` needs `task = \"optional\"` or `task = \"required\"`\n= help: only a call that may run as a task can become one part way through: add `task = \"optional\"` (a task where the client supports tasks, a plain call elsewhere), or remove `task_deferred`"
        ]
    );
    assert_eq!(
        messages(
            attr(quote!(task = "optional", task_deferred)),
            plain.clone()
        ),
        [
            "tool `export_report` is `task_deferred` but takes no `ToolContext`: its calls become tasks only through `ctx.continue_as_task().await`, so none ever would\n= help: take a `ctx: ToolContext` parameter and call `ctx.continue_as_task().await?` where the slow part starts, or remove `task_deferred` to make every call a task"
        ]
    );
    // A value that is not a mode is one error, at the value; the keys beside it are not
    // reported as lacking a `task`.
    assert_eq!(
        messages(
            attr(quote!(task = "always", task_ttl_secs = 600)),
            plain.clone()
        ),
        [
            "unknown task mode `always`\n= help: `optional` (a task for clients that support tasks, a plain call for the others), `required` (only as a task; clients without task support are refused)"
        ]
    );
    let zero = messages(attr(quote!(task = "optional", task_ttl_secs = 0)), plain);
    assert_eq!(zero.len(), 1, "{zero:#?}");
    assert!(
        zero[0].starts_with("`task_ttl_secs = 0` drops"),
        "{zero:#?}"
    );
}
