//! The registry's prompts and resources over MCP: listing (each caller sees what its
//! scopes allow), `prompts/get`, `resources/read`, `completion/complete`, and resource
//! subscriptions in both revisions.

use std::{collections::HashMap, sync::Arc};

use rmcp::{
    ErrorData,
    model::{
        CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse,
        GetPromptResult, InputRequiredResult, JsonObject, Prompt, ReadResourceRequestParams,
        ReadResourceResult, Reference, Resource, ResourceTemplate, SubscriptionFilter,
    },
    service::{RequestContext, RoleServer, SubscriptionContext},
};
use serde_json::{Value, json};

use crate::{
    complete::{Completion, info},
    context::{
        Caller,
        input::{self, Inputs},
    },
    error::{Pending, clip},
    item::{Origin, guarded, to_rpc_error},
    prompt::PromptDefinition,
    registry::Registry,
    resource::{Listing, Reading, ResourceDefinition, continuation},
};

/// What an input round's state is bound to: the prompt, by a name no tool can have.
fn round_key(prompt: &PromptDefinition) -> String {
    format!("prompt:{}", prompt.name())
}

fn allowed(scopes: &[&str], caller: &Caller) -> bool {
    scopes.iter().all(|s| caller.has_scope(s))
}

/// The refusal of an item the caller lacks scopes for, naming them.
fn refused(what: &str, scopes: &[&str], caller: &Caller) -> ErrorData {
    let missing: Vec<String> = scopes
        .iter()
        .filter(|s| !caller.has_scope(s))
        .map(|s| format!("`{s}`"))
        .collect();
    ErrorData::invalid_request(
        format!(
            "{what} needs the scope(s) {}, which this caller does not hold; ask the user to grant them",
            missing.join(", ")
        ),
        Some(json!({ "kind": "permission_denied" })),
    )
}

/// A resource's template variables as a prompt's arguments are: strings, by name.
fn strings(values: Vec<(&str, String)>) -> JsonObject {
    values
        .into_iter()
        .map(|(name, value)| (name.to_owned(), Value::String(value)))
        .collect()
}

impl Registry {
    /// The prompts `caller` may see.
    pub(crate) fn prompts_for(&self, caller: &Caller) -> Vec<Prompt> {
        self.inner
            .prompts
            .iter()
            .filter(|p| allowed(p.scopes(), caller))
            .map(|p| p.prompt.clone())
            .collect()
    }

    /// The fixed resources and the templates `caller` may see.
    pub(crate) fn resources_for(&self, caller: &Caller) -> (Vec<Resource>, Vec<ResourceTemplate>) {
        listings(
            self.inner
                .resources
                .iter()
                .filter(|r| allowed(r.scopes(), caller)),
        )
    }

    pub(crate) fn prompt_named(&self, name: &str) -> Option<&PromptDefinition> {
        self.inner.prompts.iter().find(|p| p.name() == name)
    }

