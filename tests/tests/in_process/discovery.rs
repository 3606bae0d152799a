//! Progressive discovery over a large catalog: how well `tools_search` finds the tool a
//! task needs, and how `tools/list`, `tools_search` and `tools_call` behave.
//!
//! The catalog (`common_catalog`) is a company operations server of 119 tools in 20
//! namespaces, plus two tools here that exercise scopes and response budgets. The query
//! set is tasks phrased the way an agent or a user states them, each with the one tool
//! that does it; recall@1 and recall@3 of `tools_search` over it are printed (run with
//! `--nocapture`) together with every miss and where the expected tool ranked instead.

use crate::common_catalog;

use std::fmt::Write as _;

use mcp_tools::{
    Caller, Registry,
    definition::ToolDefinition,
    prelude::*,
    rmcp::model::CallToolResult,
    wire::{CALL_TOOL, SEARCH_TOOL, TRUNCATION_META_KEY},
};
use serde_json::{Value, json};

/// Deactivate a staff account so it can no longer sign in, and end its sessions.
///
/// Use when someone leaves the company or an account is compromised. Needs the
/// `admin:write` scope.
#[tool(namespace = "admin", destructive = true, scopes("admin:write"))]
async fn deactivate_account(
    /// The staff member's sign-in email.
    #[param(format = "email")]
    account_email: String,
) -> String {
    format!("{account_email} deactivated")
}

/// Export the audit log of sign-ins and permission changes as plain text, one event a line.
///
/// Use for security reviews; the output is long, so it is cut to the tool's budget.
#[tool(namespace = "audit", read_only, max_response_tokens = 300)]
async fn export_log(
    /// How many days back to export.
    #[param(min = 1, max = 90)]
    lookback_days: u32,
) -> String {
    (0..2_000).fold(String::new(), |mut log, i| {
        let _ = writeln!(
            log,
            "2026-04-{:02}T{:02}:{:02}:00Z sign-in ok account=staff{i}@example.com ip=10.0.{}.{} (last {lookback_days} days)",
            i % 28 + 1,
            i % 24,
            i % 60,
            i % 256,
            (i * 7) % 256
        );
        log
    })
}

/// The whole catalog: the generated domains, then the two tools above.
fn catalog() -> Vec<ToolDefinition> {
    let mut tools = common_catalog::all();
    tools.extend(tools![deactivate_account, export_log]);
    tools
}

/// The catalog in progressive-discovery mode, called by an unauthenticated caller.
fn discovery(pinned: &[&str]) -> Registry {
    discovery_for(Caller::anonymous(), pinned)
}

/// The catalog in progressive-discovery mode, called by `caller`.
fn discovery_for(caller: Caller, pinned: &[&str]) -> Registry {
    Registry::builder()
        .server_info("operations", "1.0.0")
        .default_caller(caller)
        .tools(catalog())
        .progressive_discovery(pinned.iter().copied())
        .build()
        .expect("the catalog builds in discovery mode")
}

