//! The JSON API over real sockets: each endpoint's answer, the errors a page or client can
//! cause (each with a status, a message and, for a JSON scenario, the field that caused it),
//! the limits, and the scenario round trip the page's open and save rely on.

mod common;

use common::{get, post, read, repo, request, server};
use serde_json::{Value, json};
use skirmish_web::Limits;
use std::time::Duration;

fn arbiter() -> String {
    read("examples/faq-crazed-goblin-silent-arbiter.toml")
}

/// The Silent Arbiter scenario as the page holds it: its tables, opened through the API.
fn arbiter_tables(addr: std::net::SocketAddr) -> Value {
    post(addr, "/api/scenario/parse", &json!({ "toml": arbiter() })).json()["scenario"].clone()
}

#[test]
fn check_gives_the_verdict_with_its_rules_and_a_legal_declaration() {
    let addr = server(Limits::default());
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": arbiter(), "attack": "Grizzly Bears" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["verdict"], "too-few-requirements");
    assert_eq!(v["legal"], false);
    assert_eq!(v["rules"], json!(["500.4", "500.2"]));
    assert_eq!(v["witness"], "Crazed Goblin");
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": arbiter(), "attack": "Crazed Goblin, Grizzly Bears" }),
    );
    assert_eq!(r.json()["verdict"], "breaks-restrictions");
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": arbiter(), "attack": "Crazed Goblin" }),
    );
    assert_eq!(r.json()["verdict"], "legal");
}

#[test]
fn a_json_scenario_gets_the_same_answers_as_its_toml() {
    let addr = server(Limits::default());
    let tables = arbiter_tables(addr);
    for (path, extra) in [
        ("/api/show", json!({})),
        ("/api/check", json!({ "attack": "Grizzly Bears" })),
        ("/api/attacks", json!({})),
        ("/api/run", json!({})),
    ] {
        let ask = |scenario: Value| {
            let mut body = extra.clone();
            body["scenario"] = scenario;
            post(addr, path, &body)
        };
        let (a, b) = (ask(json!(arbiter())), ask(tables.clone()));
        assert_eq!(a.status, 200, "{path}: {}", a.body);
        assert_eq!(a.json(), b.json(), "{path}");
    }
}

#[test]
fn attacks_and_blocks_give_the_maximum_an_optimum_and_the_count() {
    let addr = server(Limits::default());
    let v = post(addr, "/api/attacks", &json!({ "scenario": arbiter() })).json();
    assert_eq!(v["optimum"], "Crazed Goblin");
    assert_eq!(v["maximum"], 1);
    assert_eq!(v["count"], "1");
    let screen = read("examples/faq-razorgrass-screen-war-drums.toml");
    let v = post(addr, "/api/blocks", &json!({ "scenario": screen })).json();
    assert_eq!(v["kind"], "block", "{v}");
    assert!(v["count"].as_str().is_some(), "{v}");
}

#[test]
fn run_gives_every_event_with_its_rule_and_the_board_after() {
    let addr = server(Limits::default());
    let toml = read("tests/scenarios/308/attackers-tap-unless-vigilance.toml");
    let v = post(addr, "/api/run", &json!({ "scenario": toml })).json();
    let events = v["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["rule"] == "310.4"), "{v}");
    let bob = &v["board"]["players"][1];
    assert_eq!(bob["name"], "Bob");
    assert_eq!(bob["life"], 14);
    assert_eq!(v["failures"], json!([]));
}

#[test]
fn the_edition_asked_for_is_the_one_answered() {
    let addr = server(Limits::default());
    let toml = read("tests/scenarios/308/attackers-tap-unless-vigilance.toml");
    let current = post(
        addr,
        "/api/run",
        &json!({ "scenario": toml, "edition": "current" }),
    )
    .json();
    assert_eq!(current["board"]["edition"], "2026-01-16", "{current}");
    // Combat damage doesn't use the stack in the current rules: no 310.4 "resolves".
    let rules: Vec<&str> = current["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["rule"].as_str())
        .collect();
    assert!(rules.contains(&"510.2"), "{rules:?}");
    let r = post(
        addr,
        "/api/show",
        &json!({ "scenario": arbiter(), "edition": "1999" }),
    );
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1999")
    );
}

#[test]
fn a_wrong_scenario_field_is_answered_422_with_its_path() {
    let addr = server(Limits::default());
    let mut tables = arbiter_tables(addr);
    tables["permanent"][1]["card"] = json!("Grizly Bears");
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": tables, "attack": "Crazed Goblin" }),
    );
    assert_eq!(r.status, 422);
    let e = &r.json()["error"];
    assert_eq!(e["kind"], "unknown-card");
    assert_eq!(e["path"], json!(["permanent", 1, "card"]));
    assert!(e["help"].as_str().unwrap().contains("Grizzly Bears"), "{e}");
    // A value of the wrong type, inside an inline table.
    let mut tables = arbiter_tables(addr);
    tables["permanent"][0]["counters"] = json!({ "+1/+1": "two" });
    let e = post(addr, "/api/show", &json!({ "scenario": tables })).json()["error"].clone();
    assert_eq!(
        e["path"],
        json!(["permanent", 0, "counters", "+1/+1"]),
        "{e}"
    );
    // Text that doesn't compile, in a card the scenario defines.
    tables["permanent"][0]["counters"] = json!({});
    tables["card"] = json!([{ "name": "Odd Bear", "type": "Creature — Bear", "pt": "2/2",
                              "text": "Odd Bear juggles." }]);
    let e = post(addr, "/api/show", &json!({ "scenario": tables })).json()["error"].clone();
    assert_eq!(e["kind"], "unsupported-text", "{e}");
    assert_eq!(e["path"], json!(["card", 0, "text"]), "{e}");
    // A board the rules don't allow: a creature blocking before blockers are declared.
    tables.as_object_mut().unwrap().remove("card");
    tables["permanent"][2]["blocking"] = json!(["Crazed Goblin"]);
    let e = post(addr, "/api/show", &json!({ "scenario": tables })).json()["error"].clone();
    assert_eq!(e["kind"], "illegal-state", "{e}");
    assert_eq!(
        e["path"].as_array().unwrap()[..3],
        json!(["permanent", 2, "blocking"]).as_array().unwrap()[..],
        "{e}"
    );
}

