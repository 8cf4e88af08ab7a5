//! The JSON API: one handler per `skirmish` command, each taking a scenario (TOML text, or the
//! file's tables as a JSON object) and the command's arguments as JSON fields, and answering
//! with the JSON the command prints under `--json`. A request that is not JSON, or not a
//! request this API takes, is answered 400; a scenario or declaration that is wrong, 422 with
//! the loader's error (file, line, column, what was expected, what to do) and, for a JSON
//! scenario, the path of the field that caused it.

use crate::Config;
use crate::scenario_json::{self, Written};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use skirmish::answers::{self, Asked};
use skirmish::cards::{CardLibrary, Unmodelled};
use skirmish::scenario::{LoadOptions, Scenario};
use skirmish::{Edition, ErrorKind, FileError, SourceFile};
use std::sync::Arc;
use tokio::sync::Semaphore;

struct App {
    config: Config,
    /// Every card name a scenario may use without defining it: the bundled library's and the
    /// card files', for completion; sorted by name, each name once (the first source wins, as
    /// when a scenario loads).
    names: Vec<CardName>,
    /// Kernel calls running at once.
    workers: Arc<Semaphore>,
    /// Requests waiting for a worker now.
    waiting: std::sync::atomic::AtomicUsize,
}

#[derive(Debug, Clone, serde::Serialize)]
struct CardName {
    name: String,
    type_line: String,
    /// "library" for the bundled library, else the card file's name.
    from: String,
    #[serde(skip)]
    lower: String,
}

pub fn router(config: Config) -> Result<Router, FileError> {
    let mut names = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pool in &config.pools {
        for name in pool.names() {
            if seen.insert(name.to_lowercase())
                && let Some(card) = pool.get(name)
            {
                names.push(CardName {
                    name: name.to_string(),
                    type_line: card.spec.type_line.clone(),
                    from: pool.name.clone(),
                    lower: name.to_lowercase(),
                });
            }
        }
    }
    for def in CardLibrary::bundled()?.iter() {
        if seen.insert(def.name.to_lowercase()) {
            names.push(CardName {
                name: def.name.clone(),
                type_line: def.type_line.to_string(),
                from: "library".into(),
                lower: def.name.to_lowercase(),
            });
        }
    }
    names.sort_by(|a, b| a.lower.cmp(&b.lower));
    let max_body = config.limits.max_body;
    let workers = Arc::new(Semaphore::new(config.limits.workers.max(1)));
    let app = Arc::new(App {
        config,
        names,
        workers,
        waiting: std::sync::atomic::AtomicUsize::new(0),
    });
    Ok(Router::new()
        .route("/", get(crate::assets::page))
        .route("/app.js", get(crate::assets::script))
        .route("/style.css", get(crate::assets::style))
        .route("/api/show", post(show))
        .route("/api/check", post(check))
        .route("/api/attacks", post(attacks))
        .route("/api/blocks", post(blocks))
        .route("/api/run", post(run))
        .route("/api/scenario/toml", post(to_toml))
        .route("/api/scenario/parse", post(parse))
        .route("/api/cards", get(cards))
        .route("/api/card", get(card))
        .route("/api/editions", get(editions))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(app))
}

/// An answer with its status.
type Answer = (StatusCode, Value);

/// The answer, or the error answer that took its place, as the HTTP response.
fn reply(answer: Result<Answer, Answer>) -> Response {
    let (status, body) = answer.unwrap_or_else(|e| e);
    let mut text = serde_json::to_string_pretty(&body).unwrap_or_default();
    text.push('\n');
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        text,
    )
        .into_response()
}

/// A request the API can't take: not JSON, the wrong fields, too large.
fn bad_request(status: StatusCode, message: impl Into<String>, help: &str) -> Answer {
    (
        status,
        json!({ "error": {
            "kind": "request",
            "file": "(request)",
            "line": 0,
            "column": 0,
            "message": message.into(),
            "help": help,
        }}),
    )
}

const API_DOC: &str = "docs/web.md describes each endpoint's request, with an example";

/// The body as a request of type `T`, or the 400 (or 413) answer saying why not.
fn request<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, Answer> {
    let body = body.map_err(|e| {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the request is larger than the server takes".to_string()
        } else {
            format!("the request body can't be read: {e}")
        };
        bad_request(
            status,
            message,
            "send a smaller scenario, or start the server with a larger --max-body",
        )
    })?;
    serde_json::from_slice(&body).map_err(|e| {
        let (status, message) = (
            StatusCode::BAD_REQUEST,
            format!("the request is not a JSON request this endpoint takes: {e}"),
        );
        let mut a = bad_request(status, message, API_DOC);
        a.1["error"]["line"] = json!(e.line());
        a.1["error"]["column"] = json!(e.column());
        a
    })
}

