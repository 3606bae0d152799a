//! The same prompts and resources through rmcp's client: what each caller sees, completions,
//! a subscription that hears of a change, and the registry beside an application's handler.

use crate::common_client::{self, within};

use mcp_tools::{
    Extras, Serve as _, Server,
    rmcp::ServerHandler,
    rmcp::model::{Prompt, PromptMessage, Resource, ResourceContents, Role},
};
use rmcp::{
    ClientHandler, ServiceExt as _,
    model::{ReadResourceRequestParams, ResourceUpdatedNotificationParam, SubscribeRequestParams},
    service::{NotificationContext, RoleClient},
};
use serde_json::json;
use tokio::sync::mpsc;

use super::library::registry;

#[tokio::test]
async fn lists_and_capabilities_over_the_wire() {
    let served = common_client::connect(registry()).await;
    let peer = served.peer();
    let info = peer.peer_info().expect("initialized");
    let capabilities = &info.capabilities;
    assert!(capabilities.prompts.is_some());
    let resources = capabilities
        .resources
        .as_ref()
        .expect("resources announced");
    assert_eq!(resources.subscribe, Some(true));
    assert!(capabilities.completions.is_some());
    let prompts = within("prompts/list", peer.list_all_prompts())
        .await
        .expect("listed");
    let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
    // Stdio's local user holds every scope.
    assert_eq!(
        names,
        [
            "library_overdue_reminder",
            "library_explain_fine",
            "library_broken"
        ]
    );
    let templates = within("templates", peer.list_all_resource_templates())
        .await
        .expect("listed");
    assert_eq!(templates.len(), 3);
    served.close().await;
}

#[tokio::test]
async fn completions_filter_by_what_was_typed_for_prompts_and_templates() {
    let served = common_client::connect(registry()).await;
    let peer = served.peer();
    let info = within(
        "complete",
        peer.complete_resource_argument("library://loans/{loan_id}", "loan_id", "L-1", None),
    )
    .await
    .expect("completed");
    assert_eq!(info.values, ["L-1001", "L-1002"]);
    assert_eq!((info.total, info.has_more), (Some(2), Some(false)));
    let info = within(
        "complete",
        peer.complete_prompt_argument("library_overdue_reminder", "loan_id", "L-2", None),
    )
    .await
    .expect("completed");
    assert_eq!(info.values, ["L-2001"]);
    // An argument without a completion fn has none to offer.
    let info = within(
        "complete",
        peer.complete_prompt_argument("library_overdue_reminder", "borrower", "A", None),
    )
    .await
    .expect("completed");
    assert!(info.values.is_empty());
    served.close().await;
}

/// Hears `notifications/resources/updated`.
#[derive(Clone)]
struct Updates(mpsc::UnboundedSender<String>);

impl ClientHandler for Updates {
    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.0.send(params.uri);
    }
}

#[tokio::test]
#[allow(deprecated)] // resources/subscribe is the 2025-11-25 way, still served
async fn a_subscriber_hears_that_its_resource_changed_and_others_do_not() {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let registry = registry();
    let served = common_client::connect_with(registry.clone(), Updates(tx)).await;
    let peer = served.peer();
    within(
        "subscribe",
        peer.subscribe(SubscribeRequestParams::new("library://loans/L-1001")),
    )
    .await
    .expect("subscribed");
    assert_eq!(
        registry.resource_updates().subscribed(),
        ["library://loans/L-1001"]
    );
    let err = within(
        "subscribe",
        peer.subscribe(SubscribeRequestParams::new("library://nowhere")),
    )
    .await
    .expect_err("nothing to subscribe to");
    assert!(err.to_string().contains("no resource"), "{err}");
    let result =
        common_client::call(peer, "library_return_loan", json!({"loan_id": "L-1002"})).await;
    assert_ne!(result.is_error, Some(true), "{result:?}");
    let result =
        common_client::call(peer, "library_return_loan", json!({"loan_id": "L-1001"})).await;
    assert!(
        format!("{result:?}").contains("1 subscriber(s) told"),
        "{result:?}"
    );
    let uri = within("the update", rx.recv())
        .await
        .expect("a notification");
    assert_eq!(uri, "library://loans/L-1001");
    assert!(
        rx.try_recv().is_err(),
        "no update for a loan nobody subscribed to"
    );
    served.close().await;
}

