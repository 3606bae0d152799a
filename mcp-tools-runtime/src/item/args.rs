//! The arguments of a prompt and the variables of a resource template: strings on the wire,
//! checked by the validator a tool's arguments get, from the same parameter tables.

use std::sync::Arc;

use rmcp::{
    model::JsonObject,
    service::{RequestContext, RoleServer},
};
use serde_json::Value;

use crate::{
    arg::{Call, StateMap},
    context::{Caller, ClientLink, ResultBudget, ToolContext, input::Inputs, log::LogGate},
    meta::{ParamMeta, ResponseFormat, StateNeed},
    schema::InputSchema,
    seal::Sealer,
    validate::Validator,
};

/// The compiled parameters of a prompt or resource.
#[derive(Debug)]
pub(crate) struct ItemArgs {
    /// As published by a tool with the same parameters.
    pub(crate) schema: JsonObject,
    pub(crate) validator: Validator,
    pub(crate) needs: Vec<StateNeed>,
    pub(crate) takes_context: bool,
    /// The names of the properties of type integer, number or boolean, whose strings are
    /// parsed before validation.
    typed: Vec<(String, Typed)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Typed {
    Integer,
    Number,
    Boolean,
}

impl ItemArgs {
    /// Builds the parameters from the tables the macro generated; a schema the validator
    /// cannot enforce goes to `problems`.
    pub(crate) fn new(
        params: &'static [ParamMeta],
        describe: fn(&mut InputSchema),
        problems: &mut Vec<String>,
    ) -> Self {
        let mut input = InputSchema::default();
        describe(&mut input);
        problems.append(&mut input.problems);
        let schema = input.to_schema();
        let validator = Validator::compile(&schema, params).unwrap_or_else(|errors| {
            problems.extend(
                errors
                    .into_iter()
                    .map(|e| format!("its arguments' schema: {e}")),
            );
            Validator::refusing()
        });
        let typed = schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .filter_map(|(name, property)| {
                let kind = match crate::schema::value_kind(property.as_object()?)? {
                    "integer" => Typed::Integer,
                    "number" => Typed::Number,
                    "boolean" => Typed::Boolean,
                    _ => return None,
                };
                Some((name.clone(), kind))
            })
            .collect();
        ItemArgs {
            schema: crate::schema::published(schema),
            validator,
            needs: input.needs,
            takes_context: input.takes_context,
            typed,
        }
    }

    /// The parameters the schema lists, with their descriptions and whether each is required.
    pub(crate) fn listed(&self) -> impl Iterator<Item = (&str, Option<&str>, bool)> {
        let required: Vec<&str> = self
            .schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        self.schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(move |(name, property)| {
                let description = property.get("description").and_then(Value::as_str);
                (
                    name.as_str(),
                    description,
                    required.contains(&name.as_str()),
                )
            })
    }

    /// Parses the strings of typed parameters (`"3"` for an integer) and checks the whole:
    /// every problem, one line each, naming the argument.
    pub(crate) fn check(&self, mut args: JsonObject) -> Result<JsonObject, Vec<String>> {
        for (name, kind) in &self.typed {
            let Some(Value::String(text)) = args.get(name) else {
                continue;
            };
            let text = text.trim();
            let parsed = match kind {
                Typed::Integer => text.parse::<i64>().ok().map(Value::from),
                Typed::Number => text
                    .parse::<f64>()
                    .ok()
                    .filter(|n| n.is_finite())
                    .and_then(|n| serde_json::Number::from_f64(n).map(Value::Number)),
                Typed::Boolean => text.parse::<bool>().ok().map(Value::Bool),
            };
            // A string that does not parse stays, and the validator names the type it wants.
            if let Some(parsed) = parsed {
                args.insert(name.clone(), parsed);
            }
        }
        self.validator.validate(&mut args)?;
        Ok(args)
    }

    /// The call a generated handler extracts its parameters from.
    pub(crate) fn call<'r>(
        &'r self,
        name: &'static str,
        args: JsonObject,
        state: &'r StateMap,
        sealer: &'r Sealer,
        origin: Origin<'_>,
    ) -> Call<'r> {
        let Origin {
            caller,
            request,
            inputs,
        } = origin;
        let context = self.takes_context.then(|| {
            // Under 2026-07-28 (a round of answers), asks end the request with an
            // input-required result instead of a request to the client.
            let mut link = ClientLink::of(request.cloned(), inputs.is_some(), LogGate::Off);
            link.inputs = inputs;
            ToolContext::new(
                name,
                request.map(|r| r.ct.clone()).unwrap_or_default(),
                link,
                None,
                request.map(|r| r.id.clone()),
                caller.clone(),
                ResultBudget::DETACHED,
            )
        });
        Call {
            tool: name,
            args,
            defaults: self.validator.defaults(),
            context,
            state,
            format: ResponseFormat::Concise,
            fingerprint: 0,
            sealer,
            plan: None,
            handles: None,
        }
    }
}

/// Where a request comes from: who makes it, its transport's context (none in process),
/// and the answers of a 2026-07-28 input round.
pub(crate) struct Origin<'a> {
    pub(crate) caller: &'a Caller,
    pub(crate) request: Option<&'a RequestContext<RoleServer>>,
    pub(crate) inputs: Option<Arc<Inputs>>,
}
