//! The first of the resource server's checks, before the body is read: the request's bearer token
//! is verified, the [`Caller`](crate::context::Caller) it speaks for goes into the request's
//! extensions (where the server finds it), and the `Authorization` header is removed, so
//! the token reaches neither rmcp's service nor a handler: tokens never pass through.

use axum::{
    extract::Request,
    http::{HeaderMap, header},
    response::Response,
};

use super::{guard::Guard, refusal::Refusal};

/// `request` with its token verified and taken out and its caller in, or the refusal.
pub(crate) async fn authenticate(guard: &Guard, mut request: Request) -> Result<Request, Response> {
    let verified = match bearer(request.headers()) {
        Ok(token) => guard.verifier.verify(token).await,
        Err(refusal) => Err(refusal),
    };
    match verified {
        Ok(caller) => {
            request.headers_mut().remove(header::AUTHORIZATION);
            request.extensions_mut().insert(caller);
            Ok(request)
        }
        Err(refusal) => {
            if let Refusal::InvalidToken(reason) = &refusal {
                tracing::debug!(reason, "refused a bearer token");
            }
            Err(refusal.response(&guard.metadata_url))
        }
    }
}

/// The token of `Authorization: Bearer <token>`, or why there is none to check.
fn bearer(headers: &HeaderMap) -> Result<&str, Refusal> {
    const SHAPE: &str = "the Authorization header must be `Bearer <token>`";
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let Some(value) = values.next() else {
        return Err(Refusal::NoToken);
    };
    if values.next().is_some() {
        return Err(invalid(
            "the request has more than one Authorization header; send one, `Bearer <token>`",
        ));
    }
    let value = value
        .to_str()
        .map_err(|_| invalid(format!("{SHAPE}; it is not ASCII text")))?;
    let (scheme, token) = value.trim().split_once(' ').unwrap_or((value.trim(), ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(invalid(format!(
            "{SHAPE}; this server takes no other scheme"
        )));
    }
    let token = token.trim_start();
    if token.is_empty() {
        return Err(invalid(format!("{SHAPE}; the token is missing")));
    }
    // RFC 6750's b64token.
    let token68 = token
        .trim_end_matches('=')
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/'));
    if !token68 {
        return Err(invalid(format!(
            "{SHAPE}; the token holds characters no token has"
        )));
    }
    Ok(token)
}

fn invalid(description: impl Into<String>) -> Refusal {
    Refusal::InvalidToken(description.into())
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue, header};

    use super::{Refusal, bearer};

    fn token(values: &[&str]) -> Result<String, Refusal> {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        }
        bearer(&headers).map(str::to_owned)
    }

    #[test]
    fn the_bearer_token_is_read_whatever_the_scheme_case() {
        assert_eq!(token(&["Bearer abc.def.ghi"]), Ok("abc.def.ghi".into()));
        assert_eq!(token(&["bearer  abc.def.ghi "]), Ok("abc.def.ghi".into()));
    }

    #[test]
    fn malformed_headers_say_what_is_wrong() {
        assert_eq!(token(&[]), Err(Refusal::NoToken));
        for (values, says) in [
            (&["Basic dXNlcjpwYXNz"][..], "no other scheme"),
            (&["Bearer"], "the token is missing"),
            (&["Bearer   "], "the token is missing"),
            (&["Bearer a b"], "characters no token has"),
            (&["Bearer a\"b"], "characters no token has"),
            (
                &["Bearer a.b.c", "Bearer d.e.f"],
                "more than one Authorization header",
            ),
        ] {
            match token(values) {
                Err(Refusal::InvalidToken(description)) => {
                    assert!(description.contains(says), "{values:?}: {description}");
                }
                other => panic!("{values:?}: {other:?}"),
            }
        }
    }
}