#[tokio::test]
async fn the_registry_and_an_application_handler_share_the_lists() {
    let extras = Extras::new()
        .resource(
            Resource::new("library://hours", "Opening hours"),
            |uri| async move { Ok(vec![ResourceContents::text("9 to 5", uri)]) },
        )
        .prompt(
            Prompt::new("library_welcome", Some("Welcome a new member"), None),
            |_| async { Ok(vec![PromptMessage::new_text(Role::User, "Welcome!")]) },
        );
    let client = connect_server(registry().with_handler(extras)).await;
    let peer = client.peer();
    let resources = within("resources/list", peer.list_all_resources())
        .await
        .expect("listed");
    let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
    assert!(
        uris.contains(&"library://policy/loans") && uris.contains(&"library://hours"),
        "{uris:?}"
    );
    let prompts = within("prompts/list", peer.list_all_prompts())
        .await
        .expect("listed");
    assert!(prompts.iter().any(|p| p.name == "library_welcome"));
    assert!(prompts.iter().any(|p| p.name == "library_overdue_reminder"));
    let hours = within(
        "read",
        peer.read_resource(ReadResourceRequestParams::new("library://hours")),
    )
    .await
    .expect("the handler's");
    assert!(format!("{hours:?}").contains("9 to 5"));
    let loan = within(
        "read",
        peer.read_resource(ReadResourceRequestParams::new("library://loans/L-1001")),
    )
    .await
    .expect("the registry's");
    assert!(format!("{loan:?}").contains("Middlemarch"));
    within("close", client.cancel()).await.expect("closes");
}

async fn connect_server<H: ServerHandler + Clone>(
    server: Server<H>,
) -> rmcp::service::RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(server.serve_transport(server_io));
    within("initialize", ().serve(client_io))
        .await
        .expect("the handshake succeeds")
}

/// A handler that declares `capabilities` and implements nothing else (rmcp's defaults).
#[derive(Clone)]
struct Declares(rmcp::model::ServerCapabilities);

impl ServerHandler for Declares {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(self.0.clone())
    }
}

/// An unknown URI or prompt name gets the registry's error (SEP-2164's -32602 with the URI)
/// when the application's handler serves no resources or no prompts, not "method not found".
#[tokio::test]
async fn what_no_one_serves_gets_the_registrys_error_beside_a_handler_without_it() {
    let prompts_only = rmcp::model::ServerCapabilities::builder()
        .enable_prompts()
        .build();
    let client = connect_server(registry().with_handler(Declares(prompts_only))).await;
    let err = within(
        "read",
        client
            .peer()
            .read_resource(ReadResourceRequestParams::new("library://nowhere")),
    )
    .await
    .expect_err("no resource has this URI");
    let rmcp::ServiceError::McpError(err) = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    assert_eq!(err.data, Some(json!({"uri": "library://nowhere"})));
    // Nor a subscription: the handler serves no resources.
    #[allow(deprecated)] // resources/subscribe is the 2025-11-25 way, still served
    let err = within(
        "subscribe",
        client
            .peer()
            .subscribe(SubscribeRequestParams::new("library://nowhere")),
    )
    .await
    .expect_err("no resource has this URI");
    let rmcp::ServiceError::McpError(err) = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    within("close", client.cancel()).await.expect("closes");

    let resources_only = rmcp::model::ServerCapabilities::builder()
        .enable_resources()
        .build();
    let client = connect_server(registry().with_handler(Declares(resources_only))).await;
    let err = within(
        "get",
        client
            .peer()
            .get_prompt(rmcp::model::GetPromptRequestParams::new(
                "library_overdue_remindr",
            )),
    )
    .await
    .expect_err("no prompt has this name");
    let rmcp::ServiceError::McpError(err) = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    assert!(
        err.message
            .contains("did you mean `library_overdue_reminder`"),
        "{}",
        err.message
    );
    // Nor does a completion the handler cannot take reach it.
    let err = within(
        "complete",
        client
            .peer()
            .complete_prompt_argument("library_nowhere", "x", "", None),
    )
    .await
    .expect_err("no prompt has this name");
    let rmcp::ServiceError::McpError(err) = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{err:?}");
    within("close", client.cancel()).await.expect("closes");
}

/// A resource served by `Extras`, which takes no subscriptions itself: the registry keeps
/// them, and its `ResourceUpdates` tells the subscriber.
#[tokio::test]
#[allow(deprecated)] // resources/subscribe is the 2025-11-25 way, still served
async fn a_handler_resource_is_subscribed_through_the_registry() {
    let extras = Extras::new().resource(
        Resource::new("library://hours", "Opening hours"),
        |uri| async move { Ok(vec![ResourceContents::text("9 to 5", uri)]) },
    );
    let registry = registry();
    let updates = registry.resource_updates().clone();
    let server = registry.with_handler(extras);
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(server.serve_transport(server_io));
    let (tx, mut rx) = mpsc::unbounded_channel();
    let client = within("initialize", Updates(tx).serve(client_io))
        .await
        .expect("the handshake succeeds");
    let resources = client
        .peer_info()
        .and_then(|i| i.capabilities.resources.clone());
    assert_eq!(resources.and_then(|r| r.subscribe), Some(true));
    within(
        "subscribe",
        client
            .peer()
            .subscribe(SubscribeRequestParams::new("library://hours")),
    )
    .await
    .expect("kept by the registry");
    assert_eq!(updates.updated("library://hours").await, 1);
    let uri = within("the update", rx.recv())
        .await
        .expect("a notification");
    assert_eq!(uri, "library://hours");
    within("close", client.cancel()).await.expect("closes");
}