/// The same catalog listed in full, for comparing direct calls and definitions.
fn listed() -> Registry {
    Registry::builder()
        .server_info("operations", "1.0.0")
        .default_caller(Caller::anonymous())
        .tools(catalog())
        .build()
        .expect("the catalog builds")
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|b| b.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn names(registry: &Registry) -> Vec<String> {
    registry
        .tool_definitions()
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}

/// The tool names `tools_search` returns for `query`, best first.
async fn search(registry: &Registry, query: &str, limit: u64) -> Vec<String> {
    let result = registry
        .call(SEARCH_TOOL, json!({ "query": query, "limit": limit }))
        .await
        .expect("tools_search is always a result");
    assert_ne!(result.is_error, Some(true), "{query}: {}", text(&result));
    let found = result
        .structured_content
        .as_ref()
        .and_then(|s| s["tools"].as_array())
        .unwrap_or_else(|| panic!("{query}: no `tools` array in {result:?}"));
    found
        .iter()
        .map(|t| t["name"].as_str().expect("a name").to_owned())
        .collect()
}

/// Tasks as an agent phrases them, each with the one tool that does it. Written from the
/// task, not from the tool descriptions, and not adjusted to the ranker.
#[rustfmt::skip]
const QUERIES: &[(&str, &str)] = &[
    ("where is parcel SH-2026-004211 right now and when will it arrive", "shipment_get_status"),
    ("the customer moved, send their package to the new flat instead", "shipment_change_delivery_address"),
    ("how much would it cost to send a 3 kg box from Berlin to Madrid with different couriers", "shipment_estimate_rates"),
    ("get the courier to come collect the boxes from the Berlin warehouse on Friday", "shipment_schedule_pickup"),
    ("stop shipment SH-2026-000881 from going out, the order was cancelled", "shipment_cancel"),
    ("the packed box weighs 12.4 kilos, record it for SH-2026-000512", "shipment_set_weight"),
    ("I need the barcode sticker to put on the parcel for SH-2026-000777", "shipment_print_label"),
    ("send a package by express to Maria Lopez at Calle Mayor 5, Madrid", "shipment_create"),
    ("give the customer their money back for order 5531", "invoice_refund"),
    ("the client paid INV-2026-0193 by bank transfer yesterday, update our books", "invoice_record_payment"),
    ("chase Acme about the bill that is three weeks late", "invoice_send_reminder"),
    ("which bills of Globex are still unpaid?", "invoice_search"),
    ("the accountant needs all of last quarter's invoices in a spreadsheet", "invoice_export"),
    ("we billed the wrong company, invalidate INV-2026-0201", "invoice_cancel"),
    ("bill Initech for 40 hours of consulting, due end of month", "invoice_create"),
    ("what exactly was charged on INV-2026-0150, the customer disputes a line", "invoice_get"),
    ("upgrade Umbrella Corp to the enterprise tier", "subscription_change_plan"),
    ("the customer's credit card expired, put the new one on their account", "subscription_update_payment_method"),
    ("how many API calls and seats has SUB-7781 used this month", "subscription_get_usage"),
    ("they want to stop paying for a couple of months over the summer but keep their data", "subscription_pause"),
    ("customer wants to terminate their contract at the end of the billing cycle", "subscription_cancel"),
    ("we have Acme Ltd twice in the CRM, combine the two records", "customer_merge"),
    ("write down that I spoke with their CFO and agreed a 10% discount", "customer_add_note"),
    ("a former client invoked their right to be forgotten, wipe their data", "customer_delete"),
    ("what do we know about Hooli: plan, open issues, recent orders?", "customer_get_profile"),
    ("their phone number changed to +49 30 1234567", "customer_update_contact"),
    ("add a new client, Stark Industries, contact pepper@stark.example", "customer_create"),
    ("the Wayne Enterprises opportunity is now in negotiation", "deal_set_stage"),
    ("which opportunities are expected to close this quarter", "deal_search"),
    ("reassign the Globex opportunity to Priya on the sales team", "deal_assign_owner"),
    ("this bug is beyond first-line support, hand it to engineering", "ticket_escalate"),
    ("answer the customer on T-58812 that the fix ships Monday", "ticket_reply"),
    ("the customer confirmed it works now, we can wrap up T-58812", "ticket_close"),
    ("this customer's checkout outage is urgent, bump its importance", "ticket_set_priority"),
    ("give T-58812 to Omar to handle", "ticket_assign"),
    ("the same person opened three requests about the same login problem", "ticket_merge"),
    ("show me all open complaints about login failures", "ticket_search"),
    ("is there any time tomorrow afternoon when Dana and Lee are both free", "calendar_find_free_slots"),
    ("set up a 30 minute sync with the design team on Thursday at 10", "calendar_create_event"),
    ("push my 3pm with Carlos to tomorrow same time", "calendar_reschedule_event"),
    ("call off Friday's retrospective and let everyone know", "calendar_cancel_event"),
    ("yes, I'll attend the quarterly planning meeting, tell the organizer", "calendar_respond_to_invite"),
    ("grab a conference room for 8 people on Wednesday at 2", "calendar_book_room"),
    ("what's on my schedule today", "calendar_get_agenda"),
    ("write to the supplier asking for a delivery date", "email_send"),
    ("find the message from the lawyer with the contract attached", "email_search"),
    ("pass the vendor's quote on to the finance team", "email_forward"),
    ("prepare a reply to the landlord but don't send it yet, I want to check it", "email_draft"),
    ("get the newsletters out of my inbox but keep them", "email_archive"),
    ("automatically put everything from jira@ in a folder", "email_create_filter"),
    ("this message is a phishing attempt, report it", "email_mark_spam"),
    ("show me the whole back-and-forth with the auditors", "email_read_thread"),
    ("give Lena edit rights on the Q3 budget doc", "document_share"),
    ("someone broke the onboarding guide, bring back yesterday's version", "document_restore_version"),
    ("I need the contract as a PDF to send out", "document_export_pdf"),
    ("where is our travel policy written down", "document_search"),
    ("what does the employee handbook say on page 4", "document_read"),
    ("where in the code do we compute VAT", "repo_search_code"),
    ("open a PR from feature/vat-fix into main", "repo_create_pull_request"),
    ("approve Priya's changes on PR 412 in billing-api", "repo_review_pull_request"),
    ("who changed the retry logic in the payment client, and when", "repo_search_commits"),
    ("what changed between v1.4 and v1.5 of billing-api", "repo_compare_branches"),
    ("log a bug about the broken CSV export in the billing repo", "repo_create_issue"),
    ("show me src/config.rs on the main branch of billing-api", "repo_get_file"),
    ("why did the build fail on my branch? show me the output of the test job", "pipeline_get_logs"),
    ("the integration tests were flaky, run that job again", "pipeline_retry_job"),
    ("kick off a build of the release branch", "pipeline_run"),
    ("the new release is throwing 500s, go back to the last good version of checkout in production", "deploy_rollback"),
    ("ship version 2.3.1 of billing-api to staging", "deploy_release"),
    ("we need more capacity, run 10 copies of the checkout service in production", "deploy_scale_service"),
    ("which version of billing-api is live in production right now", "deploy_get_status"),
    ("staging looks good, move it to production", "deploy_promote"),
    ("turn on the new checkout feature flag in staging", "deploy_set_env_var"),
    ("I'm looking into the database alert, stop it paging people", "alert_acknowledge"),
    ("we have maintenance tonight, silence the disk alerts for two hours", "alert_mute"),
    ("notify us when the p95 latency of checkout exceeds 800 ms for 5 minutes", "alert_create_rule"),
    ("what's firing right now for the payments service", "alert_search"),
    ("what was the CPU usage of checkout over the last 6 hours", "metrics_query"),
    ("the site is down, start a major outage response", "incident_create"),
    ("tell stakeholders we found the cause and are deploying a fix", "incident_post_update"),
    ("who should I call about the platform right now", "oncall_get_responder"),
    ("wake up the database on-call person, replication is broken", "oncall_page"),
    ("how many of SKU-4410-BLK do we have in Berlin", "inventory_get_stock"),
    ("after counting the shelves there are actually 37 units of SKU-4410-BLK in WH-BER-1", "inventory_set_stock"),
    ("move 50 units of the black hoodie from Berlin to Hamburg", "inventory_transfer"),
    ("which products are about to run out", "inventory_find_low_stock"),
    ("order 200 more hoodies from our supplier", "inventory_create_purchase_order"),
    ("the truck from the supplier arrived with PO-2026-0310, put it in stock", "inventory_receive_delivery"),
    ("put aside 3 units for order 99812 so they don't get sold", "inventory_reserve"),
    ("book vacation for me from July 1 to July 14", "hr_request_time_off"),
    ("how many holiday days do I have left", "hr_get_leave_balance"),
    ("who is Jamal's manager", "hr_get_org_chart"),
    ("find someone on the data team in Lisbon", "hr_search_employees"),
    ("log my 38 hours on project Atlas for this week", "hr_submit_timesheet"),
    ("a new engineer joins on Monday, get everything ready for her", "hr_start_onboarding"),
    ("say yes to Tom's leave request for next week", "hr_approve_time_off"),
    ("claim back the 84 euros I spent on the taxi to the airport", "expense_submit"),
    ("tell the team in #payments that the deploy is done", "chat_send_message"),
    ("what did people say in chat about the outage last week", "chat_search_messages"),
];

/// Recall@3 must stay at or above this; set just below what the ranker measured (0.717).
const MIN_RECALL_AT_3: f64 = 0.71;
/// Recall@1 must stay at or above this; set just below what the ranker measured (0.545).
const MIN_RECALL_AT_1: f64 = 0.53;

#[tokio::test]
async fn search_finds_the_tool_a_task_needs() {
    // Measured over the whole catalog: `tools_search` finds only what the caller may call,
    // and this caller may call everything.
    let registry = discovery_for(Caller::local(), &[]);
    let catalog = listed();
    assert_eq!(catalog.tool_definitions().len(), 121);
    for (query, expected) in QUERIES {
        assert!(
            catalog.definition(expected).is_some(),
            "`{expected}` (for {query:?}) is not in the catalog"
        );
    }
    let (mut at_1, mut at_3) = (0_u32, 0_u32);
    let mut misses = Vec::new();
    for (query, expected) in QUERIES {
        let top = search(&registry, query, 3).await;
        if top.first().is_some_and(|n| n == expected) {
            at_1 += 1;
        }
        if top.iter().any(|n| n == expected) {
            at_3 += 1;
        } else {
            let deeper = search(&registry, query, 10).await;
            let rank = deeper.iter().position(|n| n == expected).map_or_else(
                || "not in the top 10".to_owned(),
                |i| format!("rank {}", i + 1),
            );
            misses.push(format!(
                "  {query:?}\n    want `{expected}` ({rank}); got {top:?}"
            ));
        }
    }
    let total = f64::from(u32::try_from(QUERIES.len()).expect("few queries"));
    let (recall_1, recall_3) = (f64::from(at_1) / total, f64::from(at_3) / total);
    println!(
        "tools_search over {} tools, {} queries: recall@1 = {recall_1:.3} ({at_1}), recall@3 = {recall_3:.3} ({at_3})",
        catalog.tool_definitions().len(),
        QUERIES.len()
    );
    println!("misses at 3 ({}):\n{}", misses.len(), misses.join("\n"));
    assert!(
        recall_3 >= MIN_RECALL_AT_3,
        "recall@3 fell to {recall_3:.3}, below {MIN_RECALL_AT_3}"
    );
    assert!(
        recall_1 >= MIN_RECALL_AT_1,
        "recall@1 fell to {recall_1:.3}, below {MIN_RECALL_AT_1}"
    );
}

#[test]
fn the_listing_shows_the_discovery_tools_and_pinned_ones() {
    // Pinned in the reverse of registration order: the listing keeps registration order.
    let registry = discovery(&["ticket_search", "shipment_get_status"]);
    assert_eq!(
        names(&registry),
        [
            SEARCH_TOOL,
            CALL_TOOL,
            "shipment_get_status",
            "ticket_search"
        ]
    );
    let full = listed();
    for pinned in &registry.tool_definitions()[2..] {
        let own = full
            .tool_definitions()
            .iter()
            .find(|t| t.name == pinned.name)
            .expect("listed in full");
        assert_eq!(pinned, own, "a pinned tool is listed as it is in full");
    }
    let total = catalog().len();
    let search = &registry.tool_definitions()[0];
    assert!(
        search
            .description
            .as_deref()
            .unwrap_or_default()
            .contains(&format!("among this server's {total} tools")),
        "{search:?}"
    );
    assert_eq!(
        search.annotations.as_ref().and_then(|a| a.read_only_hint),
        Some(true)
    );
    assert_eq!(names(&discovery(&[])), [SEARCH_TOOL, CALL_TOOL]);
}

#[test]
fn an_unknown_pinned_tool_fails_the_build() {
    let err = Registry::builder()
        .server_info("operations", "1.0.0")
        .tools(catalog())
        .progressive_discovery(["shipment_get_status", "shipment_track"])
        .build()
        .expect_err("`shipment_track` is not a tool");
    assert_eq!(
        err.problems(),
        ["pinned tool `shipment_track` is not in the registry"]
    );
    assert_eq!(
        err.to_string(),
        "cannot build the tool registry:\n- pinned tool `shipment_track` is not in the registry"
    );
}

/// Calls `name` directly and through `tools_call`, and checks both results are the same.
async fn direct_and_through(registry: &Registry, name: &str, arguments: Value) -> CallToolResult {
    let direct = registry
        .call(name, arguments.clone())
        .await
        .expect("a known tool gives a result");
    let through = registry
        .call(CALL_TOOL, json!({ "name": name, "arguments": arguments }))
        .await
        .expect("tools_call gives a result");
    assert_eq!(
        serde_json::to_value(&through).unwrap(),
        serde_json::to_value(&direct).unwrap(),
        "`{name}` through `tools_call` differs from a direct call"
    );
    through
}

#[tokio::test]
async fn tools_call_validates_like_a_direct_call() {
    let registry = discovery(&[]);
    let result = direct_and_through(
        &registry,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-1", "weight": 45_000 }),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    let problems = text(&result);
    assert!(
        problems.contains("unknown argument `weight`; did you mean `weight_kg`?"),
        "{problems}"
    );
    assert!(problems.contains("shipment_number"), "{problems}");
    let ok = direct_and_through(
        &registry,
        "shipment_set_weight",
        json!({ "shipment_number": "SH-2026-004211", "weight_kg": 2.5 }),
    )
    .await;
    assert_eq!(ok.is_error, None);
    assert_eq!(text(&ok), "shipment_set_weight: done");
}

#[tokio::test]
async fn tools_call_enforces_scopes() {
    let registry = discovery(&[]);
    let refused = direct_and_through(
        &registry,
        "admin_deactivate_account",
        json!({ "account_email": "sam@example.com" }),
    )
    .await;
    assert_eq!(refused.is_error, Some(true));
    let text_refused = text(&refused);
    assert!(text_refused.contains("`admin:write`"), "{text_refused}");
    let admin = Registry::builder()
        .server_info("operations", "1.0.0")
        .default_caller(Caller::new("ops-lead").with_scopes(["admin:write"]))
        .tools(catalog())
        .progressive_discovery(Vec::<String>::new())
        .build()
        .unwrap();
    let done = direct_and_through(
        &admin,
        "admin_deactivate_account",
        json!({ "account_email": "sam@example.com" }),
    )
    .await;
    assert_eq!(done.is_error, None);
    assert_eq!(text(&done), "sam@example.com deactivated");
}

#[tokio::test]
async fn tools_call_cuts_results_to_the_same_budget() {
    let registry = discovery(&[]);
    let result =
        direct_and_through(&registry, "audit_export_log", json!({ "lookback_days": 7 })).await;
    assert_eq!(result.is_error, None);
    assert!(
        result
            .meta
            .as_ref()
            .is_some_and(|m| m.0.contains_key(TRUNCATION_META_KEY)),
        "{result:?}"
    );
    let text = text(&result);
    let kept = mcp_tools::tokens::Encoding::default().count(&text);
    assert!(
        kept <= 300,
        "{kept} tokens kept of a 300-token budget:\n{text}"
    );
    assert!(text.to_lowercase().contains("truncated"), "{text}");
}

#[tokio::test]
async fn an_unknown_name_through_tools_call_is_a_tool_error() {
    let registry = discovery(&[]);
    let result = registry
        .call(
            CALL_TOOL,
            json!({ "name": "invoice_refnd", "arguments": {} }),
        )
        .await
        .expect("an unknown name through tools_call is a result, not a protocol error");
    assert_eq!(result.is_error, Some(true));
    let text = text(&result);
    assert!(text.contains("`invoice_refund`"), "{text}");
    assert!(text.contains(SEARCH_TOOL), "{text}");
    // Called directly, the same name is a protocol error, as without discovery.
    let err = registry
        .call("invoice_refnd", json!({}))
        .await
        .expect_err("an unknown tool is a JSON-RPC error");
    assert_eq!(err.code.0, -32602);
    assert!(err.message.contains("`invoice_refund`"), "{}", err.message);
}

#[tokio::test]
async fn an_empty_query_is_invalid_input() {
    let registry = discovery(&[]);
    for arguments in [
        json!({ "query": "" }),
        json!({}),
        json!({ "query": "refund", "limit": 11 }),
    ] {
        let result = registry
            .call(SEARCH_TOOL, arguments.clone())
            .await
            .expect("bad arguments to tools_search are a result");
        assert_eq!(result.is_error, Some(true), "{arguments}");
        let text = text(&result);
        assert!(text.starts_with("invalid input"), "{arguments}: {text}");
    }
}

/// The definition of `name` as the full listing shows it, as JSON.
fn own_definition(full: &Registry, name: &str) -> Value {
    let own = full
        .tool_definitions()
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("`{name}` is in the catalog"));
    serde_json::to_value(own).unwrap()
}

#[tokio::test]
async fn search_is_deterministic_and_full_detail_gives_each_tools_own_definition() {
    let (first, second, full) = (discovery(&[]), discovery(&[]), listed());
    for query in [
        "cancel a shipment",
        "refund an invoice",
        "who is on call",
        "merge duplicate tickets",
    ] {
        for detail in ["concise", "full"] {
            let arguments = json!({ "query": query, "limit": 10, "detail": detail });
            let a = first.call(SEARCH_TOOL, arguments.clone()).await.unwrap();
            let again = first.call(SEARCH_TOOL, arguments.clone()).await.unwrap();
            let b = second.call(SEARCH_TOOL, arguments).await.unwrap();
            let a_json = serde_json::to_value(&a).unwrap();
            assert_eq!(
                a_json,
                serde_json::to_value(&again).unwrap(),
                "{query}: same registry"
            );
            assert_eq!(
                a_json,
                serde_json::to_value(&b).unwrap(),
                "{query}: another build"
            );
            let found = a.structured_content.as_ref().unwrap()["tools"]
                .as_array()
                .unwrap();
            assert!(!found.is_empty(), "{query}");
            if detail == "full" {
                for tool in found {
                    let name = tool["name"].as_str().unwrap();
                    assert_eq!(tool, &own_definition(&full, name), "{query}");
                }
            }
        }
    }
}

#[tokio::test]
async fn the_concise_answer_gives_summaries_and_the_best_schemas_within_budget() {
    let (registry, full) = (discovery(&[]), listed());
    let encoding = mcp_tools::tokens::Encoding::default();
    for (query, _) in QUERIES.iter().step_by(7) {
        let result = registry
            .call(SEARCH_TOOL, json!({ "query": query, "limit": 10 }))
            .await
            .unwrap();
        let answer = text(&result);
        let tokens = encoding.count(&answer);
        assert!(tokens <= 1_500, "{query}: {tokens} tokens\n{answer}");
        // The text is the structured answer, for clients that read only text.
        let structured = result.structured_content.unwrap();
        assert_eq!(serde_json::from_str::<Value>(&answer).unwrap(), structured);
        let found = structured["tools"].as_array().unwrap();
        assert!(found.len() > 3, "{query}: {found:?}");
        for (rank, entry) in found.iter().enumerate() {
            let name = entry["name"].as_str().unwrap();
            let own = own_definition(&full, name);
            let summary = entry["summary"].as_str().unwrap();
            let description = own["description"].as_str().unwrap();
            assert!(
                description.starts_with(summary.trim_end_matches('…')),
                "{name}: {summary:?} is not the start of {description:?}"
            );
            assert!(entry.get("description").is_none(), "{entry}");
            match entry.get("inputSchema") {
                Some(schema) => {
                    assert!(rank < 3, "{query}: a schema at rank {}", rank + 1);
                    assert_eq!(schema, &own["inputSchema"], "{name}");
                }
                // Schemas go to the best matches first: none after one that has none.
                None => assert!(found[rank..].iter().all(|e| e.get("inputSchema").is_none())),
            }
        }
        assert!(found[0].get("inputSchema").is_some(), "{query}: {found:?}");
        // Where schemas are missing, the answer says how to get one.
        assert!(
            structured["more"]
                .as_str()
                .is_some_and(|more| more.contains(SEARCH_TOOL) && more.contains("`name`")),
            "{structured}"
        );
    }
}

#[tokio::test]
async fn a_name_gives_that_tools_full_definition() {
    let (registry, full) = (discovery(&[]), listed());
    let result = registry
        .call(SEARCH_TOOL, json!({ "name": "shipment_cancel" }))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    assert_eq!(
        result.structured_content.unwrap()["tools"],
        json!([own_definition(&full, "shipment_cancel")])
    );
    // A misspelt name: the nearest ones.
    let result = registry
        .call(SEARCH_TOOL, json!({ "name": "shipment_cancle" }))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("`shipment_cancel`"),
        "{}",
        text(&result)
    );
    // A tool the caller may not call is not its to see, even by name.
    let result = registry
        .call(SEARCH_TOOL, json!({ "name": "admin_deactivate_account" }))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("no tool is named"),
        "{}",
        text(&result)
    );
    let admin = discovery_for(Caller::new("ops-lead").with_scopes(["admin:write"]), &[]);
    let result = admin
        .call(SEARCH_TOOL, json!({ "name": "admin_deactivate_account" }))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
}

