//! Completions: the values a client offers while a user types a prompt argument or a
//! resource template variable, from a fn the item names with `#[param(complete = fn)]`.

use std::{collections::HashMap, future::Future, pin::Pin, sync::Arc};

use rmcp::model::CompletionInfo;

use crate::{
    arg::{State, StateMap},
    context::Caller,
    error::ToolError,
};

/// The most values one answer holds (the spec's bound); more set `hasMore`.
pub const MAX_COMPLETIONS: usize = CompletionInfo::MAX_VALUES;

/// What a completion fn gets: the value typed so far, the other arguments already given,
/// the caller, and the registry's state.
///
/// ```
/// use mcp_tools::prelude::*;
/// use mcp_tools::Completion;
///
/// struct Branches { names: Vec<&'static str> }
///
/// /// The branches whose names start with what the user typed.
/// fn branch_names(c: &Completion) -> Vec<String> {
///     let Some(branches) = c.state::<Branches>() else { return Vec::new() };
///     let typed = c.value().to_lowercase();
///     branches.names.iter().filter(|b| b.to_lowercase().starts_with(&typed)).map(|b| (*b).to_owned()).collect()
/// }
///
/// /// Draft the opening hours notice of a branch.
/// #[prompt(namespace = "library")]
/// async fn opening_hours(
///     /// The branch, as the library names it.
///     #[param(complete = branch_names)]
///     branch: String,
/// ) -> String {
///     format!("Write the opening hours notice of the {branch} branch.")
/// }
/// # let _ = catalog![opening_hours];
/// ```
pub struct Completion {
    pub(crate) value: String,
    pub(crate) argument: &'static str,
    pub(crate) arguments: HashMap<String, String>,
    pub(crate) caller: Caller,
    pub(crate) state: Arc<StateMap>,
}

impl Completion {
    /// What the user has typed so far.
    #[must_use]
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The name of the argument or variable being completed.
    #[must_use]
    pub fn argument(&self) -> &'static str {
        self.argument
    }

    /// Another argument or variable the user has already given (`context.arguments`).
    #[must_use]
    pub fn given(&self, name: &str) -> Option<&str> {
        self.arguments.get(name).map(String::as_str)
    }

    /// Who asks.
    #[must_use]
    pub fn caller(&self) -> &Caller {
        &self.caller
    }

    /// The registry's state of type `T`, as a `State<T>` parameter gets it.
    #[must_use]
    pub fn state<T: Send + Sync + 'static>(&self) -> Option<State<T>> {
        self.state.get::<T>().map(State)
    }

    /// A completion request made by hand, for testing a completion fn.
    #[must_use]
    pub fn new(argument: &'static str, value: impl Into<String>) -> Self {
        Completion {
            value: value.into(),
            argument,
            arguments: HashMap::new(),
            caller: Caller::local(),
            state: Arc::default(),
        }
    }

    /// The same request with another argument already given.
    #[must_use]
    pub fn with_given(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.arguments.insert(name.into(), value.into());
        self
    }
}

impl std::fmt::Debug for Completion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Completion")
            .field("argument", &self.argument)
            .field("value", &self.value)
            .field("given", &self.arguments)
            .finish_non_exhaustive()
    }
}

/// The future a generated completion fn returns.
#[doc(hidden)]
pub type CompleteFuture = Pin<Box<dyn Future<Output = Result<Vec<String>, ToolError>> + Send>>;

/// A generated completion fn.
#[doc(hidden)]
pub type CompleteFn = fn(Completion) -> CompleteFuture;

/// The completion fn of one parameter.
#[doc(hidden)]
#[derive(Debug)]
pub struct Completer {
    /// The parameter's wire name.
    pub param: &'static str,
    pub complete: CompleteFn,
}

/// What a completion fn may return: `Vec<String>`, `Vec<&'static str>`, or either in a
/// `Result` whose error converts into a [`ToolError`]. The fn may be `async` or not
/// (`fn name(c: &Completion)`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a completion fn",
    label = "return `Vec<String>` or `Result<Vec<String>, ToolError>`",
    note = "a completion fn is `async fn name(c: Completion) -> Vec<String>`"
)]
pub trait IntoCompletions {
    /// The values, in the order offered.
    ///
    /// # Errors
    ///
    /// The fn's own error.
    fn into_completions(self) -> Result<Vec<String>, ToolError>;
}

