//! A server with a flag of its own: tools that read the files of the directory given as
//! `--repository PATH`, served over stdio, or over Streamable HTTP with `--http ADDR`.
//! `cargo run -p mcp-tools-examples --bin repo-files -- --repository . --help`

use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, error::ErrorKind};
use mcp_tools::{ServeArgs, prelude::*};

/// Tools that read the files of one repository, over MCP.
#[derive(Parser)]
#[command(name = "repo-files", version)]
struct Cli {
    /// The repository's directory; the tools read only inside it.
    #[arg(long, value_name = "PATH")]
    repository: PathBuf,
    // `--http ADDR`, or stdio without it.
    #[command(flatten)]
    serve: ServeArgs,
}

/// The server's state: the repository's directory, as an absolute path.
struct Repository {
    root: PathBuf,
}

impl Repository {
    /// `relative` inside the repository, or an error a model can act on.
    fn resolve(&self, relative: &str) -> Result<PathBuf, ToolError> {
        let path = self.root.join(relative).canonicalize().map_err(|_| {
            ToolError::not_found(format!(
                "no `{relative}` in the repository; find paths with `repo_list_files`"
            ))
        })?;
        if !path.starts_with(&self.root) {
            return Err(ToolError::invalid_input(format!(
                "`{relative}` is outside the repository; give a path relative to its root"
            )));
        }
        Ok(path)
    }
}

/// List the files under a folder of the repository, sorted by path; hidden files and
/// folders (`.git`) are left out.
///
/// Use to find a file's path before reading it with `repo_read_file`.
#[tool(namespace = "repo", read_only)]
async fn list_files(
    repository: State<Repository>,
    /// Folder to list, relative to the repository's root, for example `src`; empty lists
    /// the whole repository.
    #[param(max_length = 500, default = "")]
    folder: String,
    /// How many files to return at most.
    #[param(min = 1, max = 500, default = 100)]
    limit: u32,
) -> Result<Json<Vec<String>>, ToolError> {
    let start = repository.resolve(&folder)?;
    let mut files = Vec::new();
    collect_files(&start, &mut files).map_err(|e| ToolError::internal(e.to_string()))?;
    let mut paths: Vec<String> = files
        .iter()
        .filter_map(|file| file.strip_prefix(&repository.root).ok())
        .map(|relative| relative.to_string_lossy().replace('\\', "/"))
        .collect();
    paths.sort();
    paths.truncate(limit as usize);
    Ok(Json(paths))
}

/// Every file under `folder`, hidden ones left out.
fn collect_files(folder: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if entry.file_type()?.is_dir() {
            collect_files(&entry.path(), files)?;
        } else {
            files.push(entry.path());
        }
    }
    Ok(())
}

/// Read a text file of the repository, from a line on; a long file comes in pages, each
/// ending with the `from_line` that reads on.
///
/// Use once `repo_list_files` has given its path.
#[tool(namespace = "repo", read_only)]
async fn read_file(
    repository: State<Repository>,
    /// Path of the file, relative to the repository's root, for example `src/main.rs`.
    #[param(min_length = 1, max_length = 500)]
    path: String,
    /// Where to start: a line number, or `"line:column"` as a cut page's notice gives it.
    #[param(default = 1)]
    from_line: LineStart,
) -> Result<ToolOutput, ToolError> {
    let file = repository.resolve(&path)?;
    let text = std::fs::read_to_string(&file)
        .map_err(|e| ToolError::invalid_input(format!("cannot read `{path}` as text: {e}")))?;
    // A line longer than the budget (a minified file) is read on from inside it.
    ToolOutput::lines_from(&text, "from_line", from_line)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Logs go to stderr: over stdio, stdout carries the protocol.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let root = match cli.repository.canonicalize() {
        Ok(root) if root.is_dir() => root,
        _ => {
            let problem = format!("`{}` is not a directory", cli.repository.display());
            Cli::command()
                .error(ErrorKind::ValueValidation, problem)
                .exit()
        }
    };
    let registry = Registry::builder()
        .server_info("repo-files", env!("CARGO_PKG_VERSION"))
        .state(Repository { root })
        .tools(tools![list_files, read_file])
        .build()?;
    registry.serve_with(cli.serve).await?;
    Ok(())
}
