//! API tests against a real server on an ephemeral loopback port: health, puzzles,
//! geometry and assets, routes, scrambles, validation and bad bodies.
#![allow(clippy::unwrap_used)]

mod common;

use common::{client, get, kind, post, post_raw, server};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn health_puzzles_geometry_and_assets() {
    let (s, base) = server(false, None).await;
    let (st, v) = get(&base, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["active_solves"], 0);

    let (st, v) = get(&base, "/api/puzzles").await;
    assert_eq!(st, StatusCode::OK);
    let ids: Vec<&str> = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    for want in [
        "3x3",
        "2x2",
        "kilominx",
        "supercube:2",
        "supercube:7",
        "supercube:16",
    ] {
        assert!(ids.contains(&want), "{want} missing from {ids:?}");
    }
    for want in ["4x4", "5x5", "6x6", "7x7"] {
        assert!(ids.contains(&want), "{want} missing from {ids:?}");
    }
    for p in v["puzzles"].as_array().unwrap() {
        let solvers = p["solvers"].as_array().unwrap();
        if solvers.is_empty() {
            // The N×N×N cubes until a solver takes them: scramble, validate and replay only.
            assert_eq!(p["can_solve"], false, "{p}");
            assert!(p["id"].as_str().unwrap().contains('x'), "{p}");
            continue;
        }
        for s in solvers {
            assert!(s["default"].is_boolean());
            assert!(!s["summary"].as_str().unwrap().is_empty());
        }
        assert_eq!(solvers[0]["default"], true);
        // What the server can run now; a solver whose large tables are not built says what
        // it would take.
        assert_eq!(solvers[0]["available"], true, "{p}");
        for s in solvers {
            assert!(s["available"].is_boolean(), "{s}");
            if s["available"] == false {
                let note = s["note"].as_str().unwrap();
                assert!(note.contains("twisty tables build --puzzle"), "{note}");
            }
        }
    }

    for p in ["3x3x3", "kilominx", "supercube:7", "5x5"] {
        let (st, g) = get(&base, &format!("/api/geometry?puzzle={p}")).await;
        assert_eq!(st, StatusCode::OK, "{p}");
        assert!(g["pieces"].as_array().unwrap().len() >= 20);
        let n = g["group"].as_array().unwrap().len();
        assert_eq!(n, if p == "kilominx" { 60 } else { 24 });
    }

    let c = client();
    for (path, mime) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/vendor/three.module.min.js", "text/javascript"),
    ] {
        let r = c.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let ct = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(mime), "{path}: {ct}");
        assert!(!r.bytes().await.unwrap().is_empty());
    }
    // Every module the page's script imports is served next to it.
    let app = include_str!("../assets/app.js");
    let modules: Vec<&str> = app
        .lines()
        .filter_map(|l| {
            l.strip_prefix("import ")?
                .split("from './")
                .nth(1)?
                .split('\'')
                .next()
        })
        .collect();
    assert!(
        modules.contains(&"url.js") && modules.contains(&"editor.js"),
        "{modules:?}"
    );
    for m in modules {
        let r = c.get(format!("{base}/{m}")).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "/{m}");
        let ct = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with("text/javascript"), "/{m}: {ct}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_routes_are_404() {
    let (s, base) = server(false, None).await;
    let (st, v) = get(&base, "/api/nope").await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    assert_eq!(kind(&v), "not_found");
    let r = client().get(format!("{base}/nope.html")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Wrong method on a known route.
    let r = client().get(format!("{base}/api/solve")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn scramble_is_reproducible_and_validates() {
    let (s, base) = server(false, None).await;
    for p in ["3x3x3", "2x2x2", "kilominx", "supercube:4"] {
        let (st, a) = get(&base, &format!("/api/scramble?puzzle={p}&seed=42")).await;
        assert_eq!(st, StatusCode::OK, "{p}");
        let (_, b) = get(&base, &format!("/api/scramble?puzzle={p}&seed=42")).await;
        assert_eq!(a["scramble"], b["scramble"]);
        assert_eq!(a["seed"], 42);
        let (st, v) = post(
            &base,
            "/api/validate",
            &json!({"puzzle": p, "moves": a["scramble"]}),
        )
        .await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(v["state"], a["state"]);
        assert_eq!(v["solved"], false);
    }
    // The puzzles drawn as text scramble too, with a drawing instead of a display state.
    let (st, v) = get(&base, "/api/scramble?puzzle=megaminx").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(v["state"].is_null(), "{v}");
    assert!(v["drawing"].is_string(), "{v}");
    let (st, v) = get(&base, "/api/scramble?puzzle=megaminx2").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("megaminx2"),
        "{v}"
    );
    let (st, v) = get(&base, "/api/scramble").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("puzzle"));
    let (st, _) = get(&base, "/api/scramble?puzzle=3x3x3&seed=-1").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn every_event_scrambles_and_an_unknown_event_is_refused() {
    let (s, base) = server(false, None).await;
    let (_, list) = get(&base, "/api/puzzles").await;
    let events_of = |id: &str| -> Vec<String> {
        list["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .map(|p| serde_json::from_value(p["events"].clone()).unwrap())
            .unwrap_or_default()
    };
    assert_eq!(
        events_of("3x3"),
        ["333", "333oh", "333ft", "333bf", "333mbf", "333fm"]
    );
    assert_eq!(events_of("2x2"), ["222"]);
    assert!(events_of("kilominx").is_empty());
    for (id, _) in twisty_engine::scramble::event::EVENTS {
        let (st, a) = get(&base, &format!("/api/scramble?event={id}&seed=61")).await;
        assert_eq!(st, StatusCode::OK, "{id}: {a}");
        assert_eq!(a["event"], *id);
        assert!(!a["scramble"].as_str().unwrap().trim().is_empty(), "{id}");
        let (_, b) = get(&base, &format!("/api/scramble?event={id}&seed=61")).await;
        assert_eq!(a["scramble"], b["scramble"], "{id}");
        // The puzzles the page draws: the moves replay to the state sent.
        if a["moves"].is_array() {
            let (st, v) = post(
                &base,
                "/api/validate",
                &json!({"puzzle": a["puzzle"], "moves": a["scramble"]}),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{id}: {v}");
            assert_eq!(v["state"], a["state"], "{id}");
        }
    }
    // The megaminx's seven lines keep their line breaks.
    let (_, minx) = get(&base, "/api/scramble?event=minx&seed=1").await;
    assert_eq!(minx["scramble"].as_str().unwrap().lines().count(), 7);
    // The event's puzzle may be named, not another.
    let (st, _) = get(&base, "/api/scramble?event=333bf&puzzle=3x3x3").await;
    assert_eq!(st, StatusCode::OK);
    let (st, v) = get(&base, "/api/scramble?event=333bf&puzzle=2x2").await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("333bf"), "{v}");
    for bad in ["444oh", "sq2"] {
        let (st, v) = get(&base, &format!("/api/scramble?event={bad}")).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(kind(&v), "usage");
        assert!(v["error"]["message"].as_str().unwrap().contains(bad), "{v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn validate_reports_columns_and_impossible_states() {
    let (s, base) = server(false, None).await;
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R U R' U'"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["moves"], json!(["R", "U", "R'", "U'"]));
    assert_eq!(v["solved"], false);
    let (_, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "(R U R' U')6"}),
    )
    .await;
    assert_eq!(v["solved"], true);
    assert_eq!(v["length"], 24);

    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R U\nF Xq D"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse");
    assert_eq!(v["error"]["token"], "Xq");
    assert_eq!(v["error"]["line"], 2);
    assert_eq!(v["error"]["column"], 3);
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "kilominx", "moves": "U BL2' M"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"]["column"], 8);

    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["solved"], true);
    // One corner twisted in place.
    let mut c: Vec<char> = solved.chars().collect();
    (c[8], c[9], c[20]) = ('F', 'U', 'R');
    let twisted: String = c.into_iter().collect();
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": twisted}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "impossible_state", "{v}");
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "facelets": "UUU"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse", "{v}");
    // A 3x3x3 string is no Kilominx state string; the supercubes take moves only.
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "kilominx", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kind(&v), "parse", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not a Kilominx colour letter"),
        "{v}"
    );
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "supercube:3", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert_eq!(kind(&v), "usage");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("moves only"),
        "{v}"
    );
    let (st, v) = post(&base, "/api/validate", &json!({"puzzle": "3x3x3"})).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("moves"));
    let (st, _) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R", "facelets": solved}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_bodies() {
    let (s, base) = server(false, None).await;
    for body in [
        "{bad",
        "",
        "[]",
        "{\"puzzle\": 3}",
        "{\"puzzle\":\"3x3x3\",\"moves\":\"R\",\"bogus\":1}",
    ] {
        let (st, v) = post_raw(&base, "/api/solve", body.to_string()).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(kind(&v), "usage", "{body}");
        let (st, _) = post_raw(&base, "/api/validate", body.to_string()).await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
    }
    let big = json!({"puzzle": "3x3x3", "moves": "R ".repeat(40_000)}).to_string();
    assert!(big.len() > 64 * 1024);
    let (st, v) = post_raw(&base, "/api/validate", big).await;
    assert_eq!(st, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(kind(&v), "too_large");
    // Under the byte limit but over the move limit.
    let (st, v) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "(R U)9999"}),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"]["message"].as_str().unwrap().contains("at most"));
    // Non-UTF-8 and control characters never panic.
    let (st, _) = post(
        &base,
        "/api/validate",
        &json!({"puzzle": "3x3x3", "moves": "R\u{0}U\u{202e}"}),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    // A raw control character inside a JSON string is not JSON.
    let (st, _) = post_raw(
        &base,
        "/api/validate",
        "{\"puzzle\":\"3x3x3\",\"moves\":\"R\u{0}\"}".into(),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let r = client()
        .post(format!("{base}/api/validate"))
        .header("content-type", "application/json")
        .body(vec![0xff, 0xfe, 0x00])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    s.shutdown().await.unwrap();
}

#[test]
fn page_weight_without_three_js_is_small() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let total: u64 = ["index.html", "app.js", "app.css", "url.js", "editor.js"]
        .iter()
        .map(|f| std::fs::metadata(format!("{dir}/{f}")).unwrap().len())
        .sum();
    assert!(total <= 300 * 1024, "page weight {total} bytes");
}
