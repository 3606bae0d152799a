//! What the macros do not cover yet, as an ordinary rmcp `ServerHandler` served beside the
//! registry: the `subscriptions/listen` streams that carry tool and prompt list changes
//! (a registry's lists do not change yet).

use mcp_tools::rmcp::{
    ErrorData, ServerHandler,
    model::{ServerCapabilities, ServerConfig, SubscriptionFilter},
    service::SubscriptionContext,
};

use super::hub::Hub;

/// The list-change streams.
#[derive(Clone, Debug, Default)]
pub struct Handler {
    pub(crate) hub: Hub,
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_prompts_list_changed()
                .build(),
        )
    }

    /// The list changes only: the registry adds its resources' updates to the same stream.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        let mut accepted = SubscriptionFilter::new();
        accepted.tools_list_changed = requested.tools_list_changed;
        accepted.prompts_list_changed = requested.prompts_list_changed;
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let key = self.hub.add(context.sink().clone());
        context.cancelled().await;
        self.hub.remove(key);
        Ok(())
    }
}
