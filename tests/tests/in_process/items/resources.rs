//! Resources: listings, template variables decoded, typed and checked, path refusals and
//! the per-variable opt-out, budgets with a way to read on, and the spec's errors.

use mcp_tools::{Caller, rmcp::model::ResourceContents};

use super::library::{catalogue_text, registry, registry_as};

fn text(contents: &[ResourceContents]) -> (&str, Option<&str>) {
    match &contents[0] {
        ResourceContents::TextResourceContents {
            text, mime_type, ..
        } => (text, mime_type.as_deref()),
        other => panic!("not text: {other:?}"),
    }
}

#[test]
fn fixed_resources_and_templates_are_listed_apart() {
    let (fixed, templates) = registry().resource_definitions();
    let uris: Vec<&str> = fixed.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(
        uris,
        [
            "library://policy/loans",
            "library://catalogue",
            "library://staff/rota"
        ]
    );
    let policy = &fixed[0];
    assert_eq!(policy.name, "loan_policy");
    assert_eq!(policy.title.as_deref(), Some("Loan Policy"));
    assert_eq!(policy.mime_type.as_deref(), Some("text/markdown"));
    let annotations = policy.annotations.as_ref().expect("audience and priority");
    assert_eq!(annotations.priority, Some(0.8));
    let templates: Vec<&str> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert_eq!(
        templates,
        [
            "library://loans/{loan_id}",
            "library://shelves/{+shelf}",
            "library://search/{+text}"
        ]
    );
}

#[tokio::test]
async fn a_template_read_gets_its_decoded_variable() {
    let registry = registry();
    let read = registry
        .read_resource_at("library://loans/L-1002")
        .await
        .expect("a loan");
    let (body, mime) = text(&read.contents);
    assert_eq!(mime, Some("application/json"));
    assert_eq!(body, r#"{"loan_id":"L-1002","title":"Moby-Dick"}"#);
    let read = registry
        .read_resource_at("library://search/war%20and%20peace")
        .await
        .expect("a search");
    assert_eq!(text(&read.contents).0, "Results for war and peace.");
}

#[tokio::test]
async fn a_variable_is_checked_against_its_pattern() {
    let err = registry()
        .read_resource_at("library://loans/1001")
        .await
        .expect_err("no `L-`");
    assert_eq!(err.code.0, -32602);
    assert!(err.message.contains("loan_id"), "{}", err.message);
    assert_eq!(
        err.data.as_ref().and_then(|d| d["uri"].as_str()),
        Some("library://loans/1001")
    );
}

#[tokio::test]
async fn traversal_absolute_paths_and_nul_are_refused_unless_opted_out() {
    let registry = registry();
    for uri in [
        "library://shelves/fiction/../../secrets",
        "library://shelves/..%2F..%2Fetc",
        "library://shelves//etc/passwd",
        "library://shelves/a%00b",
    ] {
        let err = registry.read_resource_at(uri).await.expect_err(uri);
        assert_eq!(err.code.0, -32602, "{uri}");
        assert!(
            err.message.contains("`shelf` holds"),
            "{uri}: {}",
            err.message
        );
    }
    let read = registry
        .read_resource_at("library://shelves/fiction/a-c")
        .await
        .expect("a plain path");
    assert_eq!(text(&read.contents).0, "Shelf fiction/a-c: 40 books.");
    // `unchecked` says why the variable is safe as any text.
    let read = registry
        .read_resource_at("library://search/../etc")
        .await
        .expect("opted out");
    assert_eq!(text(&read.contents).0, "Results for ../etc.");
}

#[tokio::test]
async fn an_unknown_uri_and_a_missing_item_are_invalid_params_naming_the_uri() {
    let registry = registry();
    let err = registry
        .read_resource_at("library://nowhere")
        .await
        .expect_err("unknown");
    assert_eq!(err.code.0, -32602);
    assert_eq!(
        err.data.as_ref().and_then(|d| d["uri"].as_str()),
        Some("library://nowhere")
    );
    let err = registry
        .read_resource_at("library://loans/L-9999")
        .await
        .expect_err("the fn says not found");
    assert_eq!(err.code.0, -32602);
    assert!(err.message.contains("no loan `L-9999`"), "{}", err.message);
}

#[tokio::test]
async fn a_read_over_its_budget_is_cut_and_the_rest_reads_on_to_the_end() {
    let registry = registry();
    let whole = catalogue_text();
    let mut uri = "library://catalogue".to_owned();
    let mut rejoined = String::new();
    let mut pages = 0;
    loop {
        pages += 1;
        assert!(pages < 100, "the pages never end");
        let read = registry.read_resource_at(&uri).await.expect("a page");
        let (body, _) = text(&read.contents);
        let Some(at) = body.find("[cut: kept ") else {
            rejoined.push_str(body);
            break;
        };
        let notice = &body[at..];
        assert!(
            notice.contains("to stay within the read's budget"),
            "{notice}"
        );
        uri = notice
            .split('`')
            .nth(1)
            .expect("the URI to read on")
            .to_owned();
        // A cut inside a line adds a newline before the notice, which is not the text's.
        let inside_line = uri
            .rsplit_once(':')
            .is_some_and(|(head, _)| head.contains("#line="));
        rejoined.push_str(if inside_line {
            &body[..at - 1]
        } else {
            &body[..at]
        });
        assert!(uri.starts_with("library://catalogue#line="), "{uri}");
    }
    assert!(
        pages > 3,
        "600 tokens hold a fraction of the catalogue: {pages} pages"
    );
    assert_eq!(rejoined, whole);
}

#[tokio::test]
async fn a_resource_needing_a_scope_is_hidden_and_refused_without_it() {
    let visitor = registry_as(Caller::new("visitor"));
    let err = visitor
        .read_resource_at("library://staff/rota")
        .await
        .expect_err("no scope");
    assert!(err.message.contains("`library:staff`"), "{}", err.message);
    let staff = registry_as(Caller::new("clerk").with_scopes(["library:staff"]));
    staff
        .read_resource_at("library://staff/rota")
        .await
        .expect("held");
}
