//! The command line of a server binary, for `serve_from_args`: stdio by default,
//! `--http ADDR` for Streamable HTTP.

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Chosen {
    Stdio,
    Http(String),
    Help,
}

/// The usage line, with the binary's name.
pub(crate) fn usage(program: &str) -> String {
    format!(
        "usage: {program} [--http ADDR]\n  (no argument)   serve one client over stdin/stdout\n  --http ADDR     serve Streamable HTTP at http://ADDR/mcp, e.g. 127.0.0.1:8080"
    )
}

/// Reads the arguments after the program's name.
pub(crate) fn choose(args: impl IntoIterator<Item = String>) -> Result<Chosen, String> {
    let mut args = args.into_iter();
    let mut chosen = Chosen::Stdio;
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_owned(), Some(value.to_owned()))
            }
            _ => (arg, None),
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Chosen::Help),
            "--http" => {
                let addr = inline
                    .or_else(|| args.next())
                    .filter(|a| !a.is_empty() && !a.starts_with("--"))
                    .ok_or("--http needs an address, e.g. --http 127.0.0.1:8080")?;
                chosen = Chosen::Http(addr);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose_from(args: &[&str]) -> Result<Chosen, String> {
        choose(args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn stdio_by_default_http_with_an_address_either_way() {
        assert_eq!(choose_from(&[]), Ok(Chosen::Stdio));
        for args in [
            &["--http", "127.0.0.1:8080"][..],
            &["--http=127.0.0.1:8080"],
        ] {
            assert_eq!(choose_from(args), Ok(Chosen::Http("127.0.0.1:8080".into())));
        }
        assert_eq!(choose_from(&["--help"]), Ok(Chosen::Help));
    }

    #[test]
    fn a_missing_address_or_an_unknown_flag_is_named() {
        assert!(
            choose_from(&["--http"])
                .unwrap_err()
                .contains("needs an address")
        );
        assert!(
            choose_from(&["--http", "--verbose"])
                .unwrap_err()
                .contains("needs an address")
        );
        assert_eq!(
            choose_from(&["--port", "80"]),
            Err("unknown argument `--port`".to_owned())
        );
    }
}
