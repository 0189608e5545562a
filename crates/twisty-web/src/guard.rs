//! Checks every request passes before a handler sees it, and headers every answer carries:
//!
//! - the `Host` must be a name this server is reached by (`localhost`, a loopback address,
//!   the bound address), else 421 — a DNS-rebinding page cannot talk to it; an `Origin`, when
//!   sent, must be this very origin (`http://` and the `Host`, port included), once, else 403;
//! - a `POST` body must be `application/json` (415 otherwise: a cross-origin form post can
//!   send only form encodings and `text/plain`), announce at most [`MAX_BODY`] bytes (an early
//!   413, before `100 Continue`), and arrive within [`BODY_TIMEOUT`] (408);
//! - a wrong method gets 405 with a JSON body;
//! - every answer carries `Content-Security-Policy` (own origin only, no framing),
//!   `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`.

use crate::api::ApiError;
use crate::server::{AppState, MAX_BODY};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use twisty_engine::{EngineError, ErrorKind};

/// Longest wait for a request body once its headers arrived.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The page's content security policy: everything from this origin only, never framed.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The host names and addresses requests may name: `localhost`, loopback addresses, the
/// bound address (any address literal when bound to all interfaces).
#[derive(Debug, Clone)]
pub struct Hosts {
    bind: IpAddr,
}

impl Hosts {
    /// The hosts of a server bound to `bind`.
    pub fn new(bind: IpAddr) -> Hosts {
        Hosts { bind }
    }

    /// Whether `authority` (a `Host` header: a name or address, maybe with a port) is ours.
    pub fn allows(&self, authority: &str) -> bool {
        let host = strip_port(authority.trim());
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let literal = host.trim_start_matches('[').trim_end_matches(']');
        match literal.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.bind || self.bind.is_unspecified(),
            Err(_) => false,
        }
    }
}

/// `host` of `host:port` (`[v6]:port` keeps its brackets).
fn strip_port(a: &str) -> &str {
    if a.starts_with('[') {
        return match a.find(']') {
            Some(i) => &a[..=i],
            None => a,
        };
    }
    match a.rsplit_once(':') {
        Some((h, port)) if !h.contains(':') && port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => a,
    }
}

/// Whether an `Origin` header names this server's own origin as the request reached it:
/// scheme `http` (the server speaks nothing else) and the request's `Host` exactly, port
/// included (`http://localhost:9999` is another origin of another server, and
/// `chrome-extension://localhost` no page of this one).
fn same_origin(origin: &str, host: &str) -> bool {
    let Some((scheme, rest)) = origin.trim().split_once("://") else {
        return false;
    };
    scheme.eq_ignore_ascii_case("http") && rest.trim_end_matches('/').eq_ignore_ascii_case(host.trim())
}

fn refuse(status: StatusCode, kind: &str, message: impl Into<String>) -> Response {
    ApiError::new(status, kind, message).into_response()
}

fn is_json(ct: Option<&HeaderValue>) -> bool {
    ct.and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim())
        .is_some_and(|m| m.eq_ignore_ascii_case("application/json"))
}

/// When a request arrived (its headers read): a request extension the guard sets on every
/// request, from which a solve's time limit counts (reading the body and waiting included).
#[derive(Debug, Clone, Copy)]
pub struct Arrived(pub std::time::Instant);

/// The checks, as an axum middleware.
pub async fn guard(State(st): State<Arc<AppState>>, mut req: Request, next: Next) -> Response {
    req.extensions_mut().insert(Arrived(std::time::Instant::now()));
    let mut r = check(&st, req, next).await;
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    r
}

async fn check(st: &AppState, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()))
        .map(str::to_string);
    let host = match host {
        Some(h) if st.hosts.allows(&h) => h,
        Some(h) => {
            return refuse(
                StatusCode::MISDIRECTED_REQUEST,
                "bad_host",
                format!("this server does not serve the host `{h}`: use localhost or its address"),
            )
        }
        None => {
            return refuse(
                StatusCode::MISDIRECTED_REQUEST,
                "bad_host",
                "the request names no host",
            )
        }
    };
    // Every `Origin` header is checked (a second one is refused: no browser sends two).
    let origins: Vec<&HeaderValue> = req.headers().get_all(header::ORIGIN).iter().collect();
    let ok = origins.len() <= 1
        && origins
            .iter()
            .all(|o| o.to_str().ok().is_some_and(|o| same_origin(o, &host)));
    if !ok {
        return refuse(
            StatusCode::FORBIDDEN,
            "cross_origin",
            "requests from pages of other origins are refused",
        );
    }
    let method = req.method().clone();
    if method == Method::POST || method == Method::PUT || method == Method::PATCH {
        if !is_json(req.headers().get(header::CONTENT_TYPE)) {
            return refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "the body must be JSON, sent with `Content-Type: application/json`",
            );
        }
        let announced = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if announced.is_some_and(|n| n > MAX_BODY as u64) {
            return too_large();
        }
        let (parts, body) = req.into_parts();
        let bytes = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await {
            Ok(Ok(b)) => b,
            Ok(Err(_)) => return too_large(),
            Err(_) => {
                return refuse(
                    StatusCode::REQUEST_TIMEOUT,
                    "body_timeout",
                    format!(
                        "the request body did not arrive within {} s",
                        BODY_TIMEOUT.as_secs()
                    ),
                )
            }
        };
        let req = Request::from_parts(parts, Body::from(bytes));
        return method_json(next.run(req).await);
    }
    method_json(next.run(req).await)
}

fn too_large() -> Response {
    ApiError::engine(EngineError::new(
        ErrorKind::TooLarge,
        format!("the request body is larger than {MAX_BODY} bytes"),
    ))
    .into_response()
}

/// A 405 with a JSON body (keeping its `Allow` header).
fn method_json(r: Response) -> Response {
    if r.status() != StatusCode::METHOD_NOT_ALLOWED {
        return r;
    }
    let allow = r.headers().get(header::ALLOW).cloned();
    let mut out = refuse(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        match allow.as_ref().and_then(|a| a.to_str().ok()) {
            Some(a) => format!("this route takes {a}"),
            None => "this route does not take this method".to_string(),
        },
    );
    if let Some(a) = allow {
        out.headers_mut().insert(header::ALLOW, a);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_checked_without_their_ports() {
        let h = Hosts::new(IpAddr::from([127, 0, 0, 1]));
        for ok in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1:1",
            "[::1]:80",
            "127.0.0.2",
        ] {
            assert!(h.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "192.168.1.2",
            "localhost.evil",
            "",
        ] {
            assert!(!h.allows(bad), "{bad}");
        }
        let lan = Hosts::new(IpAddr::from([192, 168, 1, 2]));
        assert!(lan.allows("192.168.1.2:8080") && !lan.allows("10.0.0.1"));
        let all = Hosts::new(IpAddr::from([0, 0, 0, 0]));
        assert!(all.allows("10.0.0.1") && !all.allows("rebound.example"));
        assert!(same_origin("http://localhost:8080", "localhost:8080"));
        assert!(same_origin("HTTP://LocalHost:8080/", "localhost:8080"));
        for bad in [
            "http://localhost:9999",
            "chrome-extension://localhost:8080",
            "https://localhost:8080",
            "null",
            "http://localhost",
        ] {
            assert!(!same_origin(bad, "localhost:8080"), "{bad}");
        }
        assert!(is_json(Some(&HeaderValue::from_static(
            "Application/JSON; charset=utf-8"
        ))));
        assert!(!is_json(Some(&HeaderValue::from_static("text/plain"))));
    }
}