    /// The resource `uri` is one of, and its variables' values; fixed URIs first, then
    /// templates in the order listed (the catalog has no two that match one URI).
    pub(crate) fn resource_for(
        &self,
        uri: &str,
    ) -> Option<(&ResourceDefinition, Vec<(&'static str, String)>)> {
        let (base, _) = continuation(uri);
        self.inner
            .resources
            .iter()
            .find_map(|r| r.template.matches(base).map(|values| (r, values)))
    }

    /// `prompts/get` of one of the registry's prompts; `modern` for a 2026-07-28 request,
    /// under which a prompt that asks the user runs in input rounds.
    pub(crate) async fn get_prompt_as(
        &self,
        request: GetPromptRequestParams,
        caller: &Caller,
        context: Option<&RequestContext<RoleServer>>,
        modern: bool,
    ) -> Result<GetPromptResponse, ErrorData> {
        let inner = &self.inner;
        let Some(prompt) = self.prompt_named(&request.name) else {
            let near = mcp_tools_shared::suggest::closest(
                &request.name,
                inner.prompts.iter().map(PromptDefinition::name),
            );
            return Err(ErrorData::invalid_params(
                format!(
                    "no prompt `{}`{}; prompts/list names them",
                    clip(&request.name, 100),
                    near.map(|n| format!("; did you mean `{n}`?"))
                        .unwrap_or_default()
                ),
                None,
            ));
        };
        // Named in errors only: a get that succeeds formats nothing.
        let what = || format!("prompt `{}`", prompt.name());
        if !allowed(prompt.scopes(), caller) {
            return Err(refused(&what(), prompt.scopes(), caller));
        }
        let sent = request.arguments.unwrap_or_default();
        // A prompt that asks (through its `ToolContext`) under 2026-07-28 runs in rounds, as
        // a tool does: the answers so far travel sealed in `requestState`, bound to the
        // prompt, its arguments and the caller.
        let stateless = modern;
        let round = if prompt.args.takes_context
            && (stateless || request.request_state.is_some() || request.input_responses.is_some())
        {
            let answers = input::answers_of(
                &inner.sealer,
                &round_key(prompt),
                &sent,
                caller.subject(),
                request.request_state.as_deref(),
                request.input_responses,
            )?;
            Some(Arc::new(Inputs::new(answers)))
        } else {
            None
        };
        // Only a prompt that can ask (it takes a `ToolContext`) needs the arguments again, to
        // seal them into the next round's state; the others give theirs to the check.
        let (args, sent) = if prompt.args.takes_context {
            (prompt.args.check(sent.clone()), sent)
        } else {
            (prompt.args.check(sent), JsonObject::new())
        };
        let args = args.map_err(|problems| {
            ErrorData::invalid_params(
                clip(
                    &format!("invalid arguments for {}:\n{}", what(), problems.join("\n")),
                    inner.limits.max_error_chars,
                ),
                None,
            )
        })?;
        let call = prompt.args.call(
            prompt.name(),
            args,
            &inner.state,
            &inner.sealer,
            Origin {
                caller,
                request: context,
                inputs: round.clone(),
            },
        );
        let mut result = match guarded((prompt.handler)(&call)).await {
            Ok(result) => result,
            Err(mut err) => {
                return match err.take_pending() {
                    Some(Pending::Input(requests)) => {
                        let answers = round
                            .as_deref()
                            .map(Inputs::answers)
                            .cloned()
                            .unwrap_or_default();
                        let state = input::seal_state(
                            &inner.sealer,
                            &round_key(prompt),
                            &sent,
                            caller.subject(),
                            &answers,
                        );
                        Ok(InputRequiredResult::new(Some(requests), Some(state)).into())
                    }
                    Some(Pending::Capability(required)) if stateless => {
                        let mut error = ErrorData::missing_required_client_capability(required);
                        error.message = err.message().to_owned().into();
                        Err(error)
                    }
                    _ => Err(to_rpc_error(
                        &err,
                        &what(),
                        prompt.fn_path(),
                        inner.limits.max_error_chars,
                    )),
                };
            }
        };
        if result.description.is_none() {
            result.description.clone_from(&prompt.prompt.description);
        }
        Ok(result.into())
    }

    /// `resources/read` of one of the registry's resources, held to its budget.
    pub(crate) async fn read_resource_as(
        &self,
        request: ReadResourceRequestParams,
        caller: &Caller,
        context: Option<&RequestContext<RoleServer>>,
    ) -> Result<ReadResourceResult, ErrorData> {
        let inner = &self.inner;
        let uri = request.uri.as_str();
        let not_found = || {
            // SEP-2164: an unknown resource is invalid params, with the URI in `data`.
            ErrorData::invalid_params(
                format!(
                    "no resource `{}`; resources/list and resources/templates/list name them",
                    clip(uri, 200)
                ),
                Some(json!({ "uri": uri })),
            )
        };
        let Some((resource, values)) = self.resource_for(uri) else {
            return Err(not_found());
        };
        // Named in errors only: a read that succeeds formats nothing.
        let what = || format!("resource `{}`", clip(uri, 200));
        if !allowed(resource.scopes(), caller) {
            return Err(refused(&what(), resource.scopes(), caller));
        }
        let mut problems = Vec::new();
        for (name, value) in &values {
            if resource.meta.unchecked.contains(name) {
                continue;
            }
            if let Some(danger) = mcp_tools_shared::uri_template::path_danger(value) {
                problems.push(format!(
                    "`{name}` holds {danger}, which this resource refuses: name something inside it, without `..`, a leading `/` or a NUL"
                ));
            }
        }
        if !problems.is_empty() {
            return Err(ErrorData::invalid_params(
                format!("invalid URI for {}:\n{}", what(), problems.join("\n")),
                Some(json!({ "uri": uri })),
            ));
        }
        let args = resource.args.check(strings(values)).map_err(|problems| {
            ErrorData::invalid_params(
                clip(
                    &format!("invalid URI for {}:\n{}", what(), problems.join("\n")),
                    inner.limits.max_error_chars,
                ),
                Some(json!({ "uri": uri })),
            )
        })?;
        let call = resource.args.call(
            resource.meta.name,
            args,
            &inner.state,
            &inner.sealer,
            Origin {
                caller,
                request: context,
                inputs: None,
            },
        );
        let body = match guarded((resource.handler)(&call)).await {
            Ok(body) => body,
            Err(err) if err.kind() == crate::error::ErrorKind::NotFound => {
                return Err(ErrorData::invalid_params(
                    clip(&err.model_text(None), inner.limits.max_error_chars),
                    Some(json!({ "uri": uri })),
                ));
            }
            Err(err) => {
                return Err(to_rpc_error(
                    &err,
                    &what(),
                    resource.fn_path(),
                    inner.limits.max_error_chars,
                ));
            }
        };
        let (base, from) = continuation(uri);
        let contents = body.into_contents(base, resource.meta.mime_type);
        let reading = Reading {
            uri: base,
            from,
            budget: resource.budget,
            binary: resource.binary,
            encoding: inner.encoding,
        };
        if reading.may_count(&contents) {
            inner.encoding.ready().await;
        }
        let contents = reading
            .shape(contents)
            .map_err(|message| ErrorData::invalid_params(message, Some(json!({ "uri": uri }))))?;
        Ok(ReadResourceResult::new(contents))
    }

    /// `completion/complete` for a prompt argument or a template variable of the
    /// registry's; `None` when the reference is not one of its items.
    pub(crate) async fn complete_as(
        &self,
        request: &CompleteRequestParams,
        caller: &Caller,
    ) -> Option<Result<CompleteResult, ErrorData>> {
        let argument = request.argument.name.as_str();
        let (completer, scopes, what) = match &request.r#ref {
            Reference::Prompt(p) => {
                let prompt = self.prompt_named(&p.name)?;
                (
                    prompt.completer(argument),
                    prompt.scopes(),
                    format!("prompt `{}`", prompt.name()),
                )
            }
            Reference::Resource(r) => {
                let resource = self.inner.resources.iter().find(|d| d.uri() == r.uri)?;
                (
                    resource.completer(argument),
                    resource.scopes(),
                    format!("resource `{}`", resource.uri()),
                )
            }
            // A kind of reference of a later revision: some other handler's, if any.
            _ => return None,
        };
        if !allowed(scopes, caller) {
            return Some(Err(refused(&what, scopes, caller)));
        }
        // An argument without a completion fn has no suggestions: an empty answer, as the
        // spec's clients expect, not an error.
        let Some(completer) = completer else {
            return Some(Ok(CompleteResult::new(info(Vec::new()))));
        };
        let arguments: HashMap<String, String> = request
            .context
            .as_ref()
            .and_then(|c| c.arguments.clone())
            .unwrap_or_default();
        let completion = Completion {
            value: request.argument.value.clone(),
            argument: completer.param,
            arguments,
            caller: caller.clone(),
            state: Arc::clone(&self.inner.state),
        };
        Some(match guarded((completer.complete)(completion)).await {
            Ok(values) => Ok(CompleteResult::new(info(values))),
            Err(err) => Err(to_rpc_error(
                &err,
                &what,
                "completion",
                self.inner.limits.max_error_chars,
            )),
        })
    }