/// Tools of a few products, some sharing an action, for the ranker's behaviour.
mod products {
    #![allow(clippy::unused_async, reason = "#[tool] fns are async")]

    pub(super) mod gitlab {
        use mcp_tools::prelude::*;

        /// Create an issue in a project.
        #[tool(namespace = "gitlab", destructive = false)]
        pub(crate) async fn create_issue(
            /// The issue's title.
            title: String,
        ) -> String {
            title
        }
    }

    pub(super) mod github {
        use mcp_tools::prelude::*;

        /// Create an issue in a repository: report a bug or ask for a feature.
        ///
        /// Use for bugs found in a repository's code.
        #[tool(namespace = "github", destructive = false)]
        pub(crate) async fn create_issue(
            /// The issue's title, e.g. "Crash on start".
            title: String,
        ) -> String {
            title
        }

        /// Star a repository for the signed-in user.
        #[tool(namespace = "github", destructive = false, idempotent)]
        pub(crate) async fn star_repository(
            /// The repository, as `owner/name`.
            repository: String,
        ) -> String {
            repository
        }

        /// Fork a repository to the signed-in user's account.
        #[tool(namespace = "github", destructive = false)]
        pub(crate) async fn fork_repository(
            /// The repository, as `owner/name`.
            repository: String,
        ) -> String {
            repository
        }
    }

