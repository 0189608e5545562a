//! CLI glue for the Kilominx.

use crate::context::{CliError, CliResult};
use crate::puzzles::CliPuzzle;
use twisty_core::kilominx::{
    from_state_string, render_net, render_net_held, to_state_string, HeldNames, KiloFrame, KiloState,
    Kilominx, CUBIE_NAMES, FIXED,
};
use twisty_core::InvalidState;

impl CliPuzzle for Kilominx {
    fn scramble_length(&self) -> usize {
        30
    }

    fn render(&self, state: &KiloState, colour: bool) -> String {
        render_net(state, colour)
    }

    /// The state string of the puzzle as held: 20 words of three colour letters.
    fn state_string_held(&self, state: &KiloState, frame: KiloFrame) -> Option<String> {
        Some(to_state_string(state, frame))
    }

    fn parse_state_string(&self, text: &str) -> CliResult<KiloState> {
        self.parse_state_string_held(text).map(|(s, _)| s)
    }

    /// A state string of the puzzle held in any orientation (20 words of three colour
    /// letters, or one word of 60).
    fn parse_state_string_held(&self, text: &str) -> CliResult<(KiloState, KiloFrame)> {
        from_state_string(text).map_err(|e| match e {
            InvalidState::Malformed(_) => CliError::usage(anyhow::anyhow!("bad Kilominx state string: {e}")),
            other => CliError::from(other),
        })
    }

    /// Drawn as held, the faces labelled in cubing.js's notation.
    fn render_held(&self, state: &KiloState, frame: KiloFrame, colour: bool) -> String {
        render_net_held(state, frame, HeldNames::Cubing, colour)
    }

    /// `EDIT <position> <cubie> [twist]` (e.g. `EDIT UFR MFR 1`) puts a cubie at a position
    /// in a draft, applied as soon as the draft is a legal state; `EDIT CANCEL` drops it.
    /// The UFL cubie is fixed and cannot be edited.
    fn edit(
        &self,
        state: &KiloState,
        draft: &mut Option<String>,
        words: &[&str],
    ) -> Result<crate::puzzles::edit::EditOutcome<KiloState>, String> {
        use crate::puzzles::edit::EditOutcome;
        let find = |w: &str| {
            CUBIE_NAMES
                .iter()
                .position(|n| n.eq_ignore_ascii_case(w))
                .ok_or_else(|| format!("`{w}` is not a Kilominx position: use {}", CUBIE_NAMES.join(" ")))
        };
        // The draft is stored as "cubie:twist" per position.
        let mut cubies: [u8; 20] = std::array::from_fn(|i| state.cubie(i));
        let mut twists: [u8; 20] = std::array::from_fn(|i| state.twist(i));
        if let Some(d) = draft.as_deref() {
            for (i, item) in d.split(',').enumerate().take(20) {
                let (c, t) = item.split_once(':').unwrap_or(("0", "0"));
                cubies[i] = c.parse().unwrap_or(0);
                twists[i] = t.parse().unwrap_or(0);
            }
        }
        let (pos, cubie, twist) = match words {
            [w] if w.eq_ignore_ascii_case("cancel") => {
                *draft = None;
                return Ok(EditOutcome::Note(String::from("edit draft dropped")));
            }
            [p, c] => (find(p)?, find(c)?, 0u8),
            [p, c, t] => {
                let t: u8 = t
                    .parse()
                    .ok()
                    .filter(|&t| t < 3)
                    .ok_or_else(|| format!("`{t}` is not a twist (0, 1 or 2)"))?;
                (find(p)?, find(c)?, t)
            }
            _ => {
                return Err(String::from(
                    "usage: EDIT <position> <cubie> [twist 0-2] (e.g. EDIT UFR MFR 1), or EDIT CANCEL",
                ))
            }
        };
        if pos == FIXED || cubie == FIXED {
            return Err(String::from("the UFL cubie is fixed and cannot be edited"));
        }
        cubies[pos] = cubie as u8;
        twists[pos] = twist;
        match KiloState::from_parts(cubies, twists) {
            Ok(s) => {
                *draft = None;
                Ok(EditOutcome::Apply(s))
            }
            Err(e) => {
                let text: Vec<String> = (0..20).map(|i| format!("{}:{}", cubies[i], twists[i])).collect();
                *draft = Some(text.join(","));
                let shown: Vec<String> = (0..20)
                    .filter(|&i| cubies[i] as usize != i || twists[i] != 0)
                    .map(|i| {
                        format!(
                            "{}={}{}",
                            CUBIE_NAMES[i],
                            CUBIE_NAMES[cubies[i] as usize],
                            if twists[i] > 0 {
                                format!("+{}", twists[i])
                            } else {
                                String::new()
                            }
                        )
                    })
                    .collect();
                Ok(EditOutcome::Pending(shown.join(" "), e.to_string()))
            }
        }
    }

    /// cubing.js's face names, typed letter by letter in `play --keys`.
    fn key_faces(&self) -> Vec<&'static str> {
        twisty_core::kilominx::CUBING_FACE_NAMES.to_vec()
    }

    fn engine_state(&self, state: &KiloState) -> twisty_engine::State {
        twisty_engine::State::Kilominx(*state)
    }
}