    /// `resources/subscribe` of a 2025 session: remembered for
    /// [`ResourceUpdates::updated`](crate::resource::ResourceUpdates::updated).
    pub(crate) fn subscribe_as(
        &self,
        uri: &str,
        caller: &Caller,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.check_subscription(uri, caller)?;
        self.inner
            .updates
            .subscribe(self.session.id, uri.to_owned(), context.peer.clone());
        Ok(())
    }

    /// Keeps a subscription to `uri`, a resource of an application's handler that takes no
    /// subscriptions itself.
    pub(crate) fn keep_subscription(&self, uri: String, context: &RequestContext<RoleServer>) {
        self.inner
            .updates
            .subscribe(self.session.id, uri, context.peer.clone());
    }

    /// A `subscriptions/listen` filter that takes every resource asked for: the registry's
    /// and those of a handler that takes no subscriptions itself.
    pub(crate) fn accept_any(&self, requested: &SubscriptionFilter) -> SubscriptionFilter {
        if requested
            .resource_subscriptions
            .as_ref()
            .is_some_and(|uris| !uris.is_empty())
        {
            self.inner.updates.expect_stream();
        }
        requested.clone()
    }

    pub(crate) fn unsubscribe_as(&self, uri: &str) {
        self.inner.updates.unsubscribe(self.session.id, uri);
    }

