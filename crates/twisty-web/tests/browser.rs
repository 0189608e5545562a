//! A real-browser test of the page: headless Chromium driven over WebDriver (chromedriver).
//!
//! Loads the page, scrambles, solves, waits for the animation to end and checks that the
//! displayed puzzle is solved and the move list is the API's; types an invalid move and
//! checks the inline error; takes screenshots at 375 px and 1440 px wide.
//!
//! Skipped, with the reason printed, when `chromium` or `chromedriver` is not installed
//! (override the paths with `TWISTY_CHROMIUM` and `TWISTY_CHROMEDRIVER`). Screenshots go to
//! `TWISTY_BROWSER_OUT` or `<target>/tmp/browser`.
#![allow(clippy::unwrap_used)]

mod common;
#[path = "browser/editor.rs"]
mod editor;
#[path = "browser/links.rs"]
mod links;

use base64::Engine;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use twisty_web::{start, ServerConfig};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Whether cubing.js (`oracle/check.mjs`, installed by `npm ci --prefix oracle`) finds that
/// `solution` after `scramble` solves `puzzle` (its cubing.js name) as held.
fn cubing_js_solves(puzzle: &str, scramble: &str, solution: &Value) -> bool {
    let oracle = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../oracle");
    assert!(
        oracle.join("node_modules/cubing/package.json").is_file(),
        "cubing.js is not installed for the oracle: run `npm ci --prefix oracle`"
    );
    let solution: Vec<&str> = solution
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let line = json!({"puzzle": puzzle, "scramble": scramble, "solution": solution.join(" ")});
    let mut child = Command::new("node")
        .arg(oracle.join("check.mjs"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs the oracle");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{line}").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    println!("cubing.js on the page's scramble and answer: {line} -> {answer}");
    answer["solved"] == true
}

fn tool(env: &str, default: &str) -> Option<PathBuf> {
    let p = std::env::var_os(env)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default));
    p.exists().then_some(p)
}

