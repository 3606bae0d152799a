//! [`ServeArgs`]: how a server binary serves, as flags on its command line (stdio by
//! default, `--http ADDR` for Streamable HTTP), parsed with clap.

use clap::{
    Arg, ArgGroup, ArgMatches, Args, Command, FromArgMatches, builder::NonEmptyStringValueParser,
};

/// The flags that choose how a server binary serves, as a [`clap::Args`] group: none serves
/// one client over stdin/stdout, `--http ADDR` serves Streamable HTTP at `http://ADDR/mcp`.
/// Flatten it into a `#[derive(clap::Parser)]` of yours beside the server's own flags, and
/// serve with [`Serve::serve_with`](crate::Serve::serve_with); its `--help` lists both. A
/// server with no flags of its own needs none of this:
/// [`serve_from_args`](crate::Serve::serve_from_args) parses these alone.
///
/// ```no_run
/// use clap::Parser;
/// use mcp_tools::{ServeArgs, prelude::*};
///
/// /// Tools over a git repository.
/// #[derive(Parser)]
/// struct Cli {
///     /// The repository the tools read.
///     #[arg(long, value_name = "PATH")]
///     repository: std::path::PathBuf,
///     #[command(flatten)]
///     serve: ServeArgs,
/// }
///
/// # struct Repository(std::path::PathBuf);
/// #[tokio::main]
/// async fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let cli = Cli::parse();
///     let registry = Registry::builder()
///         .state(Repository(cli.repository))
///         .build()?;
///     registry.serve_with(cli.serve).await?;
///     Ok(())
/// }
/// ```
///
/// Behind the default feature `cli`. The flags are written by hand rather than derived, so
/// a server that only calls `serve_from_args` builds no clap derive macro.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ServeArgs {
    /// `--http ADDR`: serve Streamable HTTP at `http://ADDR/mcp`, with the default HTTP
    /// settings (or yours, through [`Http::serve_with`](crate::http::Http::serve_with));
    /// `None` serves one client over stdin/stdout.
    pub http: Option<String>,
}

/// The group's id and its flag's, as `#[derive(Args)]` would name them.
const GROUP: &str = "ServeArgs";
const HTTP: &str = "http";

impl Args for ServeArgs {
    fn group_id() -> Option<clap::Id> {
        Some(clap::Id::from(GROUP))
    }

    fn augment_args(cmd: Command) -> Command {
        cmd.group(ArgGroup::new(GROUP).multiple(true).args([HTTP]))
            .arg(
                Arg::new(HTTP)
                    .long(HTTP)
                    .value_name("ADDR")
                    .value_parser(NonEmptyStringValueParser::new())
                    .help(
                        "Serve Streamable HTTP at http://ADDR/mcp (e.g. 127.0.0.1:8080) \
                         instead of one client over stdin/stdout",
                    ),
            )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for ServeArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = ServeArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        if let Some(addr) = matches.get_one::<String>(HTTP) {
            self.http = Some(addr.clone());
        }
        Ok(())
    }
}

/// Parses a command line (the program's name first) that holds only [`ServeArgs`]. A flag
/// that is not ours gets a tip on how a server adds flags of its own.
pub(crate) fn parse_only_ours<I, T>(args: I) -> Result<ServeArgs, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // clap names the program in the usage after the first argument's file name.
    let mut command = ServeArgs::augment_args(Command::new("server").about(
        "An MCP server: serves one client over stdin/stdout, or Streamable HTTP with --http.",
    ));
    let parsed = command
        .try_get_matches_from_mut(args)
        .and_then(|matches| ServeArgs::from_arg_matches(&matches));
    parsed.map_err(|mut err| {
        if err.kind() == clap::error::ErrorKind::UnknownArgument {
            add_own_flags_tip(&mut err);
        }
        err.format(&mut command)
    })
}

