//! `skirmish serve`: one web page and a JSON API over the Skirmish rules engine, on a local
//! port. The page uses only the API, and the API gives the answers the command line gives
//! (`skirmish check --json` and `POST /api/check` are the same value, from
//! [`skirmish::answers`]). docs/web.md documents both.
//!
//! What the server trusts: nothing it receives. Bodies are size-limited, every kernel call runs
//! under a work budget (an answer past it is "undecided") and a wall-clock guard, off the
//! network threads and a bounded number at a time, and a scenario sent to it may not read a file
//! (`LoadOptions::sandboxed`): the server reads only the card files its command line names.

mod api;
mod assets;
mod save_over;
pub mod scenario_json;

use skirmish::cards::pool::CardPool;
use skirmish::legality::Budget;
use std::sync::Arc;
use std::time::Duration;

/// What the server accepts and how much work it does for one request.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The largest request body, in bytes; a larger one is answered 413.
    pub max_body: usize,
    /// The largest work budget a request may ask for (search steps, as `--budget`); a request
    /// asking for more gets this much. Without one, a request gets [`Budget::DEFAULT`] or this,
    /// whichever is smaller.
    pub max_budget: u64,
    /// How long one kernel call may take before its request is answered 503; a second guard
    /// behind the budget, for work the budget doesn't count.
    pub time_limit: Duration,
    /// How many kernel calls run at once; more wait their turn.
    pub workers: usize,
    /// How many requests may wait for a worker; past that, a request is answered 503 at once
    /// instead of queueing without bound.
    pub max_waiting: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body: 1024 * 1024,
            max_budget: Budget::DEFAULT,
            time_limit: Duration::from_secs(20),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_waiting: 256,
        }
    }
}

/// The server's configuration: the card files of its command line, the defaults a request
/// may override (the command line's `--edition` and `--unmodelled`), and its limits.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub pools: Vec<Arc<CardPool>>,
    /// The edition for requests that name none; without it, each scenario's own.
    pub edition: Option<skirmish::Edition>,
    /// How unknown card text is taken for requests that don't say.
    pub unmodelled: skirmish::cards::Unmodelled,
    pub limits: Limits,
}

/// The page and the API as an axum router (for tests and embedding).
pub fn router(config: Config) -> Result<axum::Router, skirmish::FileError> {
    api::router(config)
}

/// Serves the page and the API on a bound listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    let app = router(config).map_err(|e| std::io::Error::other(e.to_string()))?;
    axum::serve(listener, app).await
}

/// Binds `addr` and serves on a runtime of its own in a background thread, for tests and
/// embedders that aren't async: returns the address it listens on (port 0 picks a free one).
pub fn spawn(addr: std::net::SocketAddr, config: Config) -> std::io::Result<std::net::SocketAddr> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let listener = runtime.block_on(tokio::net::TcpListener::bind(addr))?;
    let bound = listener.local_addr()?;
    let app = router(config).map_err(|e| std::io::Error::other(e.to_string()))?;
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let _ = axum::serve(listener, app).await;
        })
    });
    Ok(bound)
}