    pub(super) mod everything {
        use mcp_tools::prelude::*;

        /// Echo back the input, to test a client.
        #[tool(namespace = "everything", read_only)]
        pub(crate) async fn echo(
            /// The message to echo.
            message: String,
        ) -> String {
            message
        }
    }

    pub(super) mod memory {
        use mcp_tools::prelude::*;

        /// Delete entities and what is known about them from the knowledge graph.
        #[tool(namespace = "memory", destructive = true)]
        pub(crate) async fn delete_entities(
            /// The entities' names.
            names: Vec<String>,
        ) -> String {
            names.join(", ")
        }
    }

    pub(super) mod time {
        use mcp_tools::prelude::*;

        /// Get the current time in a timezone.
        #[tool(namespace = "time", read_only)]
        pub(crate) async fn get_current_time(
            /// IANA timezone name.
            timezone: String,
        ) -> String {
            timezone
        }

        /// Convert a time between timezones.
        #[tool(namespace = "time", read_only)]
        pub(crate) async fn convert_time(
            /// Source IANA timezone name.
            source_timezone: String,
            /// Target IANA timezone name (e.g. 'Asia/Tokyo', 'America/New_York').
            target_timezone: String,
        ) -> String {
            format!("{source_timezone} {target_timezone}")
        }
    }