#[test]
fn a_wrong_declaration_is_answered_422_naming_the_field() {
    let addr = server(Limits::default());
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": arbiter(), "attack": "Crazed Goblin, Nobody" }),
    );
    assert_eq!(r.status, 422);
    let e = &r.json()["error"];
    assert_eq!(e["field"], "attack");
    assert_eq!(e["kind"], "unknown-label");
    assert_eq!(e["column"], 16);
    let r = post(addr, "/api/check", &json!({ "scenario": arbiter() }));
    assert_eq!(r.status, 422);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nothing to check")
    );
}

#[test]
fn a_scenario_may_not_read_a_file() {
    let addr = server(Limits::default());
    let toml = read("examples/ruling-mogg-fanatic-damage-on-the-stack.toml");
    assert!(toml.contains("card_pool"));
    let r = post(addr, "/api/show", &json!({ "scenario": toml }));
    assert_eq!(r.status, 422);
    let e = &r.json()["error"];
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("may not read files"),
        "{e}"
    );
    assert!(e["help"].as_str().unwrap().contains("--cards"), "{e}");
}

#[test]
fn bad_requests_are_answered_400_with_a_message() {
    let addr = server(Limits::default());
    for (body, words) in [
        (&b"{\"scenario\": "[..], "EOF"),
        (&b"not json"[..], "expected"),
        (
            &b"{\"scenario\": \"\", \"atack\": \"A\"}"[..],
            "unknown field `atack`",
        ),
        (&b"{\"scenario\": 3}"[..], "TOML text"),
        (&b"[]"[..], "expected struct"),
        (
            &b"{\"scenario\": \"\", \"unmodelled\": \"loose\"}"[..],
            "loose",
        ),
    ] {
        let r = request(addr, "POST", "/api/check", body);
        assert_eq!(r.status, 400, "{}", r.body);
        let e = &r.json()["error"];
        assert_eq!(e["kind"], "request");
        assert!(
            e["message"].as_str().unwrap().contains(words),
            "{words}: {e}"
        );
        assert!(!e["help"].as_str().unwrap().is_empty());
    }
    let r = get(addr, "/api/nothing-here");
    assert_eq!(r.status, 404);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("/api/nothing-here")
    );
}

#[test]
fn a_body_past_the_limit_is_answered_413() {
    let addr = server(Limits {
        max_body: 4096,
        ..Limits::default()
    });
    let big = json!({ "scenario": "#".repeat(10_000) });
    let r = post(addr, "/api/show", &big);
    assert_eq!(r.status, 413, "{}", r.body);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("larger")
    );
    // Within the limit, the same server answers.
    let r = post(addr, "/api/show", &json!({ "scenario": arbiter() }));
    assert_eq!(r.status, 200);
}

