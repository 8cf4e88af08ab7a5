//! One question asked over HTTP, against the same question asked in the process: the whole
//! path a page or client takes (a request on a fresh loopback connection, JSON in, the
//! scenario parsed and validated, the kernel, JSON out) and the reference without the server
//! (parse, validate, decide). The ratio is what the server adds. `cargo bench -p skirmish-web
//! --bench api`.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use skirmish::SourceFile;
use skirmish::answers::{self, Asked};
use skirmish::scenario::{LoadOptions, Scenario};
use std::hint::black_box;
use std::net::SocketAddr;
use std::time::Duration;

fn post(addr: SocketAddr, path: &str, body: &str) -> String {
    let r = common::request(addr, "POST", path, body.as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

fn api(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("examples/faq-crazed-goblin-silent-arbiter.toml"))
        .unwrap();
    let addr = skirmish_web::spawn("127.0.0.1:0".parse().unwrap(), Default::default()).unwrap();
    let body = json!({ "scenario": text, "attack": "Grizzly Bears" }).to_string();
    let tables = skirmish_web::scenario_json::toml_to_json(&text).unwrap();
    let json_body = json!({ "scenario": tables, "attack": "Grizzly Bears" }).to_string();
    let mut g = c.benchmark_group("check");
    g.sample_size(30)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    g.bench_function("in-process-parse-and-check", |b| {
        b.iter(|| {
            let s = Scenario::parse_with(
                SourceFile::new("scenario.toml", text.as_str()),
                &LoadOptions::default(),
            )
            .unwrap();
            let asked = Asked {
                attack: Some("Grizzly Bears"),
                ..Asked::default()
            };
            black_box(answers::check(&s, asked, 1_000_000).unwrap())
        })
    });
    g.bench_function("http-post-check-toml", |b| {
        b.iter(|| black_box(post(addr, "/api/check", &body)))
    });
    g.bench_function("http-post-check-json-tables", |b| {
        b.iter(|| black_box(post(addr, "/api/check", &json_body)))
    });
    g.finish();
}

criterion_group!(benches, api);
criterion_main!(benches);
