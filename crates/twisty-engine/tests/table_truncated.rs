//! A table file truncated in place while an engine has it mapped (a server, a batch, Python):
//! the process lives, the solve fails with an error naming the file, and the next solve
//! rebuilds the table and answers.
#![cfg(unix)]

use twisty_engine::{Engine, EngineConfig, ErrorKind, Event, PuzzleId, Quiet, SolveRequest};

const SCRAMBLE: &str = "R U2 F' R2 U' F R' U";

#[test]
fn a_table_truncated_in_use_fails_the_solve_naming_the_file_then_is_rebuilt() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = EngineConfig {
        tables_dir: dir.path().to_path_buf(),
        ..EngineConfig::default()
    };
    let req = SolveRequest::new(PuzzleId::Cube2, SCRAMBLE);
    // Built and stored by one engine; a second one maps the file.
    let first = Engine::new(config.clone()).solve(&req, &Quiet).expect("solves");
    let engine = Engine::new(config);
    assert_eq!(
        engine.solve(&req, &Quiet).expect("solves").solution,
        first.solution
    );

    let table = std::fs::read_dir(dir.path())
        .expect("tables dir")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "tbl"))
        .expect("a table file");
    // Someone else truncates it in place to its header.
    std::fs::OpenOptions::new()
        .write(true)
        .open(&table)
        .expect("opens")
        .set_len(twisty_search::file::HEADER_LEN as u64)
        .expect("truncates");

    let e = engine
        .solve(&req, &Quiet)
        .expect_err("the table changed under the solve");
    assert_eq!(e.kind, ErrorKind::Tables, "{e}");
    assert!(e.message.contains(&table.display().to_string()), "{}", e.message);
    assert!(
        e.message.contains("changed on disk while in use"),
        "{}",
        e.message
    );
    assert!(e.message.contains("twisty tables verify"), "{}", e.message);

    // The next solve loads the file again, finds it short, rebuilds it and answers.
    let notes = std::sync::Mutex::new(Vec::new());
    let observer = |e: &Event| {
        if let Event::Note { message } = e {
            notes.lock().expect("notes").push(message.clone());
        }
    };
    let again = engine.solve(&req, &observer).expect("rebuilt and solved");
    assert_eq!(again.solution, first.solution);
    let notes = notes.into_inner().expect("notes");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("truncated") && n.contains("rebuilt")),
        "{notes:?}"
    );
}
