use super::checkpoint;
use super::*;
use std::collections::VecDeque;

/// Three cycles of lengths 7, 5 and 2000 (the last one outer), moves ±1 on each and a
/// move turning all three at once: distances against a plain breadth-first search.
fn torus() -> (Vec<Vec<u32>>, Vec<u32>, usize) {
    let sizes = vec![7u32, 5, 2000];
    let moves = 8;
    let step = |k: usize, m: usize| -> i64 {
        match m {
            0..=5 if m / 2 == k => {
                if m.is_multiple_of(2) {
                    1
                } else {
                    -1
                }
            }
            6 => 1,
            7 => -1,
            _ => 0,
        }
    };
    let tables = sizes
        .iter()
        .enumerate()
        .map(|(k, &n)| {
            (0..n)
                .flat_map(|v| {
                    (0..moves).map(move |m| (i64::from(v) + step(k, m)).rem_euclid(i64::from(n)) as u32)
                })
                .collect()
        })
        .collect();
    (tables, sizes, moves)
}

fn brute(space: &GodsSpace, parts: &[Part<'_>], starts: &[Vec<u32>]) -> Vec<u64> {
    let n = space.entries();
    let mut dist = vec![u32::MAX; n as usize];
    let mut queue = VecDeque::new();
    for s in starts {
        let r = space.rank(s);
        if dist[r as usize] == u32::MAX {
            dist[r as usize] = 0;
            queue.push_back(s.clone());
        }
    }
    while let Some(v) = queue.pop_front() {
        let d = dist[space.rank(&v) as usize];
        for m in 0..space.moves() {
            let w: Vec<u32> = v
                .iter()
                .zip(parts)
                .map(|(&x, p)| p.next[x as usize * space.moves() + m])
                .collect();
            let r = space.rank(&w) as usize;
            if dist[r] == u32::MAX {
                dist[r] = d + 1;
                queue.push_back(w);
            }
        }
    }
    let mut counts = Vec::new();
    for &d in dist.iter().filter(|&&d| d != u32::MAX) {
        if counts.len() <= d as usize {
            counts.resize(d as usize + 1, 0);
        }
        counts[d as usize] += 1;
    }
    counts
}

#[test]
fn distances_match_a_plain_search_with_one_and_two_starts() {
    let (tables, sizes, moves) = torus();
    let parts: Vec<Part<'_>> = tables
        .iter()
        .zip(&sizes)
        .map(|(t, &s)| Part { size: s, next: t })
        .collect();
    let space = GodsSpace::new(&parts, moves).expect("space");
    assert_eq!(space.entries(), 7 * 5 * 2000);
    assert_eq!(space.inner(), 35);
    for starts in [vec![vec![0, 0, 0]], vec![vec![0, 0, 0], vec![3, 2, 1000]]] {
        let ranks: Vec<u64> = starts.iter().map(|s| space.rank(s)).collect();
        let (table, fresh) = GodsTable::new(space.entries(), &ranks).expect("table");
        let mut seen = Vec::new();
        let run = search(&space, &table, vec![fresh], &GodsOptions::default(), |c| {
            seen.push((c.depth, c.finished));
            Ok(())
        })
        .expect("search");
        assert!(run.complete && !run.stopped);
        assert_eq!(run.counts, brute(&space, &parts, &starts));
        assert_eq!(run.counts.iter().sum::<u64>(), space.entries());
        assert_eq!(seen.last(), Some(&(run.counts.len() as u32 - 1, true)));
    }
}

#[test]
fn a_stopped_search_resumes_from_its_checkpoint_to_the_same_counts() {
    let (tables, sizes, moves) = torus();
    let parts: Vec<Part<'_>> = tables
        .iter()
        .zip(&sizes)
        .map(|(t, &s)| Part { size: s, next: t })
        .collect();
    let space = GodsSpace::new(&parts, moves).expect("space");
    let (table, fresh) = GodsTable::new(space.entries(), &[0]).expect("table");
    let whole = search(&space, &table, vec![fresh], &GodsOptions::default(), |_| Ok(())).expect("whole");

    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("torus.gods");
    let fp = checkpoint::fingerprint(b"torus");
    let (table, fresh) = GodsTable::new(space.entries(), &[0]).expect("table");
    let opts = GodsOptions {
        max_depth: Some(30),
        ..GodsOptions::default()
    };
    let part = search(&space, &table, vec![fresh], &opts, |c| {
        checkpoint::write(&path, fp, c.counts, c.finished, c.table).map_err(|e| e.to_string())
    })
    .expect("part");
    assert!(!part.complete);
    assert_eq!(part.counts.len(), 31);
    drop(table);
    let saved = checkpoint::read(&path, fp, space.entries()).expect("read");
    assert_eq!(saved.counts, part.counts);
    assert!(!saved.finished);
    let rest = search(
        &space,
        &saved.table,
        saved.counts,
        &GodsOptions::default(),
        |_| Ok(()),
    )
    .expect("rest");
    assert_eq!(rest.counts, whole.counts);

    // Another search's fingerprint, a flipped byte, a truncated file: refused, saying why.
    let err = checkpoint::read(&path, fp ^ 1, space.entries()).expect_err("other");
    assert!(err.contains("another search"), "{err}");
    let mut bytes = std::fs::read(&path).expect("bytes");
    let last = bytes.len() - 3;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).expect("write");
    let err = checkpoint::read(&path, fp, space.entries()).expect_err("corrupt");
    assert!(err.contains("table's checksum"), "{err}");
    bytes[last] ^= 0x10;
    bytes[50] ^= 1;
    std::fs::write(&path, &bytes).expect("write");
    let err = checkpoint::read(&path, fp, space.entries()).expect_err("corrupt header");
    assert!(err.contains("header's checksum"), "{err}");
    bytes[50] ^= 1;
    std::fs::write(&path, &bytes[..bytes.len() - 8]).expect("write");
    let err = checkpoint::read(&path, fp, space.entries()).expect_err("truncated");
    assert!(err.contains("truncated"), "{err}");
    std::fs::write(&path, b"not a checkpoint at all, just some text here..........").expect("write");
    let err = checkpoint::read(&path, fp, space.entries()).expect_err("magic");
    assert!(err.contains("bad magic"), "{err}");
}

