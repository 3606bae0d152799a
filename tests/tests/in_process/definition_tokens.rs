//! What the example's tool definitions cost in context, side by side with the same tools
//! written with rmcp's own macros.
//!
//! [`rmcp_side`] declares `shipment_search`, `shipment_get_status`, `shipment_get_log`,
//! `shipment_set_weight` and `shipment_cancel` the way a careful rmcp user would: a
//! `#[tool_router]` impl, one `Parameters<Args>` struct per tool deriving `Deserialize` and
//! `JsonSchema` with schemars defaults, the example's doc comments, constraints written as
//! schemars attributes, the same titles and annotations, and the example's own output types
//! behind `Json<T>`. Both sides are counted as [`Registry::definition_report`] counts: the
//! `o200k_base` tokens of each tool's `tools/list` entry as compact JSON, everything in it
//! (our `_meta` and the page's `truncated` field included).
//!
//! The goal: ours cost at most 0.8× theirs while still carrying units, ranges and a
//! description on every parameter. `both_sides_describe_the_same_tools` keeps the two sides
//! honest: same names, titles, annotations, descriptions and parameters.
//!
//! Run with `cargo test -p mcp-tools-tests --test in_process -- definition_tokens:: --nocapture` to see
//! the table.
//!
//! [`Registry::definition_report`]: mcp_tools::Registry::definition_report

use std::{collections::BTreeSet, fmt::Write as _};

use mcp_tools::tokens::Encoding;
use serde_json::{Map, Value};

/// The most our catalog may cost, as a share of rmcp's.
const MAX_RATIO: f64 = 0.8;

/// The example's tools that rmcp's side declares too; the re-route pair (a plan and its
/// handle) has no rmcp counterpart to compare with.
const COMPARED: [&str; 5] = [
    "shipment_search",
    "shipment_get_status",
    "shipment_get_log",
    "shipment_set_weight",
    "shipment_cancel",
];

/// Our listing, as `tools/list` sends it, in listing order.
fn ours() -> Vec<Value> {
    mcp_tools_examples::registry()
        .expect("the example registry builds")
        .tool_definitions()
        .iter()
        .filter(|tool| COMPARED.contains(&tool.name.as_ref()))
        .map(|tool| serde_json::to_value(tool).expect("a tool serializes"))
        .collect()
}

/// rmcp's listing of the same tools, in our listing order.
fn theirs(order: &[Value]) -> Vec<Value> {
    let tools = rmcp_side::listing();
    order
        .iter()
        .map(|ours| {
            tools
                .iter()
                .find(|t| t["name"] == ours["name"])
                .unwrap_or_else(|| panic!("rmcp side lacks {}", ours["name"]))
                .clone()
        })
        .collect()
}

/// Tokens of one definition as compact JSON, as `definition_report` counts them.
fn tokens(tool: &Value) -> usize {
    Encoding::O200kBase.count(&tool.to_string())
}

fn name(tool: &Value) -> &str {
    tool["name"].as_str().expect("a tool has a name")
}