/// A board whose blocks take many search steps: `n` attackers that must be blocked if able
/// (Lure's requirement on each) and `n` blockers.
fn lured(n: usize) -> String {
    let mut t = String::from(
        "[turn]\nactive = \"Alice\"\nstep = \"declare-blockers\"\n\n[[player]]\nname = \"Alice\"\n\n[[player]]\nname = \"Bob\"\n",
    );
    for i in 0..n {
        t.push_str(&format!(
            "\n[[permanent]]\ncard = \"Grizzly Bears\"\nlabel = \"A{i}\"\ncontroller = \"Alice\"\nattacking = \"Bob\"\n\n[[permanent]]\ncard = \"Lure\"\nlabel = \"Lure{i}\"\ncontroller = \"Alice\"\nattached_to = \"A{i}\"\n"
        ));
    }
    for i in 0..n {
        t.push_str(&format!(
            "\n[[permanent]]\ncard = \"Hill Giant\"\nlabel = \"B{i}\"\ncontroller = \"Bob\"\n"
        ));
    }
    t
}

#[test]
fn the_work_budget_gives_undecided_and_the_server_caps_it() {
    let addr = server(Limits::default());
    let r = post(
        addr,
        "/api/blocks",
        &json!({ "scenario": lured(8), "budget": 1 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["undecided"].is_object(), "{}", r.body);
    let r = post(
        addr,
        "/api/check",
        &json!({ "scenario": lured(8), "block": "B0=A0", "budget": 1 }),
    );
    assert_eq!(r.json()["verdict"], "undecided", "{}", r.body);
    // A server whose cap is 1 gives 1 whatever the request asks.
    let capped = server(Limits {
        max_budget: 1,
        ..Limits::default()
    });
    let r = post(
        capped,
        "/api/blocks",
        &json!({ "scenario": lured(8), "budget": 1_000_000_000u64 }),
    );
    assert!(r.json()["undecided"].is_object(), "{}", r.body);
    // The default budget decides it.
    let r = post(addr, "/api/blocks", &json!({ "scenario": lured(8) }));
    assert_eq!(r.json()["maximum"], 8, "{}", r.body);
}

#[test]
fn an_answer_past_the_time_limit_is_answered_503_not_held() {
    let addr = server(Limits {
        time_limit: Duration::from_millis(50),
        ..Limits::default()
    });
    // About a second of search (counting the blocks of 16 lured attackers never finishes
    // within a budget); the budget keeps the abandoned call short.
    let r = post(
        addr,
        "/api/blocks",
        &json!({ "scenario": lured(16), "budget": 1_000_000 }),
    );
    assert_eq!(r.status, 503, "{}", r.body);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("limit")
    );
}

#[test]
fn past_the_waiting_room_a_request_is_answered_503_at_once() {
    // One worker, no one may wait: while a long answer holds the worker, every other request
    // is turned away; then the server answers again.
    let addr = server(Limits {
        workers: 1,
        max_waiting: 0,
        ..Limits::default()
    });
    let mut busy = None;
    // A short request may hold the worker as the long one arrives, which is then turned away
    // itself; or the long one may finish before a short one reaches the server (a loaded
    // machine schedules the threads late): either way it is sent again (a few times at most).
    for _ in 0..10 {
        let long = std::thread::spawn(move || {
            post(
                addr,
                "/api/blocks",
                &json!({ "scenario": lured(16), "budget": 4_000_000 }),
            )
        });
        while !long.is_finished() && busy.is_none() {
            let r = post(addr, "/api/show", &json!({ "scenario": arbiter() }));
            match r.status {
                503 => busy = Some(r.json()),
                status => assert_eq!(status, 200, "{}", r.body),
            }
        }
        let long = long.join().unwrap();
        if long.status == 200 && busy.is_some() {
            break;
        }
        if long.status != 200 {
            assert_eq!(long.status, 503, "{}", long.body);
        }
        busy = None;
    }
    let busy = busy.expect("a request was turned away while the worker was busy");
    assert!(
        busy["error"]["message"].as_str().unwrap().contains("busy"),
        "{busy}"
    );
    let r = post(addr, "/api/show", &json!({ "scenario": arbiter() }));
    assert_eq!(r.status, 200);
}

#[test]
fn cards_complete_names_and_show_a_card() {
    let addr = server(Limits::default());
    let v = get(addr, "/api/cards?q=griz&limit=5").json();
    assert_eq!(v["cards"][0]["name"], "Grizzly Bears", "{v}");
    assert_eq!(v["cards"][0]["from"], "library");
    // Names that start with the text come before names that contain it.
    let v = get(addr, "/api/cards?q=wall&limit=200").json();
    let names: Vec<&str> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let first_inner = names
        .iter()
        .position(|n| !n.to_lowercase().starts_with("wall"));
    if let Some(i) = first_inner {
        assert!(
            names[i..]
                .iter()
                .all(|n| !n.to_lowercase().starts_with("wall")),
            "{names:?}"
        );
    }
    let v = get(addr, "/api/card?name=grizzly%20bears").json();
    assert_eq!(v["card"]["power"], 2, "{v}");
    let r = get(addr, "/api/card?name=Grizly%20Bears");
    assert_eq!(r.status, 404);
    assert!(
        r.json()["error"]["help"]
            .as_str()
            .unwrap()
            .contains("Grizzly Bears")
    );
    let v = get(addr, "/api/editions").json();
    assert_eq!(v["editions"][0]["edition"], "2009");
    assert_eq!(v["editions"][0]["default"], true);
}

#[test]
fn a_card_file_on_the_command_line_is_offered_to_every_scenario() {
    let pool = skirmish::cards::pool::CardPool::load(&repo("examples/pool-cards.json")).unwrap();
    let name = pool.names().next().unwrap().to_string();
    let addr = skirmish_web::spawn(
        "127.0.0.1:0".parse().unwrap(),
        skirmish_web::Config {
            pools: vec![std::sync::Arc::new(pool)],
            ..Default::default()
        },
    )
    .unwrap();
    let q = name.to_lowercase().replace(' ', "%20");
    let v = get(addr, &format!("/api/cards?q={q}")).json();
    assert!(
        v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["name"] == name.as_str()
                && c["from"].as_str().unwrap().ends_with("pool-cards.json")),
        "{v}"
    );
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let addr = server(Limits::default());
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let r = get(addr, path);
        assert_eq!(r.status, 200, "{path}");
        let headers = r.headers.to_ascii_lowercase();
        assert!(headers.contains(kind), "{path}: {headers}");
        assert!(headers.contains("content-security-policy: default-src 'self'"));
        assert!(!r.body.is_empty(), "{path} is empty");
    }
}

