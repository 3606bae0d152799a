//! The command line of every server of the benchmark, whatever its language:
//!
//! ```text
//! SERVER stdio
//! SERVER http PORT stateful|stateless [nodelay]
//! ```
//!
//! `nodelay` is for the rmcp server only: `TCP_NODELAY` on accepted sockets, which rmcp's
//! `axum::serve` as shipped does not set.

/// How a server is to serve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Serve {
    /// JSON-RPC lines on stdin and stdout.
    Stdio,
    /// Streamable HTTP at `http://127.0.0.1:PORT/mcp`.
    Http {
        /// The loopback port to listen on.
        port: u16,
        /// Without sessions: no `Mcp-Session-Id`, each request served on its own.
        stateless: bool,
        /// `TCP_NODELAY` on accepted sockets.
        nodelay: bool,
    },
}

impl Serve {
    /// Reads the process's arguments; exits with the usage on anything else.
    #[must_use]
    pub fn from_args() -> Serve {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match parse(&args) {
            Some(serve) => serve,
            None => {
                eprintln!("usage: SERVER stdio | SERVER http PORT stateful|stateless [nodelay]");
                std::process::exit(2);
            }
        }
    }
}

fn parse(args: &[&str]) -> Option<Serve> {
    match args {
        ["stdio"] => Some(Serve::Stdio),
        ["http", port, mode, rest @ ..] => Some(Serve::Http {
            port: port.parse().ok()?,
            stateless: match *mode {
                "stateful" => false,
                "stateless" => true,
                _ => return None,
            },
            nodelay: match rest {
                [] => false,
                ["nodelay"] => true,
                _ => return None,
            },
        }),
        _ => None,
    }
}