/// Adds to an unknown flag's error how to give the server flags of its own, after clap's
/// own tips.
fn add_own_flags_tip(err: &mut clap::Error) {
    use clap::error::{ContextKind, ContextValue};

    let mut tips = match err.remove(ContextKind::Suggested) {
        Some(ContextValue::StyledStrs(tips)) => tips,
        _ => Vec::new(),
    };
    tips.push(
        "this server reads only `--http`; to give it arguments of its own, flatten \
         `mcp_tools::ServeArgs` into a clap `Parser` of yours and serve with `serve_with`"
            .into(),
    );
    err.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use clap::{CommandFactory, Parser, error::ErrorKind};

    use super::*;

    /// A server's own command line, as its author writes it.
    #[derive(Debug, Parser)]
    #[command(name = "git-server")]
    struct Cli {
        /// The repository the tools read.
        #[arg(long, value_name = "PATH")]
        repository: PathBuf,
        #[command(flatten)]
        serve: ServeArgs,
    }

    fn http(addr: &str) -> ServeArgs {
        ServeArgs {
            http: Some(addr.to_owned()),
        }
    }

    #[test]
    fn a_servers_own_flags_parse_beside_ours_in_any_order() {
        let cli =
            Cli::try_parse_from(["git-server", "--repository", "/x", "--http", "127.0.0.1:0"])
                .unwrap();
        assert_eq!(cli.repository, PathBuf::from("/x"));
        assert_eq!(cli.serve, http("127.0.0.1:0"));

        let cli =
            Cli::try_parse_from(["git-server", "--http=127.0.0.1:0", "--repository=/x"]).unwrap();
        assert_eq!(
            (cli.repository, cli.serve),
            (PathBuf::from("/x"), http("127.0.0.1:0"))
        );

        let cli = Cli::try_parse_from(["git-server", "--repository", "/x"]).unwrap();
        assert_eq!(
            cli.serve,
            ServeArgs::default(),
            "stdio when --http is absent"
        );
    }

    #[test]
    fn the_help_of_a_servers_parser_lists_its_flags_and_ours() {
        let help = Cli::command().render_help().to_string();
        for expected in [
            "--repository <PATH>",
            "The repository the tools read",
            "--http <ADDR>",
            "http://ADDR/mcp",
        ] {
            assert!(help.contains(expected), "no `{expected}` in:\n{help}");
        }
    }

    #[test]
    fn a_servers_parser_names_what_is_wrong_with_our_flags() {
        let err = Cli::try_parse_from(["git-server", "--repository", "/x", "--http"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidValue);
        assert!(err.to_string().contains("--http <ADDR>"), "{err}");
        let err = Cli::try_parse_from(["git-server", "--repository", "/x", "--http="]).unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::InvalidValue,
            "an empty address: {err}"
        );
    }

    #[test]
    fn our_flags_alone_stdio_by_default_http_with_an_address_either_way() {
        assert_eq!(parse_only_ours(["server"]).unwrap(), ServeArgs::default());
        assert_eq!(
            parse_only_ours(["server", "--http", "127.0.0.1:8080"]).unwrap(),
            http("127.0.0.1:8080")
        );
        assert_eq!(
            parse_only_ours(["server", "--http=127.0.0.1:8080"]).unwrap(),
            http("127.0.0.1:8080")
        );
        let help = parse_only_ours(["/usr/local/bin/notes", "--help"]).unwrap_err();
        assert_eq!(help.kind(), ErrorKind::DisplayHelp);
        let help = help.to_string();
        assert!(
            help.contains("Usage: notes [OPTIONS]") && help.contains("--http <ADDR>"),
            "{help}"
        );
    }

    #[test]
    fn an_unknown_flag_says_how_a_server_adds_its_own() {
        let err = parse_only_ours(["notes", "--repository", "/x"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::UnknownArgument);
        let message = err.to_string();
        for expected in [
            "unexpected argument '--repository'",
            "flatten `mcp_tools::ServeArgs`",
            "Usage: notes [OPTIONS]",
        ] {
            assert!(message.contains(expected), "no `{expected}` in:\n{message}");
        }
        let err = parse_only_ours(["notes", "--http"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidValue);
        assert!(!err.to_string().contains("flatten"), "{err}");
    }
}
