//! `skirmish serve` as a user starts it: it says where it listens, and each API endpoint
//! answers exactly what the matching command prints under `--json`.

// The web crate's test client: one request per connection over a plain socket.
#[path = "../../skirmish-web/tests/common/mod.rs"]
mod common;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The server process, stopped when the test ends however it ends.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .args(["serve", "--port", "0"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(
        line.starts_with("Skirmish is serving on http://127.0.0.1:"),
        "{line}"
    );
    Server { child, addr }
}

/// One POST over a fresh connection; the status and the JSON answer.
fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let r = common::post(addr, path, body);
    (r.status, r.json())
}

fn cli(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .arg("--json")
        .current_dir(root())
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    (code, serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn every_endpoint_answers_what_its_command_prints() {
    let server = serve(&[]);
    let files = [
        "examples/faq-crazed-goblin-silent-arbiter.toml",
        "examples/faq-razorgrass-screen-war-drums.toml",
        "examples/rule-500-4-blocks-if-able.toml",
        "examples/ruling-two-lures.toml",
        "tests/scenarios/308/attackers-tap-unless-vigilance.toml",
    ];
    for file in files {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let mut asked = vec![
            ("show", vec![], json!({})),
            ("attacks", vec![], json!({})),
            ("blocks", vec![], json!({})),
            ("run", vec![], json!({})),
            ("check", vec!["--attack", ""], json!({ "attack": "" })),
        ];
        for edition in ["2009", "current"] {
            asked.push((
                "check",
                vec!["--edition", edition, "--block", ""],
                json!({ "block": "", "edition": edition }),
            ));
        }
        for (command, flags, fields) in asked {
            let mut args = vec![command, file];
            args.extend(flags.iter().copied());
            let (code, printed) = cli(&args);
            let mut body = fields.clone();
            body["scenario"] = json!(text);
            let (status, answered) = post(server.addr, &format!("/api/{command}"), &body);
            // An answer the command gives (exit 0, 1 or 3) is a 200; bad input (exit 2) a 422
            // with the same error.
            let expected_status = if code == 2 { 422 } else { 200 };
            assert_eq!(status, expected_status, "{command} {file}: {answered}");
            if code == 2 {
                let (mut a, mut b) = (answered["error"].clone(), printed["error"].clone());
                // The file's name: the server was sent text, not a path.
                a["file"] = json!(null);
                b["file"] = json!(null);
                a.as_object_mut().unwrap().remove("field");
                assert_eq!(a, b, "{command} {args:?}");
            } else {
                assert_eq!(answered, printed, "{command} {args:?}");
            }
        }
    }
}

#[test]
fn the_cards_of_the_command_line_are_offered_and_no_other_file_is_read() {
    let server = serve(&["--cards", "examples/pool-cards.json"]);
    // The scenario names its own card file: refused, with the way to offer it.
    let text = std::fs::read_to_string(
        root().join("examples/ruling-mogg-fanatic-damage-on-the-stack.toml"),
    )
    .unwrap();
    let (status, answer) = post(server.addr, "/api/show", &json!({ "scenario": text }));
    assert_eq!(status, 422);
    assert!(
        answer["error"]["help"]
            .as_str()
            .unwrap()
            .contains("--cards")
    );
    // Without the key, its cards come from the server's --cards file.
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("card_pool"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (status, answer) = post(server.addr, "/api/run", &json!({ "scenario": without }));
    assert_eq!(status, 200, "{answer}");
    let (_, printed) = cli(&[
        "run",
        "examples/ruling-mogg-fanatic-damage-on-the-stack.toml",
    ]);
    assert_eq!(answer["events"], printed["events"]);
}

#[test]
fn a_port_in_use_is_an_error_naming_it() {
    let server = serve(&[]);
    let port = server.addr.port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["serve", "--port", &port, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        v["error"]["message"].as_str().unwrap().contains(&port),
        "{v}"
    );
    assert!(v["error"]["help"].as_str().unwrap().contains("--port"));
}

#[test]
fn the_command_lines_edition_is_the_default_a_request_may_override() {
    let server = serve(&["--edition", "current"]);
    let text =
        std::fs::read_to_string(root().join("examples/faq-crazed-goblin-silent-arbiter.toml"))
            .unwrap();
    let edition = |body: Value| post(server.addr, "/api/show", &body).1["board"]["edition"].clone();
    assert_eq!(edition(json!({ "scenario": text })), "2026-01-16");
    assert_eq!(
        edition(json!({ "scenario": text, "edition": "2009" })),
        "2009-02-01"
    );
}