/// Every scenario file of the project, opened and saved as the page does, loads back to the
/// same tables and the same board; saved over itself, it is unchanged.
#[test]
fn every_scenario_file_survives_open_and_save() {
    let addr = server(Limits::default());
    let mut files = Vec::new();
    for dir in [
        "examples",
        "tests/scenarios",
        "tests/scenarios-current",
        "tests/editions",
    ] {
        walk(&repo(dir), &mut files);
    }
    assert!(files.len() > 200, "{}", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let opened = post(addr, "/api/scenario/parse", &json!({ "toml": text }));
        assert_eq!(opened.status, 200, "{}: {}", file.display(), opened.body);
        let tables = opened.json()["scenario"].clone();
        let saved = post(addr, "/api/scenario/toml", &json!({ "scenario": tables })).json()["toml"]
            .as_str()
            .unwrap()
            .to_string();
        let again = post(addr, "/api/scenario/parse", &json!({ "toml": saved })).json();
        assert_eq!(again["scenario"], tables, "{}:\n{saved}", file.display());
        assert_eq!(
            again.get("error"),
            opened.json().get("error"),
            "{}",
            file.display()
        );
        let board = |s: Value| post(addr, "/api/show", &json!({ "scenario": s })).json();
        // Saved over the file it came from, unchanged tables give the file back as it was,
        // comments and all.
        let over = post(
            addr,
            "/api/scenario/toml",
            &json!({ "scenario": tables, "original": text }),
        )
        .json()["toml"]
            .clone();
        assert_eq!(over, json!(text), "{}", file.display());
        assert_eq!(
            board(json!(text)),
            board(json!(saved)),
            "{}",
            file.display()
        );
    }
}

fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            walk(&e, out);
        } else if e.extension().is_some_and(|x| x == "toml") {
            out.push(e);
        }
    }
}

/// Opening a file judges it as every other question would: under the edition asked for, or
/// the server's own default.
#[test]
fn opening_a_file_loads_it_under_the_edition_the_questions_use() {
    let battle = read("tests/editions/battles/2009.toml");
    let addr = server(Limits::default());
    let opened = |addr, body: Value| post(addr, "/api/scenario/parse", &body).json();
    let under_2009 = opened(addr, json!({ "toml": battle }));
    assert!(under_2009["error"]["message"].is_string(), "{under_2009}");
    assert!(under_2009["scenario"]["permanent"].is_array());
    let asked = opened(addr, json!({ "toml": battle, "edition": "current" }));
    assert_eq!(asked.get("error"), None, "{asked}");
    let current = skirmish_web::spawn(
        "127.0.0.1:0".parse().unwrap(),
        skirmish_web::Config {
            edition: Some(skirmish::Edition::Current),
            ..Default::default()
        },
    )
    .unwrap();
    let by_default = opened(current, json!({ "toml": battle }));
    assert_eq!(by_default.get("error"), None, "{by_default}");
}