/// The fields every scenario question takes; `attack`, `block` and `defender` as the command
/// line's flags, `budget` as `--budget`, `edition` and `unmodelled` as the global flags.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Ask {
    scenario: Value,
    #[serde(default)]
    edition: Option<String>,
    #[serde(default)]
    unmodelled: Option<Unmodelled>,
    #[serde(default)]
    attack: Option<String>,
    #[serde(default)]
    block: Option<String>,
    #[serde(default)]
    defender: Option<String>,
    #[serde(default)]
    budget: Option<u64>,
}

/// The scenario's text and, for a JSON scenario, where each field was written.
fn scenario_text(v: &Value) -> Result<(SourceFile, Option<Written>), Answer> {
    match v {
        Value::String(text) => Ok((SourceFile::new("scenario.toml", text.as_str()), None)),
        Value::Object(_) => {
            let written = scenario_json::write_toml(v).map_err(|e| shape_error(&e))?;
            Ok((
                SourceFile::new("scenario.toml", written.text.as_str()),
                Some(written),
            ))
        }
        _ => Err(bad_request(
            StatusCode::BAD_REQUEST,
            "\"scenario\" must be the scenario file's TOML text, or its tables as a JSON object",
            API_DOC,
        )),
    }
}

/// JSON that can't be a scenario file (a null in a list), at its path.
fn shape_error(e: &scenario_json::ShapeError) -> Answer {
    let error = FileError::whole_file(
        ErrorKind::WrongValue,
        "scenario",
        e.message.clone(),
        "give each field a string, number, true or false, a list or a table",
    );
    let (status, mut body) = user_error(&error, None);
    body["error"]["path"] = json!(e.path);
    (status, body)
}

/// A user error as the API answers it: 422, the error as `skirmish --json` prints it, and
/// where it came from: `path` into a JSON scenario, or `field` for a declaration.
fn user_error(e: &FileError, written: Option<&Written>) -> Answer {
    let mut body = json!({ "error": e });
    let field = match e.file.as_str() {
        "--attack" => Some("attack"),
        "--block" => Some("block"),
        "--defender" => Some("defender"),
        _ => None,
    };
    if let Some(f) = field {
        body["error"]["field"] = json!(f);
    } else if let Some(w) = written
        && e.line > 0
        && let Some(path) = w.path_at(e.span.start)
    {
        body["error"]["path"] = json!(path);
    }
    (StatusCode::UNPROCESSABLE_ENTITY, body)
}

/// How a request's scenario loads: the server's card files, the request's edition and mode
/// for unknown text (the server's defaults without them), and never a file of its own.
fn load_options(
    app: &App,
    edition: Option<&str>,
    unmodelled: Option<Unmodelled>,
) -> Result<LoadOptions, Answer> {
    let edition = match edition {
        None => app.config.edition,
        Some(e) => Some(e.parse::<Edition>().map_err(|_| {
            bad_request(
                StatusCode::BAD_REQUEST,
                format!("unknown rules edition \"{e}\""),
                "give \"2009\" or \"current\" (GET /api/editions lists them)",
            )
        })?),
    };
    Ok(LoadOptions {
        pools: app.config.pools.clone(),
        unmodelled: unmodelled.unwrap_or(app.config.unmodelled),
        edition,
        sandboxed: true,
    })
}

/// Runs `f` on a blocking thread, at most `workers` at once, answering 503 past the time
/// limit (the call then finishes on its own; its answer is dropped).
async fn kernel<T: Send + 'static>(
    app: &Arc<App>,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Answer> {
    use std::sync::atomic::Ordering;
    let permit = match app.workers.clone().try_acquire_owned() {
        Ok(p) => p,
        Err(_) => {
            // Every worker is busy: wait, unless too many already do.
            let waiting = app.waiting.fetch_add(1, Ordering::SeqCst);
            let permit = if waiting >= app.config.limits.max_waiting {
                None
            } else {
                app.workers.clone().acquire_owned().await.ok()
            };
            app.waiting.fetch_sub(1, Ordering::SeqCst);
            permit.ok_or_else(|| {
                bad_request(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server is busy: {waiting} requests are waiting for its {} workers",
                        app.config.limits.workers.max(1)
                    ),
                    "try again in a moment",
                )
            })?
        }
    };
    let task = tokio::task::spawn_blocking(move || {
        let answer = f();
        drop(permit);
        answer
    });
    match tokio::time::timeout(app.config.limits.time_limit, task).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(bad_request(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the engine failed on this request: {e}"),
            "this is a bug in Skirmish: please report the scenario",
        )),
        Err(_) => Err(bad_request(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the answer took longer than the server's limit of {} s",
                app.config.limits.time_limit.as_secs_f64()
            ),
            "lower the request's \"budget\", or start the server with a larger --time-limit",
        )),
    }
}