    pub(super) mod payments {
        use mcp_tools::prelude::*;

        /// Refund a captured payment to the customer's card.
        #[tool(namespace = "payments", destructive = false)]
        pub(crate) async fn refund(
            /// The payment's id.
            payment_id: String,
        ) -> String {
            payment_id
        }

        /// Capture an authorized payment, so the funds move.
        #[tool(namespace = "payments", destructive = false)]
        pub(crate) async fn capture(
            /// The payment's id.
            payment_id: String,
        ) -> String {
            payment_id
        }
    }
}

fn products() -> Registry {
    use products::{everything, github, gitlab, memory, payments, time};
    Registry::builder()
        .server_info("products", "1.0.0")
        .default_caller(Caller::anonymous())
        .tools(tools![
            github::create_issue,
            github::star_repository,
            github::fork_repository,
            gitlab::create_issue,
            everything::echo,
            memory::delete_entities,
            time::get_current_time,
            time::convert_time,
            payments::refund,
            payments::capture,
        ])
        .progressive_discovery(Vec::<String>::new())
        .build()
        .expect("the products build")
}

#[tokio::test]
async fn a_named_product_steers_to_its_namespace() {
    let registry = products();
    // Unsteered, the description that speaks of bugs wins; naming GitLab steers.
    assert_eq!(
        search(&registry, "report a bug", 3).await[0],
        "github_create_issue"
    );
    assert_eq!(
        search(&registry, "report a bug on GitLab", 3).await[0],
        "gitlab_create_issue"
    );
    // A namespace that is an ordinary word does not pull its tools in.
    assert_eq!(
        search(&registry, "forget everything you know about Bob", 3).await,
        ["memory_delete_entities"]
    );
}

