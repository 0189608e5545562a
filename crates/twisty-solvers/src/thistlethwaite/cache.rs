//! The Thistlethwaite tables in the table cache: five 8-bit tables (the half-turn corner map
//! and the four phase distance tables), each loaded memory-mapped and copied, or built and
//! stored.

use super::{corner_group, Tables, Thistlethwaite, TABLE_SIZES, UNSEEN};
use twisty_core::cube3::CubieCube;
use twisty_search::{Origin, TableCache, TableError, TableSpec};

/// Entries of the half-turn corner map.
const N_CORNER_PERMS: u64 = 40320;

/// Elements of the half-turn corner group.
const N_HALF_TURN_CORNERS: usize = 96;

/// The cache spec of the half-turn corner map.
pub fn corner_spec() -> TableSpec {
    TableSpec {
        name: String::from("3x3x3/thistlethwaite/corner96"),
        entry_bits: 8,
        entries: N_CORNER_PERMS,
    }
}

/// The cache spec of the distance table of `phase` (0..4).
pub fn phase_spec(phase: usize) -> TableSpec {
    TableSpec {
        name: format!("3x3x3/thistlethwaite/phase{}", phase + 1),
        entry_bits: 8,
        entries: TABLE_SIZES[phase % 4] as u64,
    }
}

/// Whether a corner map read from a file is one the solver can index with: exactly 96
/// distinct group indices below 96, every other entry unreached.
fn valid_corner_map(map: &[u8]) -> bool {
    let mut seen = [false; N_HALF_TURN_CORNERS];
    for &v in map {
        if v == UNSEEN {
            continue;
        }
        match seen.get_mut(v as usize) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    seen.iter().all(|&s| s)
}

impl Thistlethwaite {
    /// The solver on tables from `cache`: each table is loaded from its file, or built (with
    /// a line on stderr when `progress` is set) and stored when the file is missing or
    /// invalid. Returns the origins of the five tables (corner map, then phases 1–4).
    pub fn from_cache(
        cache: &TableCache,
        progress: bool,
    ) -> Result<(Thistlethwaite, Vec<Origin>), TableError> {
        let note = |name: &str| {
            if progress {
                eprintln!("building table {name}");
            }
        };
        let mut origins = Vec::with_capacity(5);
        let mut group: Option<(Vec<u8>, Vec<CubieCube>)> = None;
        let spec = corner_spec();
        let (table, mut origin) = cache.get_or_build(&spec, || {
            note(&spec.name);
            let g = corner_group();
            let map = g.0.clone();
            group = Some(g);
            map
        })?;
        let mut corner96 = table.bytes().to_vec();
        if !valid_corner_map(&corner96) {
            // A file with a valid checksum but contents the solver cannot use: rebuild.
            let g = corner_group();
            cache.store(&spec, &g.0)?;
            corner96 = g.0.clone();
            group = Some(g);
            origin = Origin::Rebuilt(String::from("not a half-turn corner map"));
        }
        origins.push(origin);
        let mut tables = Tables {
            dist: [Vec::new(), Vec::new(), Vec::new(), Vec::new()],
            corner96,
        };
        for phase in 0..4 {
            let spec = phase_spec(phase);
            let (table, origin) = cache.get_or_build(&spec, || {
                note(&spec.name);
                let reps = match &group {
                    Some((_, reps)) => reps.clone(),
                    None => corner_group().1,
                };
                tables.build_phase(phase, &reps)
            })?;
            tables.dist[phase] = table.bytes().to_vec();
            origins.push(origin);
        }
        Ok((Thistlethwaite { tables }, origins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_map_validation() {
        let (map, reps) = corner_group();
        assert_eq!(reps.len(), N_HALF_TURN_CORNERS);
        assert!(valid_corner_map(&map));
        let mut bad = map.clone();
        let i = bad.iter().position(|&v| v == UNSEEN).unwrap_or(0);
        bad[i] = 200;
        assert!(!valid_corner_map(&bad));
        let mut dup = map;
        let (a, b) = (
            dup.iter().position(|&v| v == 1).unwrap_or(0),
            dup.iter().position(|&v| v == 2).unwrap_or(0),
        );
        dup[b] = dup[a];
        assert!(!valid_corner_map(&dup));
    }
}