/// Which question a scenario request asks.
#[derive(Debug, Clone, Copy)]
enum Question {
    Show,
    Check,
    Attacks,
    Blocks,
    Run,
}

/// Loads the request's scenario and answers `question` about it, all on a kernel thread.
async fn ask(app: Arc<App>, body: Result<Bytes, BytesRejection>, question: Question) -> Response {
    let answer = async {
        let ask: Ask = request(body)?;
        let options = load_options(&app, ask.edition.as_deref(), ask.unmodelled)?;
        let (file, written) = scenario_text(&ask.scenario)?;
        let budget = ask
            .budget
            .unwrap_or(skirmish::legality::Budget::DEFAULT)
            .min(app.config.limits.max_budget);
        kernel(&app, move || {
            let scenario = Scenario::parse_with(file, &options)
                .map_err(|e| user_error(&e, written.as_ref()))?;
            answer(&scenario, &ask, question, budget).map_err(|e| user_error(&e, written.as_ref()))
        })
        .await?
    }
    .await;
    reply(answer)
}

/// The command's answer, as `skirmish <command> --json` prints it.
fn answer(
    scenario: &Scenario,
    ask: &Ask,
    question: Question,
    budget: u64,
) -> Result<Answer, FileError> {
    let asked = Asked {
        attack: ask.attack.as_deref(),
        block: ask.block.as_deref(),
        defender: ask.defender.as_deref(),
    };
    let value = match question {
        Question::Show => json!(answers::show(scenario)),
        Question::Check => json!(answers::check(scenario, asked, budget)?),
        Question::Attacks | Question::Blocks => {
            match answers::summary(
                scenario,
                matches!(question, Question::Blocks),
                asked,
                budget,
            )? {
                Ok(s) => json!(s),
                Err(e) => json!({ "undecided": e }),
            }
        }
        Question::Run => json!(answers::run(scenario)?),
    };
    Ok((
        StatusCode::OK,
        answers::mark_unmodelled(value, &scenario.unmodelled),
    ))
}

async fn show(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    ask(app, body, Question::Show).await
}

async fn check(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    ask(app, body, Question::Check).await
}

async fn attacks(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    ask(app, body, Question::Attacks).await
}

async fn blocks(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    ask(app, body, Question::Blocks).await
}

async fn run(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    ask(app, body, Question::Run).await
}

/// `POST /api/scenario/toml`: a JSON scenario as the TOML file the page saves; with the
/// `original` text of the file it was opened from, edited into that text so its comments and
/// layout stay.
async fn to_toml(body: Result<Bytes, BytesRejection>) -> Response {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Req {
        scenario: Value,
        #[serde(default)]
        original: Option<String>,
    }
    let answer = (|| {
        let req: Req = request(body)?;
        if !req.scenario.is_object() {
            return Err(bad_request(
                StatusCode::BAD_REQUEST,
                "\"scenario\" must be the scenario's tables as a JSON object",
                API_DOC,
            ));
        }
        let text = crate::save_over::save_over(req.original.as_deref(), &req.scenario)
            .map_err(|e| shape_error(&e))?;
        Ok((StatusCode::OK, json!({ "toml": text })))
    })();
    reply(answer)
}