/// Two tools where the words inside a task's values (`acme/api`, `v1.2.0`) name the wrong one.
mod values {
    #![allow(clippy::unused_async, reason = "#[tool] fns are async")]
    use mcp_tools::prelude::*;

    /// Create an API key for the account; the secret is shown once.
    #[tool(namespace = "account", destructive = false)]
    pub(super) async fn create_api_key(
        /// What the key is for, shown beside it.
        label: String,
    ) -> String {
        label
    }

    /// Get a release of a repository by its tag.
    #[tool(namespace = "repo", read_only)]
    pub(super) async fn get_release(
        /// The repository, as `owner/name`.
        repository: String,
        /// The tag.
        tag: String,
    ) -> String {
        format!("{repository} {tag}")
    }
}

#[tokio::test]
async fn a_value_says_what_kind_of_thing_the_task_is_about_not_which_tool() {
    use values::{create_api_key, get_release};
    let registry = Registry::builder()
        .tools(tools![create_api_key, get_release])
        .progressive_discovery(Vec::<String>::new())
        .build()
        .expect("builds");
    // "api" inside `acme/api` weighs little; `v1.2.0` is a version, so a release or tag.
    assert_eq!(
        search(&registry, "What went into v1.2.0 of acme/api?", 3).await[0],
        "repo_get_release"
    );
    // The same word in prose still finds its tool.
    assert_eq!(
        search(&registry, "make me a new api key", 3).await[0],
        "account_create_api_key"
    );
}

