//! What the checks in front of rmcp read of a message: its id, whether it is `initialize`,
//! and (for the OAuth scope check) the tool a `tools/call` reaches. The rest of the body is
//! skipped, checked to be JSON but not built: rmcp parses it whole after us.

use std::borrow::Cow;

use rmcp::model::{ClientJsonRpcMessage, ClientRequest, RequestId};

/// What a POST carries, for the checks after the body is read.
#[derive(Clone, Debug)]
pub(super) enum Incoming {
    /// A request: its id, and whether it is `initialize`.
    Request { id: RequestId, initialize: bool },
    /// A notification, or a reply to a request of the server's.
    Other,
}

/// A POST's message, as far as it was read.
#[derive(Debug)]
pub(super) struct Message {
    pub(super) incoming: Incoming,
    /// A `tools/list` request, whose answer may get the marks of task tools
    /// (`marks`).
    pub(super) lists_tools: bool,
    /// The tool a `tools/call` names, and the tool a call of `tools_call` is for (its
    /// `arguments.name`).
    #[cfg(feature = "oauth")]
    pub(super) called: Option<(String, Option<String>)>,
}

impl Message {
    /// From rmcp's parse, for a body [`Peek`] could not read.
    pub(super) fn of(message: &ClientJsonRpcMessage) -> Message {
        let ClientJsonRpcMessage::Request(request) = message else {
            return Message::other();
        };
        Message {
            incoming: Incoming::Request {
                id: request.id.clone(),
                initialize: matches!(request.request, ClientRequest::InitializeRequest(_)),
            },
            lists_tools: matches!(request.request, ClientRequest::ListToolsRequest(_)),
            #[cfg(feature = "oauth")]
            called: match &request.request {
                ClientRequest::CallToolRequest(call) => Some((
                    call.params.name.to_string(),
                    call.params
                        .arguments
                        .as_ref()
                        .and_then(|args| args.get("name"))
                        .and_then(serde_json::Value::as_str)
                        .map(str::to_owned),
                )),
                _ => None,
            },
        }
    }

    fn other() -> Message {
        Message {
            incoming: Incoming::Other,
            lists_tools: false,
            #[cfg(feature = "oauth")]
            called: None,
        }
    }
}

/// Reads the fields of a message the checks need, and stops there: `None` when the body
/// is not a JSON object the peek can read (an id that is neither number nor string, say),
/// which rmcp's whole parse then judges. What follows the last field wanted (usually a
/// call's `params`, the bulk of a body) is not scanned: rmcp parses it, and refuses it if
/// it is not JSON.
pub(super) fn peek(bytes: &[u8]) -> Option<Message> {
    let mut fields = Fields::default();
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    match serde::de::DeserializeSeed::deserialize(Reading(&mut fields), &mut reader) {
        Ok(()) => {}
        Err(_) if fields.complete => {}
        Err(_) => return None,
    }
    Some(fields.message())
}

/// The fields read so far, borrowed from the body where they can be.
#[derive(Default)]
struct Fields<'a> {
    id: Option<RequestId>,
    method: Option<Cow<'a, str>>,
    #[cfg(feature = "oauth")]
    params: Option<called::Params<'a>>,
    /// Every field the checks need was read, and the reading was stopped on purpose.
    complete: bool,
}

impl Fields<'_> {
    /// Whether nothing later in the body can change what the checks see.
    fn done(&self) -> bool {
        if self.id.is_none() {
            return false;
        }
        match self.method.as_deref() {
            None => false,
            #[cfg(feature = "oauth")]
            Some("tools/call") => self.params.is_some(),
            Some(_) => true,
        }
    }

    fn message(self) -> Message {
        let (Some(id), Some(method)) = (self.id, self.method) else {
            return Message::other();
        };
        Message {
            incoming: Incoming::Request {
                id,
                initialize: method == "initialize",
            },
            lists_tools: method == "tools/list",
            #[cfg(feature = "oauth")]
            called: self
                .params
                .filter(|_| method == "tools/call")
                .and_then(called::Params::called),
        }
    }
}

/// The seed and visitor that fill [`Fields`] from the body's top-level object.
struct Reading<'f, 'a>(&'f mut Fields<'a>);