/// `POST /api/scenario/parse`: a scenario file's TOML as the JSON object the page edits, and
/// whether it loads (`error`, as `skirmish show --json` would give it, when it doesn't: the
/// page still gets the tables, so nothing the user wrote is lost).
async fn parse(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Response {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Req {
        toml: String,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        edition: Option<String>,
        #[serde(default)]
        unmodelled: Option<Unmodelled>,
    }
    let answer = async {
        let req: Req = request(body)?;
        let options = load_options(&app, req.edition.as_deref(), req.unmodelled)?;
        let name = req.name.unwrap_or_else(|| "scenario.toml".into());
        let file = SourceFile::new(name, req.toml);
        let tables = match scenario_json::toml_to_json(&file.text) {
            Ok(v) => v,
            Err(e) => {
                let e = skirmish::diagnostics::from_toml(
                    &file,
                    &e,
                    "scenario files are TOML, see docs/scenario-format.md",
                );
                return Err(user_error(&e, None));
            }
        };
        let error = kernel(&app, move || Scenario::parse_with(file, &options).err()).await?;
        let mut out = json!({ "scenario": tables });
        if let Some(e) = error {
            out["error"] = json!(e);
        }
        Ok((StatusCode::OK, out))
    }
    .await;
    reply(answer)
}

#[derive(Debug, Deserialize)]
struct CardQuery {
    #[serde(default)]
    q: String,
    #[serde(default)]
    limit: Option<usize>,
}

/// `GET /api/cards?q=gri&limit=20`: card names for completion: names starting with the text
/// first, then names containing it.
async fn cards(
    State(app): State<Arc<App>>,
    query: Result<Query<CardQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(query)) = query else {
        return reply(Err(bad_request(
            StatusCode::BAD_REQUEST,
            "the query takes q (text) and limit (a number)",
            API_DOC,
        )));
    };
    let limit = query.limit.unwrap_or(20).min(200);
    let q = query.q.trim().to_lowercase();
    let starts = app.names.iter().filter(|c| c.lower.starts_with(&q));
    let contains = app
        .names
        .iter()
        .filter(|c| !c.lower.starts_with(&q) && c.lower.contains(&q));
    let found: Vec<&CardName> = starts.chain(contains).take(limit).collect();
    let total = app.names.iter().filter(|c| c.lower.contains(&q)).count();
    reply(Ok((
        StatusCode::OK,
        json!({ "cards": found, "total": total }),
    )))
}

#[derive(Debug, Deserialize)]
struct NameQuery {
    name: String,
}

/// `GET /api/card?name=Grizzly%20Bears`: a card as the library knows it (as `skirmish cards
/// NAME --json`), or a card file's card with whether it compiles and why not.
async fn card(
    State(app): State<Arc<App>>,
    query: Result<Query<NameQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(query)) = query else {
        return reply(Err(bad_request(
            StatusCode::BAD_REQUEST,
            "the query takes name (a card name)",
            API_DOC,
        )));
    };
    let name = query.name;
    let found = app
        .names
        .iter()
        .find(|c| c.lower == name.to_lowercase())
        .cloned();
    let Some(found) = found else {
        let hint =
            skirmish::cards::library::closest(&name, app.names.iter().map(|c| c.name.as_str()))
                .map(|c| format!("did you mean \"{c}\"? "))
                .unwrap_or_default();
        let e = FileError::whole_file(
            ErrorKind::UnknownCard,
            "(request)",
            format!("unknown card \"{name}\""),
            format!("{hint}GET /api/cards?q=... lists the cards the server knows"),
        );
        return reply(Err((StatusCode::NOT_FOUND, json!({ "error": e }))));
    };
    let answer = kernel(&app.clone(), move || {
        if found.from == "library" {
            let lib = CardLibrary::bundled().ok()?;
            let def = lib.get(&found.name)?;
            return Some(json!({ "from": "library", "card": def, "compiles": true }));
        }
        let pool = app.config.pools.iter().find(|p| p.name == found.from)?;
        let card = pool.get(&found.name)?;
        let compiled = pool.compile(&found.name, Unmodelled::Strict)?;
        Some(json!({
            "from": found.from,
            "card": card.spec,
            "compiles": compiled.is_ok(),
            "error": compiled.err().map(|e| e.to_string()),
        }))
    })
    .await;
    reply(answer.and_then(|v| {
        v.map(|v| (StatusCode::OK, v)).ok_or_else(|| {
            bad_request(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the card is listed but can't be read",
                "this is a bug in Skirmish: please report the card",
            )
        })
    }))
}

/// `GET /api/editions`: the rules editions a request may name.
async fn editions() -> Response {
    let list: Vec<Value> = Edition::ALL
        .iter()
        .map(|e| {
            json!({
                "edition": e.alias(),
                "date": e.date(),
                "default": *e == Edition::default(),
            })
        })
        .collect();
    reply(Ok((StatusCode::OK, json!({ "editions": list }))))
}

async fn not_found(uri: axum::http::Uri) -> Response {
    reply(Err(bad_request(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {}", uri.path()),
        API_DOC,
    )))
}
