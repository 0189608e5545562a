//! The page's link: the puzzle, the setup or state and the solution shown travel in the
//! address, a link reproduces the page, the copy button copies it, and a bad link shows the
//! page's usual errors.

use super::{cubing_js_solves, Driver};
use serde_json::{json, Value};
use std::time::Duration;

/// Moves typed on each puzzle for the round trip (`None`: a puzzle drawn as text that this
/// test does not type on; the three it does cover the three kinds of flat puzzle).
fn moves_for(puzzle: &str) -> Option<&'static str> {
    Some(match puzzle {
        "kilominx" => "R U F' BL2 DR",
        "pyraminx" => "R U' L B u",
        "clock" => "UR3+ DL2- ALL1+",
        "sq1" => "(1,0) / (-1,2) /",
        p if FLAT.contains(&p) => return None,
        _ => "R U F' D2 L",
    })
}

/// `text` with every `%XX` replaced by its byte.
fn percent_decoded(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(v) if b[i] == b'%' => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The chooser's puzzles drawn as text (no 3D model): the definitions, the clock and the
/// Square-1.
const FLAT: &[&str] = &[
    "pyraminx",
    "skewb",
    "megaminx",
    "fto",
    "dino",
    "helicopter",
    "clock",
    "sq1",
];

/// The drawing `POST /api/validate` gives for `moves` on a puzzle drawn as text.
async fn validated_drawing(addr: &str, puzzle: &str, moves: &str) -> String {
    let v = validated(addr, json!({ "puzzle": puzzle, "moves": moves })).await;
    let drawing = v["drawing"].as_str();
    assert!(drawing.is_some_and(|t| !t.is_empty()), "{puzzle}: {v}");
    drawing.unwrap_or_default().to_string()
}

async fn open(d: &Driver, url: &str) {
    d.session("POST", "/url", Some(json!({ "url": url }))).await;
    d.wait_for(
        "return window.twisty && window.twisty.ready",
        Duration::from_secs(30),
    )
    .await;
}

/// The answer of `POST /api/validate` to `body`.
async fn validated(addr: &str, body: Value) -> Value {
    reqwest::Client::new()
        .post(format!("http://{addr}/api/validate"))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The display state `POST /api/validate` gives for `input` (`moves` or `facelets`) on
/// `puzzle`, as JSON text.
async fn validated_state(addr: &str, puzzle: &str, mut input: Value) -> String {
    input["puzzle"] = json!(puzzle);
    let v = validated(addr, input).await;
    assert!(v["state"].is_array(), "{puzzle}: {v}");
    v["state"].to_string()
}

async fn text_of(d: &Driver, id: &str) -> String {
    d.js(&format!("return document.getElementById('{id}').textContent"))
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Every puzzle of the chooser: moves typed, the address updated, the address opened again
/// shows the same state and the same moves.
pub async fn every_puzzle_round_trips(d: &Driver, addr: &str) {
    open(d, &format!("http://{addr}/")).await;
    let ids = d
        .js("return [...document.getElementById('puzzle').options].map((o) => o.value)")
        .await;
    let ids: Vec<String> = ids
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert!(ids.len() >= 8, "{ids:?}");
    // Every puzzle up to 7 layers (the supercubes 8x8x8 to 16x16x16 take the same code path
    // and seconds each to draw in a software-rendered browser).
    let small = |id: &str| {
        id.split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse::<u32>().ok())
            .all(|n| n <= 7)
    };
    for id in ids.iter().filter(|id| small(id)) {
        // Chosen in the menu (the page stays loaded), typed, then the link opened afresh.
        d.js(&format!(
            "const s = document.getElementById('puzzle'); s.value = '{id}'; s.dispatchEvent(new Event('change')); return true"
        ))
        .await;
        d.wait_for(
            &format!("return location.search === '?puzzle={id}' && window.twisty.displayedSolved()"),
            Duration::from_secs(20),
        )
        .await;
        let Some(typed) = moves_for(id) else {
            continue;
        };
        // What the page shows: the 3D state, or the text drawing of a flat puzzle.
        let (shown, expected) = if FLAT.contains(&id.as_str()) {
            let drawing = validated_drawing(addr, id, typed).await;
            ("window.twisty.drawing()", json!(drawing).to_string())
        } else {
            let state = validated_state(addr, id, json!({ "moves": typed })).await;
            ("JSON.stringify(window.twisty.state())", json!(state).to_string())
        };
        d.type_into("#moves", typed).await;
        let wait =
            format!("return location.search.includes('setup=') && {shown} === {expected} && location.search");
        let search = d.wait_for(&wait, Duration::from_secs(10)).await;
        let search = search.as_str().unwrap().to_string();
        assert!(
            // Readable: spaces as `_` (the browser percent-encodes some of the rest, `'` as
            // `%27`, `+` as `%2B`, `/` as `%2F`).
            percent_decoded(&search).contains(&format!("setup={}", typed.replace(' ', "_"))),
            "{id}: {search}"
        );
        open(d, &format!("http://{addr}/{search}")).await;
        let back = d
            .wait_for(
                &format!("return {shown} === {expected} && [document.getElementById('puzzle').value, document.getElementById('moves').value, location.search]"),
                Duration::from_secs(10),
            )
            .await;
        assert_eq!(back, json!([id, typed, search]), "{id}");
    }
}

/// A 3x3x3 state string in the link, the solution in the link shown and steppable, the copy
/// button, and hostile links.
pub async fn links_carry_states_and_solutions(d: &Driver, addr: &str) {
    // A state (as the sticker editor sets it) survives the link.
    let state = "DUUBULDBFRBFRRULLLBRDFFFBLURDBFDFDRFRULBLUFDURRBLBDUDL";
    open(d, &format!("http://{addr}/?puzzle=3x3x3&state={state}")).await;
    let search = d.js("return location.search").await;
    assert_eq!(search, format!("?puzzle=3x3&state={state}"));
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, false);
    let expected = validated_state(addr, "3x3x3", json!({ "facelets": state })).await;
    assert_eq!(
        d.js("return JSON.stringify(window.twisty.state())").await,
        expected
    );

    // A solve puts its answer in the link; the link shows it, steppable to solved.
    open(d, &format!("http://{addr}/?puzzle=2x2x2&setup=R_U2_F'_R")).await;
    assert_eq!(
        d.js("return document.getElementById('moves').value").await,
        "R U2 F' R"
    );
    d.click("#solve").await;
    d.wait_for("return window.twisty.result() !== null", Duration::from_secs(60))
        .await;
    let shown = d.js("return window.twisty.shownMoves()").await;
    let search = d
        .wait_for(
            "return location.search.includes('alg=') && location.search",
            Duration::from_secs(10),
        )
        .await;
    let search = search.as_str().unwrap().to_string();
    // The copy button copies this very link.
    d.click("#copy-link").await;
    let copied = d
        .wait_for("return window.twisty.copied", Duration::from_secs(10))
        .await;
    assert_eq!(copied["href"], format!("http://{addr}/{search}"), "{copied}");
    assert!(
        copied["how"].is_string(),
        "neither way of copying worked: {copied}"
    );
    let status = text_of(d, "status").await;
    assert_eq!(status, "link copied");

    open(d, &format!("http://{addr}/{search}")).await;
    assert_eq!(d.js("return window.twisty.shownMoves()").await, shown);
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, false);
    assert_eq!(
        d.js("return !document.getElementById('playback').hidden").await,
        true
    );
    d.js("document.getElementById('speed').value = '4'; return true")
        .await;
    d.click("#play").await;
    d.wait_for("return window.twisty.playbackDone", Duration::from_secs(30))
        .await;
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
    assert!(cubing_js_solves("2x2x2", "R U2 F' R", &shown), "{shown}");

    // Hostile or broken links: the page loads and says what is wrong where it always does.
    open(
        d,
        &format!("http://{addr}/?puzzle=%3Cimg_src=x_onerror=alert(1)%3E&setup=R_U"),
    )
    .await;
    let status = text_of(d, "status").await;
    assert!(status.contains("names no puzzle"), "{status}");
    assert_eq!(d.js("return document.querySelector('img') === null").await, true);
    assert_eq!(d.js("return document.getElementById('moves').value").await, "R U");
    open(d, &format!("http://{addr}/?puzzle=4x4&setup=R_Q3_U")).await;
    let err = d
        .wait_for(
            "const e = document.getElementById('move-error'); return !e.hidden && e.textContent",
            Duration::from_secs(10),
        )
        .await;
    assert!(err.as_str().unwrap().contains("Q3"), "{err}");
    // Over the page's 32 KiB a parameter (but under what the server takes as an address).
    let huge = "R_".repeat(17_000);
    open(d, &format!("http://{addr}/?puzzle=3x3x3&setup={huge}")).await;
    let status = text_of(d, "status").await;
    assert!(status.contains("at most"), "{status}");
    assert_eq!(d.js("return document.getElementById('moves').value").await, "");
    open(d, &format!("http://{addr}/?puzzle=2x2&setup=R&alg=R_Q")).await;
    let msg = text_of(d, "solve-msg").await;
    assert!(
        msg.contains("the link's solution") && msg.contains("`Q`"),
        "{msg}"
    );
    open(d, &format!("http://{addr}/?puzzle=3x3x3&state=UUUU")).await;
    let status = text_of(d, "status").await;
    assert!(status.contains("the link's state"), "{status}");
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
}
