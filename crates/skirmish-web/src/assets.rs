//! The page's files, compiled into the binary so `skirmish serve` needs nothing else on the
//! machine. The page is plain HTML, CSS and JavaScript with no build step and no third-party
//! code, and loads nothing from elsewhere (the Content-Security-Policy says so).

use axum::http::header;
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");

/// Only this server's own files and API: no scripts, styles or requests elsewhere.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn page() -> Response {
    asset(PAGE, "text/html; charset=utf-8")
}

pub async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}
