//! `ServeArgs` beside a server's own flags: the `repo-files` example (`--repository PATH`
//! flattened beside `--http ADDR`), run as its user runs it.

use std::{fmt::Write as _, path::PathBuf, process::Stdio, time::Duration};

use mcp_tools::{
    rmcp::{ServiceExt as _, transport::StreamableHttpClientTransport},
    wire::TRUNCATION_META_KEY,
};
use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt as _, BufReader},
    process::Command,
};

use crate::{
    common_client::{request, within},
    common_process::output_of,
    e2e_rmcp::example_binary,
};

const BIN: &str = "repo-files";

#[tokio::test]
async fn its_help_lists_its_own_flag_and_ours() {
    let binary = example_binary(BIN).await;
    let help = output_of(
        Command::new(&binary).arg("--help"),
        "repo-files --help",
        Duration::from_secs(30),
    )
    .await;
    assert!(help.status.success(), "{help:?}");
    let help = String::from_utf8_lossy(&help.stdout);
    for expected in [
        "--repository <PATH>",
        "the tools read only inside it",
        "--http <ADDR>",
        "http://ADDR/mcp",
    ] {
        assert!(help.contains(expected), "no `{expected}` in:\n{help}");
    }

    // Its own flag is required, and clap says so, with the usage.
    let missing = output_of(
        Command::new(&binary).args(["--http", "127.0.0.1:0"]),
        "repo-files without --repository",
        Duration::from_secs(30),
    )
    .await;
    assert_eq!(missing.status.code(), Some(2), "{missing:?}");
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("--repository <PATH>") && stderr.contains("Usage: repo-files"),
        "{stderr}"
    );
}

#[tokio::test]
async fn it_serves_http_at_the_address_given_over_the_repository_given() {
    let repository = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("repo-files-{}", std::process::id()));
    std::fs::create_dir_all(repository.join("notes")).unwrap();
    std::fs::write(repository.join("notes/todo.txt"), "ship the port\n").unwrap();
    std::fs::write(repository.join("README"), "a repository\n").unwrap();
    // A diff of a minified file: one line far longer than a page, in multi-byte text.
    let mut long_line = String::new();
    for i in 0..30_000 {
        let _ = write!(long_line, "v{i}=\"é中\";");
    }
    let minified = format!("// bundle\n{long_line}\n// end\n");
    std::fs::write(repository.join("bundle.min.js"), &minified).unwrap();

    let mut server = Command::new(example_binary(BIN).await)
        .arg("--repository")
        .arg(&repository)
        .args(["--http", "127.0.0.1:0"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("repo-files starts");
    // The port is the system's choice: the server logs the address it listens on.
    let mut log = BufReader::new(server.stderr.take().expect("its stderr")).lines();
    let addr = within("the address in the log", async {
        while let Some(line) = log.next_line().await.expect("reads the log") {
            if line.contains("serving MCP over Streamable HTTP") {
                let addr = line
                    .split_whitespace()
                    .find_map(|field| field.strip_prefix("addr="));
                return addr
                    .unwrap_or_else(|| panic!("no addr= in {line:?}"))
                    .to_owned();
            }
        }
        panic!("repo-files ended before it served");
    })
    .await;

    let client = within(
        "the handshake",
        ().serve(StreamableHttpClientTransport::from_uri(format!(
            "http://{addr}/mcp"
        ))),
    )
    .await
    .expect("an rmcp client connects over HTTP");
    let listed = within("tools/list", client.list_all_tools())
        .await
        .expect("tools/list succeeds");
    let names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["repo_list_files", "repo_read_file"]);

    let files = within(
        "repo_list_files",
        client.call_tool(request("repo_list_files", json!({}))),
    )
    .await
    .expect("a result");
    assert_eq!(
        files.structured_content,
        Some(json!({ "result": ["README", "bundle.min.js", "notes/todo.txt"] }))
    );
    let read = within(
        "repo_read_file",
        client.call_tool(request(
            "repo_read_file",
            json!({ "path": "notes/todo.txt" }),
        )),
    )
    .await
    .expect("a result");
    assert_eq!(
        read.content[0].as_text().map(|t| t.text.as_str()),
        Some("ship the port\n")
    );

    // Following each page's next call reads the long line to its end, byte for byte.
    let mut arguments = json!({ "path": "bundle.min.js" });
    let mut read_back = String::new();
    for page in 1.. {
        assert!(page < 200, "no end after 200 pages");
        let result = within(
            "a page of repo_read_file",
            client.call_tool(request("repo_read_file", arguments.clone())),
        )
        .await
        .expect("a result");
        assert_ne!(result.is_error, Some(true), "{result:?}");
        let cut = result
            .meta
            .as_ref()
            .and_then(|meta| meta.0.get(TRUNCATION_META_KEY));
        // A cut page's last block is the notice.
        let blocks = match cut {
            Some(_) => &result.content[..result.content.len() - 1],
            None => &result.content[..],
        };
        for block in blocks {
            read_back.push_str(&block.as_text().expect("text").text);
        }
        match cut.and_then(|cut| cut.get("next_call")) {
            Some(next) => arguments = next["arguments"].clone(),
            None => break,
        }
    }
    assert_eq!(read_back.len(), minified.len());
    assert!(read_back == minified, "the pages do not rejoin the file");

    drop(client);
    server.kill().await.expect("the server stops");
    let _ = std::fs::remove_dir_all(&repository);
}
