//! The sticker editor on every puzzle with a net: a scrambled state painted sticker by
//! sticker, used, solved and checked with cubing.js; an impossible one shows the engine's
//! reason; the state set goes into the link.

use super::{cubing_js_solves, Driver};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

async fn open(d: &Driver, url: &str) {
    d.session("POST", "/url", Some(json!({ "url": url }))).await;
    d.wait_for(
        "return window.twisty && window.twisty.ready",
        Duration::from_secs(30),
    )
    .await;
}

/// Paints the open editor's net as `state`: for each sticker that differs, the palette's
/// colour of its letter, then the sticker (the first by a real click, the rest by events).
async fn paint(d: &Driver, state: &str) {
    let script = format!(
        "const want = {state:?}.replace(/\\s/g, '');
         const letters = [...document.querySelectorAll('#palette button')].map((b) => b.title);
         let n = 0;
         for (const el of document.querySelectorAll('#net [data-index]')) {{
           const i = +el.dataset.index;
           const k = letters.indexOf(want[i]);
           if (k < 0) return 'no colour ' + want[i];
           document.querySelectorAll('#palette button')[k].click();
           el.dispatchEvent(new MouseEvent('click', {{ bubbles: true }}));
           n += 1;
         }}
         return n;"
    );
    let n = d.js(&script).await;
    assert!(n.as_u64().is_some_and(|n| n > 0), "{n}");
}

/// Each puzzle: a scramble's state string (as the API gives it) painted, used and solved on
/// the page; the answer solves the scramble in cubing.js; the state is in the link.
pub async fn painted_states_solve(d: &Driver, addr: &str, out: &Path) {
    for (puzzle, cubing, scramble) in [
        ("2x2x2", "2x2x2", "R U2 F' R' U F2"),
        ("4x4", "4x4x4", "R Uw 2F' D2 L"),
        ("kilominx", "kilominx", "R U BL2 FR' DL"),
    ] {
        let v: Value = reqwest::Client::new()
            .post(format!("http://{addr}/api/validate"))
            .json(&json!({"puzzle": puzzle, "moves": scramble}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let state = v["facelets"].as_str().unwrap().to_string();
        // The displayed state the page gets for the painted string (on the bigger cubes the
        // same as the scramble's up to which of two identical centres is where).
        let w: Value = reqwest::Client::new()
            .post(format!("http://{addr}/api/validate"))
            .json(&json!({"puzzle": puzzle, "facelets": state}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        open(d, &format!("http://{addr}/?puzzle={puzzle}")).await;
        d.click("#edit-toggle").await;
        paint(d, &state).await;
        let painted = d
            .js("return [...document.querySelectorAll('#net [data-index]')].length")
            .await;
        assert_eq!(
            painted.as_u64().unwrap() as usize,
            state.chars().filter(|c| !c.is_whitespace()).count()
        );
        d.click("#edit-use").await;
        d.wait_for(
            "return document.getElementById('status').textContent === 'state from the sticker editor'",
            Duration::from_secs(10),
        )
        .await;
        assert_eq!(d.js("return window.twisty.state()").await, w["state"], "{puzzle}");
        let search = d
            .wait_for(
                "return location.search.includes('state=') && location.search",
                Duration::from_secs(10),
            )
            .await;
        assert!(search
            .as_str()
            .unwrap()
            .contains(&format!("puzzle={}", v["puzzle"].as_str().unwrap())));
        d.js("document.getElementById('speed').value = '4'; return true")
            .await;
        d.click("#solve").await;
        d.wait_for("return window.twisty.playbackDone", Duration::from_secs(90))
            .await;
        assert_eq!(
            d.js("return window.twisty.displayedSolved()").await,
            true,
            "{puzzle}"
        );
        let shown = d.js("return window.twisty.shownMoves()").await;
        assert!(
            cubing_js_solves(cubing, scramble, &shown),
            "{puzzle}: {scramble} / {shown}"
        );
        // The painted state travels in the link and comes back.
        let search = d.js("return location.search").await;
        let search = search.as_str().unwrap().to_string();
        assert!(search.contains("state=") && search.contains("alg="), "{search}");
        open(d, &format!("http://{addr}/{search}")).await;
        assert_eq!(d.js("return window.twisty.state()").await, w["state"], "{puzzle}");
        assert_eq!(d.js("return window.twisty.shownMoves()").await, shown);
    }

    // An impossible Kilominx: one corner twisted; the engine's reason is shown.
    open(d, &format!("http://{addr}/?puzzle=kilominx")).await;
    d.click("#edit-toggle").await;
    let mut twisted: Vec<char> = "WGRWGPWRBGREWBYRBKWPYBYLREKPYOBKLGPCYLOEKAPCOECAGECCOAKLALOA"
        .chars()
        .collect();
    twisted[9..12].rotate_left(1);
    paint(d, &twisted.iter().collect::<String>()).await;
    d.click("#edit-use").await;
    let msg = d
        .wait_for(
            "const e = document.getElementById('edit-msg'); return !e.hidden && e.textContent",
            Duration::from_secs(10),
        )
        .await;
    assert!(msg.as_str().unwrap().contains("corner twist"), "{msg}");
    d.screenshot(375, 900, &out.join("kilominx-editor-375.png")).await;
    d.js("document.getElementById('editor').scrollIntoView(); return true")
        .await;
    d.screenshot(1440, 900, &out.join("kilominx-editor-1440.png"))
        .await;
    // The supercubes have no editor.
    open(d, &format!("http://{addr}/?puzzle=supercube:3")).await;
    assert_eq!(
        d.js("return document.getElementById('edit-toggle').hidden").await,
        true
    );
}
