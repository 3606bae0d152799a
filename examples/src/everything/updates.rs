//! `toggle-subscriber-updates`: while on, every subscriber to a resource this server has
//! handed out hears every five seconds that it changed, as the original simulates updates.

use std::{
    collections::BTreeSet,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use mcp_tools::prelude::*;
use tokio::task::JoinHandle;

/// How often a simulated update is sent, as the original does.
const PERIOD: Duration = Duration::from_secs(5);

/// The URIs a client may have subscribed to, and the task that announces their updates
/// while the simulation is on.
#[derive(Default)]
pub(super) struct Simulation {
    /// Every URI this server has listed or read: `ResourceUpdates` does not say which ones
    /// are subscribed, so the simulation announces each and reaches those that are.
    uris: Arc<Mutex<BTreeSet<String>>>,
    running: Mutex<Option<JoinHandle<()>>>,
}

impl Simulation {
    /// Remembers `uri` as one a client may subscribe to.
    pub(super) fn watch(&self, uri: String) {
        self.uris
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(uri);
    }
}

/// The task holds the URIs, not the simulation, so dropping the registry stops it.
impl Drop for Simulation {
    fn drop(&mut self) {
        if let Some(task) = self
            .running
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            task.abort();
        }
    }
}

/// Toggles simulated resource subscription updates on or off.
// The original's published name, which has no namespace and is not snake_case.
#[tool(
    name = "toggle-subscriber-updates",
    title = "Toggle Subscriber Updates",
    destructive = false,
    open_world = false,
    allow(namespace_required, name_style)
)]
pub(super) async fn toggle_subscriber_updates(
    simulation: State<Simulation>,
    updates: State<ResourceUpdates>,
) -> String {
    let mut running = simulation
        .running
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(task) = running.take() {
        task.abort();
        return "Stopped simulated resource updates".to_owned();
    }
    let watched = Arc::clone(&simulation.uris);
    let updates = ResourceUpdates::clone(&updates);
    *running = Some(tokio::spawn(async move {
        let mut every = tokio::time::interval(PERIOD);
        loop {
            every.tick().await; // the first tick is at once, as the original's first update
            let uris: Vec<String> = {
                let watched = watched.lock().unwrap_or_else(PoisonError::into_inner);
                watched.iter().cloned().collect()
            };
            for uri in uris {
                updates.updated(&uri).await;
            }
        }
    }));
    "Started simulated resource updated notifications at a 5 second pace. Client will \
     receive updates for any resources the it is subscribed to."
        .to_owned()
}