impl<'de: 'a, 'a> serde::de::DeserializeSeed<'de> for Reading<'_, 'a> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de: 'a, 'a> serde::de::Visitor<'de> for Reading<'_, 'a> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON-RPC message")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        use serde::de::{Error as _, IgnoredAny};
        let fields = self.0;
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            // A field given twice is rmcp's parse to refuse.
            let repeated = match key.as_ref() {
                "id" => fields.id.replace(map.next_value()?).is_some(),
                "method" => fields.method.replace(map.next_value()?).is_some(),
                #[cfg(feature = "oauth")]
                "params" => fields.params.replace(map.next_value()?).is_some(),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    false
                }
            };
            if repeated {
                return Err(M::Error::custom("a field is repeated"));
            }
            if fields.done() {
                fields.complete = true;
                return Err(M::Error::custom("stopped: the checks have what they need"));
            }
        }
        Ok(())
    }
}

/// The `params` of a `tools/call`, read loosely: a field of another shape than the checks
/// want is skipped, as other methods' `params` have other fields, and what a call's should
/// be is rmcp's parse to say.
#[cfg(feature = "oauth")]
mod called {
    use std::{borrow::Cow, fmt, marker::PhantomData};

    use serde::{
        Deserialize, Deserializer,
        de::{IgnoredAny, MapAccess, SeqAccess, Visitor},
    };

    #[derive(Deserialize)]
    pub(super) struct Params<'a> {
        #[serde(borrow, default)]
        name: Loose<Cow<'a, str>>,
        #[serde(borrow, default)]
        arguments: Loose<Arguments<'a>>,
    }

    impl Params<'_> {
        pub(super) fn called(self) -> Option<(String, Option<String>)> {
            let through = self.arguments.0.and_then(|arguments| arguments.name.0);
            Some((self.name.0?.into_owned(), through.map(Cow::into_owned)))
        }
    }

    struct Arguments<'a> {
        name: Loose<Cow<'a, str>>,
    }

    /// `Some` when the value has the shape wanted, `None` when it has another.
    struct Loose<T>(Option<T>);

    impl<T> Default for Loose<T> {
        fn default() -> Self {
            Loose(None)
        }
    }

    impl<'de: 'a, 'a> Deserialize<'de> for Loose<Cow<'a, str>> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer
                .deserialize_any(Shape::<Cow<'de, str>>(PhantomData))
                .map(Loose)
        }
    }

    impl<'de: 'a, 'a> Deserialize<'de> for Loose<Arguments<'a>> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer
                .deserialize_any(Shape::<Arguments<'de>>(PhantomData))
                .map(Loose)
        }
    }

    /// Visits any JSON value: the wanted shape is read, any other skipped.
    struct Shape<T>(PhantomData<T>);

    trait Wanted<'de>: Sized {
        fn from_str<E>(_: Cow<'de, str>) -> Option<Self> {
            None
        }
        fn from_map<A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
            skip_map(map).map(|()| None)
        }
    }

    impl<'de> Wanted<'de> for Cow<'de, str> {
        fn from_str<E>(text: Cow<'de, str>) -> Option<Self> {
            Some(text)
        }
    }

    impl<'de> Wanted<'de> for Arguments<'de> {
        fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
            let mut name = Loose::default();
            while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                if key == "name" {
                    name = map.next_value::<Loose<Cow<'de, str>>>()?;
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(Some(Arguments { name }))
        }
    }

    fn skip_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    impl<'de, T: Wanted<'de>> Visitor<'de> for Shape<T> {
        type Value = Option<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
            Ok(T::from_str::<E>(Cow::Borrowed(v)))
        }
        fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
            Ok(T::from_str::<E>(Cow::Owned(v.to_owned())))
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            T::from_map(map)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(None)
        }
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use rmcp::model::{NumberOrString, RequestId};

    use super::{Incoming, peek};

    fn id_of(body: &str) -> Option<RequestId> {
        match peek(body.as_bytes())?.incoming {
            Incoming::Request { id, .. } => Some(id),
            Incoming::Other => None,
        }
    }

    #[test]
    fn reads_the_id_and_method_and_stops_there() {
        let id = id_of(r#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"#);
        assert_eq!(id, Some(NumberOrString::Number(7)));
        let message = peek(br#"{"method":"initialize","id":"a"}"#).expect("a message");
        assert!(matches!(
            message.incoming,
            Incoming::Request {
                initialize: true,
                ..
            }
        ));
    }

    #[test]
    fn what_it_cannot_read_is_left_to_the_whole_parse() {
        assert!(peek(br#"{"id":[1],"method":"tools/list"}"#).is_none());
        assert!(peek(br#"{"id":1,"id":2,"method":"tools/list"}"#).is_none());
        assert!(peek(b"[1, 2]").is_none());
        assert!(peek(b"not json").is_none());
        // A notification has no id: nothing to count, read to the end.
        let message = peek(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        assert!(matches!(message.map(|m| m.incoming), Some(Incoming::Other)));
    }
}
