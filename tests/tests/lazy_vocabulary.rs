//! The tokenizer's vocabulary loads only when a result needs an exact count: results that
//! fit their budget in bytes never load it, even with the call log on; the first result
//! larger in bytes than its budget does, off the runtime's workers. Alone in its binary, so that nothing else in the
//! process loads the vocabulary first.

// `#[tool]` requires an `async fn`, even where the body has nothing to wait for.
#![allow(clippy::unused_async)]

use std::{
    io::Write,
    sync::{Arc, Mutex},
    time::Duration,
};

use mcp_tools::{Registry, prelude::*, tokens::Encoding, wire::TRUNCATION_META_KEY};
use serde_json::json;

/// The tool's budget, in tokens.
const BUDGET: usize = 300;
/// One note: 11 bytes, 3 tokens.
const NOTE: &str = "check belt\n";

/// List the notes the staff left on a depot's board, one a line.
///
/// Use before a shift to see what needs attention.
#[tool(namespace = "depot", read_only, max_response_tokens = 300)]
async fn list_notes(
    /// How many notes to list.
    #[param(min = 1, max = 10_000)]
    count: u32,
) -> String {
    NOTE.repeat(count as usize)
}

/// What the call log wrote.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Log {
    /// The lines written since the last take.
    fn take(&self) -> String {
        String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_results_over_budget_in_bytes_load_the_vocabulary() {
    let log = Log::default();
    let writer = log.clone();
    tracing_subscriber::fmt()
        .with_env_filter("mcp_tools::call=info")
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();
    let registry = Registry::builder()
        .server_info("depot", "1.0.0")
        .tools(tools![list_notes])
        .build()
        .expect("the registry builds");
    let notes = |count: usize| {
        let registry = &registry;
        async move {
            registry
                .call("depot_list_notes", json!({ "count": count }))
                .await
                .expect("a result")
        }
    };
    // Anything the calls deferred has run by then.
    let settle = || tokio::time::sleep(Duration::from_millis(200));
    assert!(!Encoding::O200kBase.is_loaded(), "building the registry");

    // Up to 27 notes fit the budget by size alone.
    assert!(27 * NOTE.len() <= BUDGET && 28 * NOTE.len() > BUDGET);
    for count in [1, 10, 27] {
        let result = notes(count).await;
        assert!(
            result
                .meta
                .is_none_or(|m| !m.0.contains_key(TRUNCATION_META_KEY))
        );
    }
    settle().await;
    assert!(!Encoding::O200kBase.is_loaded(), "results that fit by size");
    let logged = log.take();
    assert_eq!(logged.matches("tool result").count(), 3, "{logged}");
    assert!(logged.contains("tokens_at_most=297"), "{logged}");

    // 330 bytes, 90 tokens: within budget, but only an exact count can tell. As many such
    // calls as the runtime has workers wait for the vocabulary's build, which runs on a
    // thread of its own: a cheap call, which needs every worker they could have held, is
    // answered while the build is still going.
    let big: Vec<_> = (0..2)
        .map(|_| {
            let registry = registry.clone();
            tokio::spawn(async move {
                registry
                    .call("depot_list_notes", json!({ "count": 30 }))
                    .await
                    .expect("a result")
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let cheap = registry.clone();
    let answered = tokio::spawn(async move {
        cheap
            .call("depot_list_notes", json!({ "count": 1 }))
            .await
            .expect("a result")
    })
    .await
    .expect("the cheap call runs");
    assert_ne!(answered.is_error, Some(true));
    assert!(
        !Encoding::O200kBase.is_loaded(),
        "the cheap call waited for the vocabulary's build"
    );
    for call in big {
        let result = call.await.expect("a call over budget in bytes");
        assert!(
            result
                .meta
                .is_none_or(|m| !m.0.contains_key(TRUNCATION_META_KEY))
        );
    }
    assert!(
        Encoding::O200kBase.is_loaded(),
        "a result over budget in bytes"
    );
    assert!(log.take().contains(" tokens=90 "));

    // Once loaded, results that fit by size are counted exactly (after the call).
    notes(2).await;
    settle().await;
    assert!(log.take().contains(" tokens=6 "));

    // A result over budget is cut to it.
    let result = notes(1_000).await;
    let meta = result.meta.expect("a cut result has _meta");
    assert!(meta.0.contains_key(TRUNCATION_META_KEY));
    assert!(!Encoding::Cl100kBase.is_loaded(), "an encoding never used");
}