fn properties(schema: &Value) -> &Map<String, Value> {
    schema["properties"]
        .as_object()
        .expect("an object schema has properties")
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn ours_cost_at_most_four_fifths_of_rmcp() {
    let ours = ours();
    let theirs = theirs(&ours);

    // Our own counting must agree with the report's, or the comparison compares nothing.
    let report = mcp_tools_examples::registry()
        .expect("the example registry builds")
        .definition_report();
    for tool in &ours {
        assert_eq!(
            report.tokens_of(name(tool)),
            Some(tokens(tool)),
            "{}",
            name(tool)
        );
    }

    let width = ours.iter().map(|t| name(t).len()).max().unwrap_or(4).max(5);
    let mut table = format!(
        "{:<width$}  {:>6}  {:>6}  {:>5}\n",
        "tool", "ours", "rmcp", "ratio"
    );
    let (mut total_ours, mut total_theirs) = (0, 0);
    for (ours, theirs) in ours.iter().zip(&theirs) {
        let (o, t) = (tokens(ours), tokens(theirs));
        total_ours += o;
        total_theirs += t;
        writeln!(
            table,
            "{:<width$}  {o:>6}  {t:>6}  {:>5.2}",
            name(ours),
            ratio(o, t)
        )
        .expect("writing to a String");
    }
    let total = ratio(total_ours, total_theirs);
    write!(
        table,
        "{:<width$}  {total_ours:>6}  {total_theirs:>6}  {total:>5.2}",
        "total"
    )
    .expect("writing to a String");
    let parts = breakdown(&ours, &theirs);
    println!(
        "definition tokens (o200k_base), ours vs rmcp macros with schemars defaults:\n{table}\n\n\
         where they go (tokens saved by leaving each part out, all tools):\n{parts}"
    );
    assert!(
        total <= MAX_RATIO,
        "ours cost {total:.2}× rmcp's, over the goal of {MAX_RATIO}×:\n{table}\n{parts}"
    );
}

/// A table of what each part of the listings costs on both sides: the tokens saved by
/// leaving that part out of every definition.
fn breakdown(ours: &[Value], theirs: &[Value]) -> String {
    type Edit = fn(&mut Map<String, Value>);
    let parts: [(&str, Edit); 9] = [
        ("name, title, description", |t| {
            for key in ["name", "title", "description"] {
                t.remove(key);
            }
        }),
        ("annotations", |t| drop(t.remove("annotations"))),
        ("_meta", |t| drop(t.remove("_meta"))),
        ("inputSchema", |t| drop(t.remove("inputSchema"))),
        ("outputSchema", |t| drop(t.remove("outputSchema"))),
        ("  descriptions in schemas", |t| {
            in_schemas(t, "description");
        }),
        ("  $schema", |t| in_schemas(t, "$schema")),
        ("  format", |t| in_schemas(t, "format")),
        ("  additionalProperties", |t| {
            in_schemas(t, "additionalProperties");
        }),
    ];
    let saved = |tools: &[Value], edit: Edit| -> usize {
        tools
            .iter()
            .map(|tool| {
                let mut edited = tool.as_object().cloned().unwrap_or_default();
                edit(&mut edited);
                tokens(tool).saturating_sub(tokens(&Value::Object(edited)))
            })
            .sum()
    };
    let mut table = format!("{:<26}  {:>6}  {:>6}", "part", "ours", "rmcp");
    for (label, edit) in parts {
        write!(
            table,
            "\n{label:<26}  {:>6}  {:>6}",
            saved(ours, edit),
            saved(theirs, edit)
        )
        .expect("writing to a String");
    }
    table
}

/// Removes the keyword `key` wherever it appears in the tool's input and output schemas.
fn in_schemas(tool: &mut Map<String, Value>, key: &str) {
    for schema in ["inputSchema", "outputSchema"] {
        if let Some(schema) = tool.get_mut(schema) {
            remove_keyword(schema, key);
        }
    }
}

/// Removes the keyword `key` from `schema` and its subschemas; names of properties and
/// `$defs` entries are not keywords, so a property called `format` stays.
fn remove_keyword(schema: &mut Value, key: &str) {
    match schema {
        Value::Object(map) => {
            map.remove(key);
            for (keyword, child) in map.iter_mut() {
                match (keyword.as_str(), child) {
                    ("properties" | "$defs", Value::Object(named)) => {
                        named.values_mut().for_each(|s| remove_keyword(s, key));
                    }
                    (_, child) => remove_keyword(child, key),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|s| remove_keyword(s, key)),
        _ => {}
    }
}

#[allow(clippy::cast_precision_loss)] // token counts are far below 2^52
fn ratio(ours: usize, theirs: usize) -> f64 {
    ours as f64 / theirs as f64
}

#[test]
fn ours_carry_units_ranges_and_param_docs() {
    let ours = ours();
    let tool = |n: &str| {
        ours.iter()
            .find(|t| name(t) == n)
            .unwrap_or_else(|| panic!("`{n}` is listed"))
    };

    let weight = &properties(&tool("shipment_set_weight")["inputSchema"])["weight_kg"];
    let description = weight["description"]
        .as_str()
        .expect("weight_kg has a description");
    assert!(description.contains("Unit: kg."), "{weight}");
    assert_eq!(weight["minimum"], 0.1, "{weight}");
    assert_eq!(weight["maximum"], 30000, "{weight}");

    let limit = &properties(&tool("shipment_search")["inputSchema"])["limit"];
    assert_eq!(
        (&limit["minimum"], &limit["maximum"], &limit["default"]),
        (&Value::from(1), &Value::from(50), &Value::from(10)),
        "{limit}"
    );
    let query = &properties(&tool("shipment_search")["inputSchema"])["query"];
    assert_eq!(
        (&query["minLength"], &query["maxLength"]),
        (&Value::from(1), &Value::from(200))
    );
    let reason = &properties(&tool("shipment_cancel")["inputSchema"])["reason"];
    assert_eq!(
        (&reason["minLength"], &reason["maxLength"]),
        (&Value::from(3), &Value::from(500))
    );

    for tool in &ours {
        for (param, schema) in properties(&tool["inputSchema"]) {
            let described = schema["description"]
                .as_str()
                .is_some_and(|d| !d.is_empty());
            assert!(
                described,
                "{}.{param} has no description: {schema}",
                name(tool)
            );
        }
    }
}

#[test]
fn both_sides_describe_the_same_tools() {
    let ours = ours();
    let theirs = rmcp_side::listing();
    let names = |tools: &[Value]| {
        tools
            .iter()
            .map(|t| name(t).to_owned())
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(names(&ours), names(&theirs));

    for (ours, theirs) in ours.iter().zip(self::theirs(&ours)) {
        let tool = name(ours);
        assert_eq!(ours["title"], theirs["title"], "{tool}");
        assert_eq!(ours["annotations"], theirs["annotations"], "{tool}");
        // rmcp joins doc lines with single line breaks; the words must be the same.
        assert_eq!(
            words(ours["description"].as_str().unwrap_or_default()),
            words(theirs["description"].as_str().unwrap_or_default()),
            "{tool}: the rmcp side's doc comment no longer matches the example's"
        );

        let (our_params, their_params) = (
            properties(&ours["inputSchema"]),
            properties(&theirs["inputSchema"]),
        );
        assert_eq!(
            our_params.keys().collect::<Vec<_>>(),
            their_params.keys().collect::<Vec<_>>(),
            "{tool}"
        );
        for (param, schema) in our_params {
            let (ours, theirs) = (
                words(schema["description"].as_str().unwrap_or_default()),
                words(
                    their_params[param]["description"]
                        .as_str()
                        .unwrap_or_default(),
                ),
            );
            // Ours may add what the macro knows beyond the doc comment: ` Unit: kg.`.
            assert!(
                ours.starts_with(&theirs) && !theirs.is_empty(),
                "{tool}.{param}: ours {ours:?}, rmcp {theirs:?}"
            );
        }

        match (ours.get("outputSchema"), theirs.get("outputSchema")) {
            (None, None) => {}
            (Some(ours), Some(theirs)) => {
                let mut our_fields: BTreeSet<&String> = properties(ours).keys().collect();
                // The optimizer's note on a cut page: rmcp has no optimizer to cut one.
                our_fields.remove(&"truncated".to_owned());
                let their_fields: BTreeSet<&String> = properties(theirs).keys().collect();
                assert_eq!(our_fields, their_fields, "{tool}");
            }
            (ours, theirs) => panic!("{tool}: outputSchema ours {ours:?}, rmcp {theirs:?}"),
        }
    }
}

#[tokio::test]
async fn the_rmcp_side_serves_the_same_depot() {
    use rmcp::handler::server::wrapper::{Json, Parameters};

    let server = rmcp_side::Shipments::seeded();
    let Json(view) = server
        .get_status(Parameters(rmcp_side::GetStatusArgs {
            shipment_number: "SH-2026-000042".into(),
        }))
        .await
        .expect("a seeded shipment");
    let ours = mcp_tools_examples::registry()
        .expect("the example registry builds")
        .call(
            "shipment_get_status",
            serde_json::json!({ "shipment_number": "SH-2026-000042" }),
        )
        .await
        .expect("a call");
    assert_eq!(
        Some(serde_json::to_value(view).expect("a view serializes")),
        ours.structured_content
    );
}

/// The example's tools written with rmcp's `#[tool_router]` and `#[tool]`, over the example's
/// depot and output types, with schemars defaults throughout.
mod rmcp_side {
    // rmcp's `#[tool]` fns are `async` by contract; the in-memory depot never waits.
    #![allow(clippy::unused_async)]

    use mcp_tools_examples::{
        Depot, Shipment, Status,
        views::{ShipmentView, StatusView},
    };
    use rmcp::{
        handler::server::wrapper::{Json, Parameters},
        tool, tool_router,
    };
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};
    use serde_json::Value;

    /// The `tools/list` entries of [`Shipments`], as rmcp lists them (sorted by name).
    pub(super) fn listing() -> Vec<Value> {
        Shipments::tool_router()
            .list_all()
            .iter()
            .map(|tool| serde_json::to_value(tool).expect("a tool serializes"))
            .collect()
    }

    /// A parcel depot served through rmcp's macros.
    pub(super) struct Shipments {
        depot: Depot,
    }

    impl Shipments {
        pub(super) fn seeded() -> Self {
            Self {
                depot: Depot::seeded(),
            }
        }
    }

    // Undocumented like ours, whose `response_format` carries only the parameter's doc;
    // `Serialize` lets schemars write the default, `"concise"`, as ours does.
    #[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "snake_case")]
    pub(super) enum ResponseFormat {
        #[default]
        Concise,
        Detailed,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct SearchArgs {
        /// Words to look for, ignoring case, in shipment numbers, sender and recipient names,
        /// and cities, for example `Berlin Müller`.
        #[schemars(length(min = 1, max = 200))]
        pub(super) query: String,
        /// Only shipments in this status; leave out for any status.
        pub(super) status: Option<Status>,
        /// Most shipments per page.
        #[serde(default = "default_limit")]
        #[schemars(range(min = 1, max = 50))]
        pub(super) limit: u32,
        /// `next_cursor` from the previous page, with the same query and status; leave out for
        /// the first page.
        pub(super) cursor: Option<String>,
        /// `concise` lists number, status, service, parties, cities and weight; `detailed` adds
        /// internal ids, depots, timestamps and notes.
        #[serde(default)]
        pub(super) response_format: ResponseFormat,
    }

    fn default_limit() -> u32 {
        10
    }

    /// A page of search results.
    #[derive(Debug, Serialize, JsonSchema)]
    pub(super) struct SearchPage {
        /// The items of this page.
        pub(super) items: Vec<ShipmentView>,
        /// How many items match in all, if known.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub(super) total: Option<u64>,
        /// Pass as `cursor` (with the same other arguments) to get the next page; absent on the last page.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub(super) next_cursor: Option<String>,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct GetStatusArgs {
        /// Shipment number, for example `SH-2026-000123`.
        #[schemars(regex(pattern = r"^SH-\d{4}-\d{6}$"), example = &"SH-2026-000123")]
        pub(super) shipment_number: String,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct GetLogArgs {
        /// Shipment number, for example `SH-2026-000123`.
        #[schemars(regex(pattern = r"^SH-\d{4}-\d{6}$"), example = &"SH-2026-000123")]
        pub(super) shipment_number: String,
        /// Line to start at, 1-based; a cut result says which line to ask for next.
        #[serde(default = "first_line")]
        #[schemars(range(min = 1))]
        pub(super) from_line: u64,
    }

    fn first_line() -> u64 {
        1
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct SetWeightArgs {
        /// Shipment number, for example `SH-2026-004211`.
        #[schemars(regex(pattern = r"^SH-\d{4}-\d{6}$"))]
        pub(super) shipment_number: String,
        /// Measured weight of the parcel.
        #[schemars(range(min = 0.1, max = 30000.0))]
        pub(super) weight_kg: f64,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    pub(super) struct CancelArgs {
        /// Shipment number, for example `SH-2026-000123`.
        #[schemars(regex(pattern = r"^SH-\d{4}-\d{6}$"))]
        pub(super) shipment_number: String,
        /// Why the shipment is cancelled, in a sentence; kept on the shipment's record.
        #[schemars(length(min = 3, max = 500))]
        pub(super) reason: String,
        /// Any unique text for this request, such as a UUID: a retry with the same key and arguments returns the first result instead of acting twice.
        #[schemars(length(min = 1, max = 255))]
        pub(super) idempotency_key: Option<String>,
    }

    #[tool_router]
    impl Shipments {
        /// Find shipments by number, sender, recipient or city.
        ///
        /// Use when you know something about a shipment but not its exact number, or to see the
        /// shipments of a customer or a city in a given status. Every word of the query must
        /// match; results are newest first, a page at a time, with `total` matches in all. When the
        /// result has a `next_cursor`, pass it as `cursor` with the same other arguments for the
        /// next page. Empty `items` means nothing matched: use fewer or shorter words, or leave out
        /// `status`. Ask for `detailed` only when you need internal ids, depots, timestamps or notes.
        #[tool(
            name = "shipment_search",
            title = "Shipment: Search",
            annotations(read_only_hint = true, open_world_hint = false)
        )]
        pub(super) async fn search(
            &self,
            Parameters(args): Parameters<SearchArgs>,
        ) -> Result<Json<SearchPage>, String> {
            // Without a view layer, both formats return the whole view; the comparison is about
            // the definitions. A page is a window of every match, its cursor the next offset.
            let _ = args.response_format;
            let matches = self.depot.search(&args.query, args.status);
            let start: usize = match args.cursor.as_deref() {
                Some(cursor) => cursor
                    .parse()
                    .map_err(|_| format!("cursor {cursor:?} is not a `next_cursor` of a page"))?,
                None => 0,
            };
            let end = matches.len().min(start.saturating_add(args.limit as usize));
            Ok(Json(SearchPage {
                total: Some(matches.len() as u64),
                next_cursor: (end < matches.len()).then(|| end.to_string()),
                items: matches
                    .into_iter()
                    .skip(start)
                    .take(end.saturating_sub(start))
                    .map(ShipmentView::from)
                    .collect(),
            }))
        }

        /// Get a shipment's status and route, and whether it can still be changed.
        ///
        /// Use before changing a shipment, to learn whether its weight can still be set and whether
        /// it can still be cancelled, or to tell a customer where their parcel is.
        #[tool(
            name = "shipment_get_status",
            title = "Shipment: Get Status",
            annotations(read_only_hint = true, open_world_hint = false)
        )]
        pub(super) async fn get_status(
            &self,
            Parameters(args): Parameters<GetStatusArgs>,
        ) -> Result<Json<StatusView>, String> {
            let shipment = self.depot.get(&args.shipment_number);
            shipment.map(|s| Json(s.into())).map_err(|e| e.to_string())
        }

        /// Read a shipment's event log: scans, weighing, loading, customs, delivery attempts.
        ///
        /// Use to learn what happened to a shipment and when, beyond its current status. One event
        /// per line, oldest first: time (RFC 3339, UTC), place (depot, border post or tracker),
        /// event, details. Runs with a cold-chain tracker also log its GPS and temperature pings,
        /// tens of thousands of lines; a result that is cut ends with a note naming the `from_line`
        /// to ask for next.
        #[tool(
            name = "shipment_get_log",
            title = "Shipment: Get Log",
            annotations(read_only_hint = true, open_world_hint = false)
        )]
        pub(super) async fn get_log(
            &self,
            Parameters(args): Parameters<GetLogArgs>,
        ) -> Result<String, String> {
            let log = self
                .depot
                .event_log(&args.shipment_number)
                .map_err(|e| e.to_string())?;
            log.text_from(args.from_line)
                .ok_or_else(|| format!("the log has {} lines", log.len()))
        }

        /// Record a shipment's measured weight before dispatch.
        ///
        /// Use after weighing a parcel. Dispatched shipments cannot be changed; check the
        /// status with `shipment_get_status` first.
        #[tool(
            name = "shipment_set_weight",
            title = "Shipment: Set Weight",
            annotations(
                destructive_hint = false,
                idempotent_hint = true,
                open_world_hint = false
            )
        )]
        pub(super) async fn set_weight(
            &self,
            Parameters(args): Parameters<SetWeightArgs>,
        ) -> Result<Json<Shipment>, String> {
            let shipment = self.depot.set_weight(&args.shipment_number, args.weight_kg);
            shipment.map(Json).map_err(|e| e.to_string())
        }

        /// Cancel a shipment that has not been delivered yet.
        ///
        /// Use when the sender withdraws a shipment. This cannot be undone, and delivered shipments
        /// cannot be cancelled; check the status with `shipment_get_status` first if unsure.
        #[tool(
            name = "shipment_cancel",
            title = "Shipment: Cancel",
            annotations(destructive_hint = true, open_world_hint = false)
        )]
        pub(super) async fn cancel(
            &self,
            Parameters(args): Parameters<CancelArgs>,
        ) -> Result<Json<Shipment>, String> {
            // rmcp keeps no record of keys; an rmcp server would keep its own.
            drop(args.idempotency_key);
            let shipment = self.depot.cancel(&args.shipment_number, &args.reason);
            shipment.map(Json).map_err(|e| e.to_string())
        }
    }
}