struct Driver {
    child: Child,
    http: reqwest::Client,
    base: String,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    async fn start(driver: &Path, chromium: &Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let mut d = Driver {
            child,
            http,
            base,
            session: String::new(),
        };
        let t = Instant::now();
        while d.http.get(format!("{}/status", d.base)).send().await.is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--disable-dev-shm-usage", "--window-size=1440,900"]
            }
        }}});
        let v = d.call("POST", "/session", Some(caps)).await;
        d.session = v["sessionId"].as_str().expect("session id").to_string();
        d
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{}", self.base, path);
        let req = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self.http.post(url).json(&body.unwrap_or(json!({}))),
        };
        let r = req.send().await.unwrap();
        let v: Value = r.json().await.unwrap();
        assert!(v["value"]["error"].is_null(), "webdriver {path}: {v}");
        v["value"].clone()
    }

    async fn session(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{}", self.session, path), body)
            .await
    }

    async fn js(&self, script: &str) -> Value {
        self.session(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .await
    }

    async fn wait_for(&self, script: &str, within: Duration) -> Value {
        let t = Instant::now();
        loop {
            let v = self.js(script).await;
            if v != Value::Null && v != Value::Bool(false) {
                return v;
            }
            assert!(t.elapsed() < within, "timed out waiting for: {script}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn element(&self, css: &str) -> String {
        let v = self
            .session(
                "POST",
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("element {css}: {v}"))
            .to_string()
    }

    async fn click(&self, css: &str) {
        let e = self.element(css).await;
        self.session("POST", &format!("/element/{e}/click"), None).await;
    }

    async fn type_into(&self, css: &str, text: &str) {
        let e = self.element(css).await;
        self.session("POST", &format!("/element/{e}/clear"), None).await;
        self.session(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({"text": text})),
        )
        .await;
    }

    async fn screenshot(&self, width: u32, height: u32, path: &Path) {
        self.session(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        let b64 = self.session("GET", "/screenshot", None).await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64.as_str().unwrap())
            .unwrap();
        std::fs::write(path, png).unwrap();
        println!("screenshot {}", path.display());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_scrambles_solves_and_reports_errors() {
    let (Some(chromium), Some(driver)) = (
        tool("TWISTY_CHROMIUM", "/usr/bin/chromium"),
        tool("TWISTY_CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) else {
        println!("SKIPPED: chromium and chromedriver are not installed (apt-get install -y chromium chromium-driver)");
        return;
    };
    let out = std::env::var_os("TWISTY_BROWSER_OUT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser"));
    std::fs::create_dir_all(&out).unwrap();

    let server = start(ServerConfig {
        port: 0,
        tables_dir: Some(common::shared_tables()),
        ..ServerConfig::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}/?puzzle=2x2x2", server.addr);
    let d = Driver::start(&driver, &chromium).await;

    let t = Instant::now();
    d.session("POST", "/url", Some(json!({"url": url}))).await;
    d.wait_for(
        "return window.twisty && window.twisty.ready",
        Duration::from_secs(20),
    )
    .await;
    let load_ms = t.elapsed().as_millis();
    let first_render = d
        .js("const n = performance.getEntriesByType('navigation')[0]; return [window.twisty.readyAt, n ? n.domContentLoadedEventEnd : null];")
        .await;
    println!("page ready after {load_ms} ms (wall clock, WebDriver); in-page [ready, DOMContentLoaded] = {first_render} ms");
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);

    // Scramble, then solve with the default solver and let the animation play out.
    d.click("#scramble").await;
    d.wait_for("return !window.twisty.displayedSolved()", Duration::from_secs(10))
        .await;
    let scramble = d.js("return document.getElementById('moves').value").await;
    let scramble = scramble.as_str().unwrap().to_string();
    assert!(!scramble.is_empty());
    d.js("document.getElementById('speed').value = '4'; return true")
        .await;
    d.click("#solve").await;
    d.wait_for("return window.twisty.playbackDone", Duration::from_secs(60))
        .await;
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
    assert_eq!(
        d.js("return !document.getElementById('solved-badge').hidden")
            .await,
        true
    );
    let shown = d.js("return window.twisty.shownMoves()").await;
    let api: Value = reqwest::Client::new()
        .post(format!("http://{}/api/solve", server.addr))
        .json(&json!({"puzzle": "2x2x2", "moves": scramble}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(shown, api["moves"], "move list differs from the API's solution");
    // The scramble button's moves and the answer shown solve the puzzle in cubing.js.
    assert!(
        cubing_js_solves("2x2x2", &scramble, &shown),
        "{scramble} / {shown}"
    );
    // The header says what was found, not "solved" before the answer is played, and the
    // play button draws a sign common fonts have.
    let status = d.js("return document.getElementById('status').textContent").await;
    assert!(
        !status.as_str().unwrap_or_default().contains("solved in"),
        "{status}"
    );
    let play = d.js("return document.getElementById('play').textContent").await;
    assert!(!play.as_str().unwrap_or_default().contains('\u{23f8}'), "{play}");
    let stats = d.js("return document.getElementById('stats').textContent").await;
    assert!(stats.as_str().unwrap().contains("nodes"), "{stats}");
    d.screenshot(1440, 900, &out.join("solved-1440.png")).await;

    // An invalid move shows the server's message inline, with its column.
    d.type_into("#moves", "R U Q2").await;
    let err = d
        .wait_for(
            "const e = document.getElementById('move-error'); return !e.hidden && e.textContent",
            Duration::from_secs(10),
        )
        .await;
    let err = err.as_str().unwrap();
    assert!(err.contains("column 5") && err.contains("Q2"), "{err}");
    // The server's reason itself, never a field the API does not send.
    assert!(
        err.contains("not a 2x2x2 move") && !err.contains("undefined"),
        "{err}"
    );
    d.screenshot(375, 800, &out.join("error-375.png")).await;

    // The 3x3x3 and the sticker editor: an impossible state shows the server's reason.
    d.session(
        "POST",
        "/url",
        Some(json!({"url": format!("http://{}/?puzzle=3x3x3", server.addr)})),
    )
    .await;
    d.wait_for(
        "return window.twisty && window.twisty.ready",
        Duration::from_secs(20),
    )
    .await;
    d.click("#edit-toggle").await;
    // Paint one U sticker red (a colour count error).
    d.click("#palette button:nth-child(2)").await;
    d.click("#net [data-index='0']").await;
    d.click("#edit-use").await;
    let msg = d
        .wait_for(
            "const e = document.getElementById('edit-msg'); return !e.hidden && e.textContent",
            Duration::from_secs(10),
        )
        .await;
    assert!(msg.as_str().unwrap().contains("impossible state"), "{msg}");
    d.screenshot(375, 900, &out.join("editor-375.png")).await;

    // A random-state 3x3x3 scramble solved by the two-phase solver, played to the end.
    d.js("document.getElementById('edit-toggle').click(); return true")
        .await;
    d.click("#scramble").await;
    d.wait_for("return !window.twisty.displayedSolved()", Duration::from_secs(20))
        .await;
    let cube3_scramble = d.js("return document.getElementById('moves').value").await;
    let cube3_scramble = cube3_scramble.as_str().unwrap().to_string();
    d.js("document.getElementById('speed').value = '4'; return true")
        .await;
    d.click("#solve").await;
    d.wait_for("return window.twisty.playbackDone", Duration::from_secs(60))
        .await;
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
    let shown = d.js("return window.twisty.shownMoves()").await;
    let page_result = d.js("return window.twisty.result().moves").await;
    assert_eq!(shown, page_result);
    assert!(
        cubing_js_solves("3x3x3", &cube3_scramble, &shown),
        "{cube3_scramble} / {shown}"
    );
    assert!(!shown.as_array().unwrap().is_empty());
    d.screenshot(375, 900, &out.join("cube3-solved-375.png")).await;

    // Keys: R turns the right face, Shift+R undoes it.
    d.click("#reset").await;
    d.js("document.body.focus(); document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', code: 'KeyR'})); return true")
        .await;
    d.wait_for(
        "return document.getElementById('moves').value === 'R' && !window.twisty.displayedSolved()",
        Duration::from_secs(10),
    )
    .await;
    d.screenshot(1440, 900, &out.join("cube3-1440.png")).await;

    // Every other puzzle loads, scrambles and draws.
    for p in ["kilominx", "supercube:7"] {
        d.session(
            "POST",
            "/url",
            Some(json!({"url": format!("http://{}/?puzzle={p}", server.addr)})),
        )
        .await;
        d.wait_for(
            "return window.twisty && window.twisty.ready",
            Duration::from_secs(20),
        )
        .await;
        assert_eq!(d.js("return window.twisty.displayedSolved()").await, true, "{p}");
        // The Kilominx's random-state scramble first builds the fast solver's tables.
        d.click("#scramble").await;
        d.wait_for("return !window.twisty.displayedSolved()", Duration::from_secs(90))
            .await;
        let name = p.replace(':', "-");
        d.screenshot(1440, 900, &out.join(format!("{name}-1440.png")))
            .await;
        if p == "kilominx" {
            // The Kilominx's scramble button and its answer, checked in cubing.js.
            let scramble = d.js("return document.getElementById('moves').value").await;
            let scramble = scramble.as_str().unwrap().to_string();
            d.js("document.getElementById('speed').value = '4'; return true")
                .await;
            d.click("#solve").await;
            d.wait_for("return window.twisty.playbackDone", Duration::from_secs(60))
                .await;
            assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
            let shown = d.js("return window.twisty.shownMoves()").await;
            assert!(
                cubing_js_solves("kilominx", &scramble, &shown),
                "{scramble} / {shown}"
            );
        }
    }

    // Switching puzzle while a solve runs: the supercube:7 solve (seconds of GA) is for the
    // puzzle shown before, so its answer must not land on the 2x2x2 shown now.
    d.click("#solve").await;
    d.wait_for("return window.twisty.solving", Duration::from_secs(10))
        .await;
    d.js("const s = document.getElementById('puzzle'); s.value = '2x2'; s.dispatchEvent(new Event('change')); return true")
        .await;
    d.wait_for(
        "return document.getElementById('puzzle').value === '2x2' && !window.twisty.solving && window.twisty.displayedSolved()",
        Duration::from_secs(20),
    )
    .await;
    // Time for an answer to the abandoned request to arrive, were it not ignored.
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(d.js("return window.twisty.result()").await, Value::Null);
    assert_eq!(d.js("return window.twisty.shownMoves().length").await, 0);
    assert_eq!(d.js("return window.twisty.displayedSolved()").await, true);
    assert_eq!(d.js("return document.getElementById('moves').value").await, "");

    // The link carries the work.
    let addr = server.addr.to_string();
    let t = Instant::now();
    links::every_puzzle_round_trips(&d, &addr).await;
    println!("link round trip of every puzzle: {} ms", t.elapsed().as_millis());
    links::links_carry_states_and_solutions(&d, &addr).await;
    // The sticker editor of every puzzle with a net.
    editor::painted_states_solve(&d, &addr, &out).await;

    d.session("DELETE", "", None).await;
    drop(d);
    server.shutdown().await.unwrap();
}

/// The directory of the static site to test (`TWISTY_WASM_SITE`, relative to the
/// repository's root), or `None` when the variable is not set.
fn wasm_site() -> Option<PathBuf> {
    let site = PathBuf::from(std::env::var_os("TWISTY_WASM_SITE")?);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let site = if site.is_relative() { root.join(site) } else { site };
    assert!(
        site.join("pkg/twisty_wasm_bg.wasm").is_file(),
        "TWISTY_WASM_SITE={} holds no WebAssembly build (run scripts/build_wasm.sh)",
        site.display()
    );
    Some(site)
}

/// A static file server (Python's `http.server`) over `dir`, stopped on drop; its request
/// log is kept to show that the page never asked it for the API.
struct StaticServer {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl StaticServer {
    async fn start(dir: &Path, log: PathBuf) -> StaticServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("python3")
            .args([
                "-m",
                "http.server",
                "--bind",
                "127.0.0.1",
                &port.to_string(),
                "--directory",
            ])
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("python3 runs http.server");
        let t = Instant::now();
        while reqwest::get(format!("http://127.0.0.1:{port}/index.html"))
            .await
            .is_err()
        {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "the static server did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        StaticServer { child, port, log }
    }
}

/// Loads `puzzle` on the static page, scrambles with its button, solves with the default
/// solver, plays the answer to the end and checks it with cubing.js; prints the time to the
/// answer from a cold page (a new page starts a new worker: tables built again).
/// One visit of the static page: scrambles `puzzle`, solves it, checks the answer with
/// cubing.js and prints the times (`visit` names the visit); returns the tables the page's
/// worker built and kept in the browser (every table built is kept).
async fn static_solve(
    d: &Driver,
    base: &str,
    puzzle: &str,
    cubing: &str,
    out: &Path,
    visit: &str,
) -> Vec<Value> {
    let t = Instant::now();
    d.session(
        "POST",
        "/url",
        Some(json!({"url": format!("{base}/?puzzle={puzzle}")})),
    )
    .await;
    d.wait_for(
        "return window.twisty && window.twisty.ready",
        Duration::from_secs(60),
    )
    .await;
    let ready = t.elapsed();
    d.click("#scramble").await;
    d.wait_for(
        "return !window.twisty.displayedSolved()",
        Duration::from_secs(180),
    )
    .await;
    let scrambled = t.elapsed();
    let scramble = d.js("return document.getElementById('moves').value").await;
    let scramble = scramble.as_str().unwrap().to_string();
    d.js("document.getElementById('speed').value = '4'; return true")
        .await;
    let t_solve = Instant::now();
    d.click("#solve").await;
    d.wait_for("return window.twisty.result()", Duration::from_secs(180))
        .await;
    let solved = t_solve.elapsed();
    d.wait_for("return window.twisty.playbackDone", Duration::from_secs(60))
        .await;
    assert_eq!(
        d.js("return window.twisty.displayedSolved()").await,
        true,
        "{puzzle}"
    );
    let shown = d.js("return window.twisty.shownMoves()").await;
    assert!(
        cubing_js_solves(cubing, &scramble, &shown),
        "{puzzle}: {scramble} / {shown}"
    );
    let stats = d.js("return document.getElementById('stats').textContent").await;
    println!(
        "static page, {visit}, {puzzle}: page ready {} ms, scramble shown at {} ms, first answer {} ms after Solve ({} moves); stats: {stats}",
        ready.as_millis(),
        scrambled.as_millis(),
        solved.as_millis(),
        shown.as_array().map_or(0, Vec::len),
    );
    d.screenshot(1440, 900, &out.join(format!("static-{puzzle}-{visit}-1440.png")))
        .await;
    let kept = d.js("return window.twisty.kept || null").await;
    kept.as_array()
        .cloned()
        .unwrap_or_else(|| panic!("{puzzle}: the page records no kept tables: {kept}"))
}

/// The page as static files (no `twisty serve`): the engine runs as WebAssembly in a Web
/// Worker. Solves a 2x2x2, a 3x3x3 and a Kilominx scramble and checks each answer with
/// cubing.js, each on a fresh page, then again on a second visit, which loads the tables the
/// first kept in the browser instead of building them; then forgets them. Runs when
/// `TWISTY_WASM_SITE` names the site `scripts/build_wasm.sh` writes
/// (`target/wasm/site`) and the browser is installed; CI runs it after the wasm build.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn static_page_solves_with_the_webassembly_engine() {
    let Some(site) = wasm_site() else {
        println!("SKIPPED: TWISTY_WASM_SITE is not set (scripts/build_wasm.sh, then TWISTY_WASM_SITE=target/wasm/site)");
        return;
    };
    let (Some(chromium), Some(driver)) = (
        tool("TWISTY_CHROMIUM", "/usr/bin/chromium"),
        tool("TWISTY_CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) else {
        println!("SKIPPED: chromium and chromedriver are not installed (apt-get install -y chromium chromium-driver)");
        return;
    };
    let out = std::env::var_os("TWISTY_BROWSER_OUT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser"));
    std::fs::create_dir_all(&out).unwrap();
    let server = StaticServer::start(&site, out.join("static-server.log")).await;
    let base = format!("http://127.0.0.1:{}", server.port);
    let d = Driver::start(&driver, &chromium).await;
    let puzzles = [("2x2x2", "2x2x2"), ("3x3x3", "3x3x3"), ("kilominx", "kilominx")];
    for (puzzle, cubing) in puzzles {
        let kept = static_solve(&d, &base, puzzle, cubing, &out, "first visit").await;
        assert!(!kept.is_empty(), "{puzzle}: a cold page built and kept no tables");
    }
    // The tables built are kept in the browser (IndexedDB): a second visit loads them.
    let stored = d
        .js("return window.twisty.storedTables ? window.twisty.storedTables.stored.map((t) => t.file) : null")
        .await;
    assert!(
        stored.as_array().is_some_and(|a| a.len() >= 3),
        "the page keeps no tables: {stored}"
    );
    for (puzzle, cubing) in puzzles {
        let kept = static_solve(&d, &base, puzzle, cubing, &out, "second visit").await;
        assert!(
            kept.is_empty(),
            "{puzzle}: the second visit built tables again: {kept:?}"
        );
    }
    // Forgotten: the card says so, and nothing is kept.
    d.click("#forget-tables").await;
    d.wait_for(
        "return window.twisty.storedTables && window.twisty.storedTables.stored.length === 0",
        Duration::from_secs(30),
    )
    .await;
    let note = d
        .js("return document.getElementById('tables-note').textContent")
        .await;
    assert!(
        note.as_str().is_some_and(|n| n.contains("Forgot")),
        "the card after forgetting: {note}"
    );
    d.session("DELETE", "", None).await;
    drop(d);
    // Every answer came from the page's own engine: the static server was asked for files
    // (and the one `/api/health` probe that finds no server), never for a solve.
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(
        !log.contains("POST"),
        "the page posted to the static server:\n{log}"
    );
    assert!(
        log.contains("twisty_wasm_bg.wasm"),
        "the page never loaded the module:\n{log}"
    );
}
