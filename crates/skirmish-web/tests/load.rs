//! A bounded load test: many clients at once against one server on 127.0.0.1, each request's
//! answer compared with the answer the same request got alone. No request may fail, and none
//! may get another's answer. The rate is printed (`cargo test -p skirmish-web --test load --
//! --nocapture`); docs/performance.md quotes it.

mod common;

use common::{post, read, server};
use serde_json::{Value, json};
use skirmish_web::Limits;
use std::sync::Arc;
use std::time::Instant;

const CLIENTS: usize = 16;
const REQUESTS_EACH: usize = 40;

/// The requests the clients send: different endpoints, boards and declarations, so a mixed-up
/// answer can't pass for the right one.
fn requests() -> Vec<(&'static str, Value)> {
    let arbiter = read("examples/faq-crazed-goblin-silent-arbiter.toml");
    let screen = read("examples/faq-razorgrass-screen-war-drums.toml");
    let vigilance = read("tests/scenarios/308/attackers-tap-unless-vigilance.toml");
    let mut out = vec![
        ("/api/show", json!({ "scenario": arbiter })),
        ("/api/attacks", json!({ "scenario": arbiter })),
        ("/api/blocks", json!({ "scenario": screen })),
        ("/api/run", json!({ "scenario": vigilance })),
        (
            "/api/run",
            json!({ "scenario": vigilance, "edition": "current" }),
        ),
        ("/api/show", json!({ "scenario": "not toml [" })),
    ];
    for attack in [
        "",
        "Crazed Goblin",
        "Grizzly Bears",
        "Crazed Goblin, Grizzly Bears",
    ] {
        out.push((
            "/api/check",
            json!({ "scenario": arbiter, "attack": attack }),
        ));
    }
    out
}

#[test]
fn concurrent_requests_all_get_their_own_answers() {
    let addr = server(Limits::default());
    let requests = Arc::new(requests());
    let expected: Arc<Vec<(u16, String)>> = Arc::new(
        requests
            .iter()
            .map(|(path, body)| {
                let r = post(addr, path, body);
                (r.status, r.body)
            })
            .collect(),
    );
    assert!(expected.iter().filter(|(s, _)| *s == 200).count() >= requests.len() - 1);
    assert_eq!(
        expected.last().map(|e| e.0),
        Some(200),
        "a check answers 200"
    );
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (requests, expected) = (requests.clone(), expected.clone());
            std::thread::spawn(move || {
                let mut wrong = Vec::new();
                for i in 0..REQUESTS_EACH {
                    let k = (c * 7 + i * 3) % requests.len();
                    let (path, body) = &requests[k];
                    let r = post(addr, path, body);
                    if (r.status, &r.body) != (expected[k].0, &expected[k].1) {
                        wrong.push(format!("client {c} request {i} ({path}): {}", r.status));
                    }
                }
                wrong
            })
        })
        .collect();
    let wrong: Vec<String> = clients
        .into_iter()
        .flat_map(|c| c.join().expect("a client thread ends"))
        .collect();
    let elapsed = started.elapsed();
    let total = CLIENTS * REQUESTS_EACH;
    println!(
        "load: {total} requests from {CLIENTS} clients in {:.2} s: {:.0} requests per second, {} wrong",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        wrong.len()
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
}