#[tokio::test]
async fn synonyms_bridge_the_users_words_and_the_tools() {
    let registry = products();
    for (query, tool) in [
        ("give me my money back for that payment", "payments_refund"),
        ("bookmark the tokio repository", "github_star_repository"),
        ("erase what you know about Alice", "memory_delete_entities"),
    ] {
        assert_eq!(search(&registry, query, 3).await[0], tool, "{query}");
    }
}

#[tokio::test]
async fn parameter_examples_do_not_outweigh_the_tools_purpose() {
    let registry = products();
    assert_eq!(
        search(&registry, "current time in Tokyo", 3).await[0],
        "time_get_current_time"
    );
    // An example value is not a word of the tool: alone, it matches nothing.
    let result = registry
        .call(SEARCH_TOOL, json!({ "query": "Tokyo" }))
        .await
        .unwrap();
    assert!(
        text(&result).starts_with("no tool matches"),
        "{}",
        text(&result)
    );
}

#[tokio::test]
async fn unlisted_tools_stay_callable_by_name() {
    let registry = discovery(&[]);
    let result = registry
        .call("ticket_escalate", json!({ "ticket_number": "T-58812", "team": "tier2", "reason": "needs a database fix" }))
        .await
        .unwrap();
    assert_eq!(result.is_error, None);
    assert_eq!(text(&result), "ticket_escalate: done");
}

