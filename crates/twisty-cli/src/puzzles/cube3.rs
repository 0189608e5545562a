//! CLI glue for the 3x3x3.

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use std::time::Duration;
use twisty_core::cube3::{facelets, render_net, render_net_held, Cube3, CubeFrame, CubieCube};
use twisty_core::{InvalidState, Puzzle};

impl CliPuzzle for Cube3 {
    fn scramble_length(&self) -> usize {
        25
    }

    fn render(&self, state: &CubieCube, colour: bool) -> String {
        render_net(state, colour)
    }

    fn state_string(&self, state: &CubieCube) -> Option<String> {
        Some(facelets::to_facelets(state))
    }

    fn render_held(&self, state: &CubieCube, frame: CubeFrame, colour: bool) -> String {
        render_net_held(state, frame, colour)
    }

    fn state_string_held(&self, state: &CubieCube, frame: CubeFrame) -> Option<String> {
        Some(facelets::to_facelets_held(state, frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<CubieCube> {
        facelets::from_facelets(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad facelet string: {e}")),
            other => CliError::from(other),
        })
    }

    fn parse_state_string_held(&self, text: &str) -> CliResult<(CubieCube, CubeFrame)> {
        facelets::from_facelets_held(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad state string: {e}")),
            other => CliError::from(other),
        })
    }

    fn render_state_string(&self, text: &str, colour: bool) -> Option<String> {
        let letters: Vec<char> = text.trim().chars().map(|c| c.to_ascii_uppercase()).collect();
        (letters.len() == 54).then(|| twisty_core::colour::cube_net(&letters, 3, colour))
    }

    fn fixed_stickers(&self) -> Vec<usize> {
        (0..6).map(|f| 9 * f + 4).collect()
    }

    fn engine_state(&self, state: &CubieCube) -> twisty_engine::State {
        twisty_engine::State::Cube3(*state)
    }

    fn phase_report(
        &self,
        state: &CubieCube,
        phases: &[twisty_solvers::PhaseReport],
        colour: bool,
    ) -> CliResult<String> {
        let mut out = format!("Start\n{}", cubie_lines(state, None, colour));
        let mut cur = *state;
        for (i, p) in phases.iter().enumerate() {
            let moves = self.parse_moves(&p.moves)?;
            self.apply_all(&mut cur, &moves);
            out.push_str(&format!(
                "\nPhase {} ({}): {}\nHalf-turn metric: {}  Time: {}\n{}",
                i + 1,
                p.name,
                if p.moves.is_empty() { "-" } else { &p.moves },
                p.length,
                crate::output::human_duration(Duration::from_secs_f64(p.seconds)),
                cubie_lines(&cur, Some(i), colour)
            ));
        }
        out.push_str(&format!("\n{}\n", render_net(&cur, colour)));
        Ok(out)
    }
}

/// Which cubie entries the end of Thistlethwaite phase `phase` (0..4) solves: corner
/// permutation, corner orientation, edge permutation and edge orientation, by position.
fn solved_by_phase(c: &CubieCube, phase: usize) -> [[bool; 12]; 4] {
    let (cp, co, ep, eo) = (c.corner_perms(), c.corner_oris(), c.edge_perms(), c.edge_oris());
    let tetrad = |x: u8| matches!(x, 0 | 2 | 5 | 7);
    let slice = |x: u8| match x {
        1 | 3 | 5 | 7 => 0,
        0 | 2 | 4 | 6 => 1,
        _ => 2,
    };
    let mut out = [[false; 12]; 4];
    for i in 0..12 {
        let pos = i as u8;
        match phase {
            0 => out[3][i] = eo[i] == 0,
            1 => {
                if i < 8 {
                    out[1][i] = co[i] == 0;
                }
                out[2][i] = i >= 8 && ep[i] >= 8;
            }
            2 => {
                if i < 8 {
                    out[0][i] = tetrad(cp[i]) == tetrad(pos);
                }
                out[2][i] = i < 8 && slice(ep[i]) == slice(pos);
            }
            _ => {
                if i < 8 {
                    out[0][i] = cp[i] == pos;
                }
                out[2][i] = ep[i] == pos;
            }
        }
    }
    out
}

/// The cubie arrays of `c` (permutation and orientation of corners and edges), with the
/// entries solved by Thistlethwaite phase `phase` highlighted (green, or in brackets
/// without colour).
fn cubie_lines(c: &CubieCube, phase: Option<usize>, colour: bool) -> String {
    let rows: [(&str, Vec<u8>); 4] = [
        ("Corner permutation", c.corner_perms().to_vec()),
        ("Corner orientation", c.corner_oris().to_vec()),
        ("Edge permutation  ", c.edge_perms().to_vec()),
        ("Edge orientation  ", c.edge_oris().to_vec()),
    ];
    let marks = phase.map(|p| solved_by_phase(c, p));
    let mut out = String::new();
    for (r, (name, values)) in rows.iter().enumerate() {
        out.push_str(name);
        out.push_str(": ");
        for (i, v) in values.iter().enumerate() {
            let hit = marks.is_some_and(|m| m[r][i]);
            out.push_str(&match (hit, colour) {
                (true, true) => format!(" \x1b[1;32m{v:>2}\x1b[0m  "),
                (true, false) => format!("[{v:>2}] "),
                (false, _) => format!(" {v:>2}  "),
            });
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out
}