    /// Whether `caller` may subscribe to `uri`: it is one of the registry's resources,
    /// and the caller may read it.
    pub(crate) fn check_subscription(&self, uri: &str, caller: &Caller) -> Result<(), ErrorData> {
        let Some((resource, _)) = self.resource_for(uri) else {
            return Err(ErrorData::invalid_params(
                format!(
                    "no resource `{}` to subscribe to; resources/list names them",
                    clip(uri, 200)
                ),
                Some(json!({ "uri": uri })),
            ));
        };
        if allowed(resource.scopes(), caller) {
            Ok(())
        } else {
            Err(refused(
                &format!("resource `{}`", clip(uri, 200)),
                resource.scopes(),
                caller,
            ))
        }
    }

    /// What a `subscriptions/listen` stream may carry of the registry's: its resources'
    /// updates, and the list changes its capabilities announce.
    ///
    /// A filter that takes any resource counts a stream about to open (see
    /// [`ResourceUpdates`](crate::resource::ResourceUpdates)): rmcp opens it once the
    /// client has the acknowledgement.
    pub(crate) fn accepted_filter(&self, requested: &SubscriptionFilter) -> SubscriptionFilter {
        let mut accepted = requested.clone();
        accepted.resource_subscriptions = requested.resource_subscriptions.as_ref().map(|uris| {
            uris.iter()
                .filter(|uri| self.resource_for(uri).is_some())
                .cloned()
                .collect()
        });
        if accepted
            .resource_subscriptions
            .as_ref()
            .is_some_and(|uris| !uris.is_empty())
        {
            self.inner.updates.expect_stream();
        }
        accepted
    }

    /// Serves one `subscriptions/listen` stream until the client closes it.
    pub(crate) async fn listen_as(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        let key = self.inner.updates.open(context.sink().clone());
        context.cancelled().await;
        self.inner.updates.close(key);
        Ok(())
    }
}

/// In-process use, as [`Registry::call`] calls a tool: for tests and for an application
/// that serves its own transport.
impl Registry {
    /// Gets the prompt `name` with `arguments` (an object of strings) as the registry's
    /// default caller: what `prompts/get` answers.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a client would get: an unknown name, invalid arguments (every
    /// problem, one line each), missing scopes, or the fn's own error.
    pub async fn get_prompt_with(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<GetPromptResult, ErrorData> {
        let mut request = GetPromptRequestParams::new(name);
        if let Value::Object(arguments) = arguments {
            request = request.with_arguments(arguments);
        }
        match self
            .get_prompt_as(request, &self.inner.default_caller, None, false)
            .await?
        {
            GetPromptResponse::Complete(result) => Ok(result),
            // Asks wait on a round only under 2026-07-28, which has a request.
            _ => Err(ErrorData::invalid_request(
                "the prompt asks the user for input, which needs a client; get it through one",
                None,
            )),
        }
    }

    /// Reads `uri` as the registry's default caller: what `resources/read` answers.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error a client would get: no resource has this URI, a variable is
    /// refused (`..`, an absolute path, a NUL, or a value its type cannot take), missing
    /// scopes, or the fn's own error.
    pub async fn read_resource_at(&self, uri: &str) -> Result<ReadResourceResult, ErrorData> {
        let request = ReadResourceRequestParams::new(uri);
        self.read_resource_as(request, &self.inner.default_caller, None)
            .await
    }

    /// The subscribers to the registry's resources: call
    /// [`updated`](crate::resource::ResourceUpdates::updated) when one changes. Tools and
    /// resources can take it as `State<ResourceUpdates>` too.
    #[must_use]
    pub fn resource_updates(&self) -> &crate::resource::ResourceUpdates {
        &self.inner.updates
    }

    /// The prompts exactly as `prompts/list` sends them to a caller holding every scope.
    #[must_use]
    pub fn prompt_definitions(&self) -> Vec<Prompt> {
        self.inner
            .prompts
            .iter()
            .map(|p| p.prompt.clone())
            .collect()
    }

    /// The fixed resources and the templates exactly as `resources/list` and
    /// `resources/templates/list` send them to a caller holding every scope.
    #[must_use]
    pub fn resource_definitions(&self) -> (Vec<Resource>, Vec<ResourceTemplate>) {
        listings(self.inner.resources.iter())
    }
}

/// The listings of `resources`: the fixed ones, and the templates.
fn listings<'a>(
    resources: impl Iterator<Item = &'a ResourceDefinition>,
) -> (Vec<Resource>, Vec<ResourceTemplate>) {
    let mut fixed = Vec::new();
    let mut templates = Vec::new();
    for resource in resources {
        match &resource.listing {
            Listing::Fixed(r) => fixed.push(r.clone()),
            Listing::Template(t) => templates.push(t.clone()),
        }
    }
    (fixed, templates)
}