impl IntoCompletions for Vec<String> {
    fn into_completions(self) -> Result<Vec<String>, ToolError> {
        Ok(self)
    }
}

impl IntoCompletions for Vec<&'static str> {
    fn into_completions(self) -> Result<Vec<String>, ToolError> {
        Ok(self.into_iter().map(str::to_owned).collect())
    }
}

impl<T: IntoCompletions, E: Into<ToolError>> IntoCompletions for Result<T, E> {
    fn into_completions(self) -> Result<Vec<String>, ToolError> {
        self.map_err(Into::into)?.into_completions()
    }
}

/// A completion fn: `async fn(Completion) -> T`, `fn(&Completion) -> T` or
/// `fn(Completion) -> T`, where `T` is [`IntoCompletions`]. The marker `M` tells them apart,
/// so a fn that awaits nothing need not be `async`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot complete an argument",
    label = "not a completion fn",
    note = "a completion fn is `async fn name(c: Completion) -> Vec<String>` or `fn name(c: &Completion) -> Vec<String>`, and may return `Result<Vec<String>, ToolError>`"
)]
#[doc(hidden)]
pub trait CompleteWith<M> {
    /// Runs the fn on `completion`.
    fn run(self, completion: Completion) -> CompleteFuture;
}

/// The marker of a completion fn that returns a future.
#[doc(hidden)]
pub enum Awaited {}

/// The marker of a completion fn that returns its values.
#[doc(hidden)]
pub enum Returned {}

/// The marker of a completion fn that borrows the request and returns its values.
#[doc(hidden)]
pub enum Borrowed {}

impl<F, Fut> CompleteWith<(Awaited, Fut)> for F
where
    F: FnOnce(Completion) -> Fut,
    Fut: Future + Send + 'static,
    Fut::Output: IntoCompletions,
{
    fn run(self, completion: Completion) -> CompleteFuture {
        let future = self(completion);
        Box::pin(async move { future.await.into_completions() })
    }
}

impl<F, R> CompleteWith<(Returned, R)> for F
where
    F: FnOnce(Completion) -> R,
    R: IntoCompletions,
{
    fn run(self, completion: Completion) -> CompleteFuture {
        Box::pin(std::future::ready(self(completion).into_completions()))
    }
}

impl<F, R> CompleteWith<(Borrowed, R)> for F
where
    F: FnOnce(&Completion) -> R,
    R: IntoCompletions,
{
    fn run(self, completion: Completion) -> CompleteFuture {
        Box::pin(std::future::ready(self(&completion).into_completions()))
    }
}

/// Runs the completion fn `f`, async or not (what `complete = f` generates).
#[doc(hidden)]
pub fn complete_with<M, F: CompleteWith<M>>(f: F, completion: Completion) -> CompleteFuture {
    f.run(completion)
}

/// The answer to `completion/complete`: at most [`MAX_COMPLETIONS`] values, the total and
/// `hasMore` when there were more.
pub(crate) fn info(mut values: Vec<String>) -> CompletionInfo {
    let total = values.len();
    values.truncate(MAX_COMPLETIONS);
    let mut info = CompletionInfo::new(values).unwrap_or_default();
    info.total = u32::try_from(total).ok();
    info.has_more = Some(total > MAX_COMPLETIONS);
    info
}

#[cfg(test)]
mod tests {
    use super::info;

    #[test]
    fn answers_are_bounded_to_a_hundred_with_has_more() {
        let many: Vec<String> = (0..250).map(|i| format!("v{i}")).collect();
        let answer = info(many);
        assert_eq!(answer.values.len(), 100);
        assert_eq!((answer.total, answer.has_more), (Some(250), Some(true)));
        let few = info(vec!["a".into()]);
        assert_eq!(
            (few.values.len(), few.total, few.has_more),
            (1, Some(1), Some(false))
        );
    }
}
