//! Prompts: `#[prompt]` fns, listed by `prompts/list` and run by `prompts/get`.

mod reply;

pub use reply::PromptReturn;

use std::{future::Future, pin::Pin};

use rmcp::model::{GetPromptResult, Prompt, PromptArgument};

use crate::{
    arg::Call,
    complete::Completer,
    error::ToolError,
    item::{ItemArgs, icons, meta_object},
    meta::{IconMeta, ParamMeta},
    schema::InputSchema,
};

/// What `#[prompt]` knows about a prompt, as static data.
#[doc(hidden)]
#[derive(Debug)]
pub struct PromptMeta {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub fn_path: &'static str,
    pub scopes: &'static [&'static str],
    pub icons: &'static [IconMeta],
    /// `meta = r#"{…}"#`: the listing's `_meta`, as JSON text.
    pub meta: Option<&'static str>,
    pub params: &'static [ParamMeta],
    pub completions: &'static [Completer],
}

/// The future a generated prompt handler returns; it borrows the [`Call`].
#[doc(hidden)]
pub type PromptFuture<'a> =
    Pin<Box<dyn Future<Output = Result<GetPromptResult, ToolError>> + Send + 'a>>;

/// A generated prompt handler.
pub(crate) type PromptHandler = for<'a, 'r> fn(&'a Call<'r>) -> PromptFuture<'a>;

/// Implemented by `#[prompt]` for the marker type that shares the fn's name.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a #[prompt] fn",
    label = "this lists a fn that carries no #[prompt]",
    note = "add #[prompt(...)] to the fn, or remove it from the list"
)]
#[doc(hidden)]
pub trait PromptSpec {
    /// The wire name.
    const NAME: &'static str;
    /// Builds the definition.
    fn definition() -> PromptDefinition;
}

/// A prompt ready for the registry: its listing, its arguments' checks and its handler.
pub struct PromptDefinition {
    pub(crate) meta: &'static PromptMeta,
    pub(crate) prompt: Prompt,
    pub(crate) args: ItemArgs,
    pub(crate) handler: PromptHandler,
    pub(crate) problems: Vec<String>,
}

impl PromptDefinition {
    /// Assembles a definition from the tables `#[prompt]` generated.
    #[doc(hidden)]
    pub fn from_spec(
        meta: &'static PromptMeta,
        describe: fn(&mut InputSchema),
        handler: PromptHandler,
    ) -> Self {
        let mut problems = Vec::new();
        let args = ItemArgs::new(meta.params, describe, &mut problems);
        let arguments: Vec<PromptArgument> = args
            .listed()
            .map(|(name, description, required)| {
                let mut argument = PromptArgument::new(name).with_required(required);
                argument.description = description.map(str::to_owned);
                argument
            })
            .collect();
        let description = (!meta.description.is_empty()).then_some(meta.description);
        let mut prompt = Prompt::new(
            meta.name,
            description,
            (!arguments.is_empty()).then_some(arguments),
        );
        prompt.title = Some(meta.title.to_owned());
        prompt.icons = icons(meta.icons);
        prompt.meta = meta_object(meta.meta, &mut problems);
        for completer in meta.completions {
            if !args.listed().any(|(name, _, _)| name == completer.param) {
                problems.push(format!(
                    "`complete` is set for `{}`, which is not one of its arguments",
                    completer.param
                ));
            }
        }
        PromptDefinition {
            meta,
            prompt,
            args,
            handler,
            problems,
        }
    }

    /// The wire name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.meta.name
    }

    /// What `prompts/list` shows of it.
    #[must_use]
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// The path of the fn that defines it, for messages.
    #[must_use]
    pub fn fn_path(&self) -> &'static str {
        self.meta.fn_path
    }

    /// The scopes a caller needs to see and get it.
    #[must_use]
    pub fn scopes(&self) -> &'static [&'static str] {
        self.meta.scopes
    }

    pub(crate) fn completer(&self, argument: &str) -> Option<&'static Completer> {
        self.meta.completions.iter().find(|c| c.param == argument)
    }
}

impl std::fmt::Debug for PromptDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PromptDefinition")
            .field("name", &self.meta.name)
            .field("fn_path", &self.meta.fn_path)
            .finish_non_exhaustive()
    }
}