#[test]
fn bad_parts_and_starts_are_refused() {
    let next = vec![0u32, 1, 5];
    let err = GodsSpace::new(&[Part { size: 3, next: &next }], 1).expect_err("out of range");
    assert!(err.to_string().contains("value 5"), "{err}");
    let err = GodsSpace::new(&[Part { size: 2, next: &next }], 1).expect_err("length");
    assert!(err.to_string().contains("move table"), "{err}");
    let err = GodsTable::new(10, &[10]).expect_err("start");
    assert!(matches!(err, GodsError::BadStart { .. }));
}

#[test]
fn rank_and_unrank_are_inverse_bijections() {
    let (tables, sizes, moves) = torus();
    let parts: Vec<Part<'_>> = tables
        .iter()
        .zip(&sizes)
        .map(|(t, &size)| Part { size, next: t })
        .collect();
    let space = GodsSpace::new(&parts, moves).expect("space");
    assert_eq!(space.entries(), 7 * 5 * 2000);
    let mut hit = vec![false; space.entries() as usize];
    for a in 0..7 {
        for b in 0..5 {
            for c in 0..2000 {
                let values = vec![a, b, c];
                let i = space.rank(&values);
                assert!(i < space.entries());
                assert!(!hit[i as usize], "index {i} given twice");
                hit[i as usize] = true;
                assert_eq!(space.unrank(i), values);
            }
        }
    }
    assert!(hit.iter().all(|&h| h));
}