#[test]
fn discovery_shrinks_the_listing() {
    let full = listed().definition_report().total();
    let lean = discovery(&[]).definition_report().total();
    let pinned = discovery(&["shipment_get_status", "ticket_search"])
        .definition_report()
        .total();
    println!(
        "definition tokens of {} tools: listed in full {full}, in discovery mode {lean} ({pinned} with 2 pinned)",
        catalog().len()
    );
    assert!(
        lean * 20 < full,
        "discovery lists {lean} tokens against {full} in full"
    );
    assert!(lean < pinned && pinned < full);
}

mod signups {
    use mcp_tools::prelude::*;

    /// Run a read-only SQL query against the analytics database and return the rows.
    ///
    /// Use for questions the other tools do not answer; `SELECT` only.
    #[tool(namespace = "analytics", read_only)]
    pub(crate) async fn query(
        /// The SQL `SELECT` statement to run.
        sql: String,
    ) -> String {
        sql
    }

    /// The same tool, with the words its users ask for it by.
    ///
    /// Use for questions the other tools do not answer; `SELECT` only.
    #[tool(
        namespace = "analytics",
        name = "query",
        read_only,
        keywords("how many", "count", "signed up", "statistics")
    )]
    pub(crate) async fn query_with_keywords(
        /// The SQL `SELECT` statement to run.
        sql: String,
    ) -> String {
        sql
    }

    /// List the product's recent releases with their notes.
    ///
    /// Use to tell a customer what changed; newest first.
    #[tool(namespace = "releases", read_only)]
    pub(crate) async fn list_recent(
        /// How many releases to list.
        #[param(min = 1, max = 20)]
        count: u32,
    ) -> String {
        count.to_string()
    }

    /// Find users who signed in from a new device, for a security review.
    ///
    /// Use when a user reports a sign-in they do not recognise.
    #[tool(namespace = "users", read_only)]
    pub(crate) async fn search_new_devices(
        /// The user's email.
        #[param(format = "email")]
        user_email: String,
    ) -> String {
        user_email
    }
}

#[tokio::test]
async fn keywords_bridge_what_the_docs_do_not_say() {
    use signups::{list_recent, query, query_with_keywords, search_new_devices};
    let build = |tools| {
        Registry::builder()
            .tools(tools)
            .progressive_discovery(Vec::<String>::new())
            .build()
            .expect("builds")
    };
    let task = "how many users signed up last week";
    let without = build(tools![query, list_recent, search_new_devices]);
    assert_ne!(search(&without, task, 3).await[0], "analytics_query");
    let with = build(tools![query_with_keywords, list_recent, search_new_devices]);
    assert_eq!(search(&with, task, 3).await[0], "analytics_query");
}
