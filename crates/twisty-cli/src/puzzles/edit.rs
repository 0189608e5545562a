//! `EDIT` in `twisty play`: changing a state through its state string, sticker by sticker.

use crate::puzzles::CliPuzzle;

/// What an EDIT command did.
pub enum EditOutcome<S> {
    /// The edit gives a legal state: apply it.
    Apply(S),
    /// The draft changed but is not a legal state yet (reason given); nothing applied.
    Pending(String, String),
    /// Nothing changed; a note for the user.
    Note(String),
}

/// The default EDIT, on the puzzle's state string. `EDIT <string>` replaces the whole state;
/// `EDIT <face><n> <colour>` sets sticker n (1-based, row by row) of a face in a draft that is
/// applied as soon as it describes a legal state; `EDIT CANCEL` drops the draft.
pub fn edit_state_string<P: CliPuzzle + ?Sized>(
    p: &P,
    state: &P::State,
    draft: &mut Option<String>,
    words: &[&str],
) -> Result<EditOutcome<P::State>, String> {
    let Some(current) = p.state_string(state) else {
        return Err(format!("EDIT is not available for the {}", p.name()));
    };
    let base = draft.clone().unwrap_or_else(|| current.clone());
    let fixed = p.fixed_stickers();
    match words {
        [w] if w.eq_ignore_ascii_case("cancel") => {
            *draft = None;
            Ok(EditOutcome::Note(String::from("edit draft dropped")))
        }
        [whole] => {
            if whole.chars().count() != current.chars().count() {
                return Err(format!(
                    "a state string has {} characters, not {}",
                    current.chars().count(),
                    whole.chars().count()
                ));
            }
            if let Some(i) = whole
                .chars()
                .zip(current.chars())
                .position(|(a, b)| a != b)
                .filter(|i| fixed.contains(i))
            {
                return Err(format!(
                    "sticker {} belongs to a fixed piece and cannot be edited",
                    i + 1
                ));
            }
            let s = p.parse_state_string(whole).map_err(|e| format!("{e:#}"))?;
            *draft = None;
            Ok(EditOutcome::Apply(s))
        }
        [sticker, colour] => {
            let faces = "URFDLB";
            let mut chars = sticker.chars();
            let face = chars.next().map(|c| c.to_ascii_uppercase());
            let index: Option<usize> = chars.as_str().parse().ok();
            let per_face = current.chars().count() / 6;
            let (Some(face), Some(index)) = (face, index) else {
                return Err(format!(
                    "`{sticker}` is not a sticker: expected a face letter and a number, e.g. U1"
                ));
            };
            let Some(f) = faces.find(face) else {
                return Err(format!("`{sticker}`: the face must be one of U R F D L B"));
            };
            if !(1..=per_face).contains(&index) {
                return Err(format!(
                    "`{sticker}`: stickers of a face are numbered 1 to {per_face}"
                ));
            }
            let pos = f * per_face + index - 1;
            if fixed.contains(&pos) {
                return Err(format!(
                    "{sticker} belongs to a fixed piece (a centre or the fixed corner) and cannot be edited"
                ));
            }
            let c = colour.to_ascii_uppercase();
            let Some(new_colour) = c.chars().next().filter(|ch| c.len() == 1 && faces.contains(*ch)) else {
                return Err(format!(
                    "`{colour}` is not a colour: use the face letters U R F D L B"
                ));
            };
            let new: String = base
                .chars()
                .enumerate()
                .map(|(i, ch)| if i == pos { new_colour } else { ch })
                .collect();
            match p.parse_state_string(&new) {
                Ok(s) => {
                    *draft = None;
                    Ok(EditOutcome::Apply(s))
                }
                Err(e) => {
                    *draft = Some(new.clone());
                    Ok(EditOutcome::Pending(new, format!("{e:#}")))
                }
            }
        }
        _ => Err(String::from(
            "usage: EDIT <face><n> <colour> (e.g. EDIT U1 R), EDIT <whole state string>, EDIT CANCEL",
        )),
    }
}
