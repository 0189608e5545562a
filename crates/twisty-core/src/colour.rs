//! Text rendering helpers: a character canvas whose cells carry sticker colours, printed
//! as ANSI 24-bit colour when asked, or as plain letters otherwise.

/// A 24-bit colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Whether black text reads better than white text on this background.
    fn dark_text(self) -> bool {
        let Rgb(r, g, b) = self;
        (299 * r as u32 + 587 * g as u32 + 114 * b as u32) / 1000 > 110
    }
}

/// Standard cube sticker colours, by the face letter of the standard colour scheme
/// (U white, R red, F green, D yellow, L orange, B blue).
pub fn cube_face_colour(face: char) -> Option<Rgb> {
    Some(match face {
        'U' => Rgb(245, 245, 245),
        'R' => Rgb(200, 30, 30),
        'F' => Rgb(20, 160, 60),
        'D' => Rgb(250, 215, 0),
        'L' => Rgb(255, 130, 0),
        'B' => Rgb(30, 80, 220),
        _ => return None,
    })
}

/// One cell of a [`Canvas`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The character shown (a sticker's letter, or layout text).
    pub ch: char,
    /// Background colour when rendered in colour; `None` for plain text.
    pub colour: Option<Rgb>,
    /// Whether to emphasise the cell (e.g. newly solved pieces).
    pub bold: bool,
}

impl Default for Cell {
    fn default() -> Self {
        Cell {
            ch: ' ',
            colour: None,
            bold: false,
        }
    }
}

/// A grid of cells. Stickers are written two columns wide (`letter` + space) so nets keep
/// their proportions in a terminal.
#[derive(Debug, Clone, Default)]
pub struct Canvas {
    rows: Vec<Vec<Cell>>,
}

impl Canvas {
    /// An empty canvas.
    pub fn new() -> Self {
        Self::default()
    }

    fn cell_mut(&mut self, row: usize, col: usize) -> &mut Cell {
        if self.rows.len() <= row {
            self.rows.resize(row + 1, Vec::new());
        }
        let r = &mut self.rows[row];
        if r.len() <= col {
            r.resize(col + 1, Cell::default());
        }
        &mut r[col]
    }

    /// Writes plain text starting at (`row`, `col`).
    pub fn text(&mut self, row: usize, col: usize, text: &str) {
        for (i, ch) in text.chars().enumerate() {
            *self.cell_mut(row, col + i) = Cell {
                ch,
                colour: None,
                bold: false,
            };
        }
    }

    /// Writes one cell.
    pub fn put(&mut self, row: usize, col: usize, ch: char, colour: Option<Rgb>, bold: bool) {
        *self.cell_mut(row, col) = Cell { ch, colour, bold };
    }

    /// Writes a sticker (two columns: its letter and a space, both coloured).
    pub fn sticker(&mut self, row: usize, col: usize, letter: char, colour: Option<Rgb>, bold: bool) {
        *self.cell_mut(row, col) = Cell {
            ch: letter,
            colour,
            bold,
        };
        *self.cell_mut(row, col + 1) = Cell {
            ch: ' ',
            colour,
            bold,
        };
    }

    /// Renders the canvas. With `colour`, stickers get ANSI 24-bit backgrounds; without, only
    /// their letters are printed. Trailing spaces are trimmed from each line.
    pub fn render(&self, colour: bool) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let mut line = String::new();
            let mut current: Option<(Rgb, bool)> = None;
            for cell in row {
                let want = if colour {
                    cell.colour.map(|c| (c, cell.bold))
                } else {
                    None
                };
                if want != current {
                    if current.is_some() {
                        line.push_str("\x1b[0m");
                    }
                    if let Some((c, bold)) = want {
                        let fg = if c.dark_text() { "30" } else { "97" };
                        let b = if bold { "1;" } else { "" };
                        line.push_str(&format!("\x1b[{b}{fg};48;2;{};{};{}m", c.0, c.1, c.2));
                    }
                    current = want;
                }
                if !colour && cell.bold && cell.ch == ' ' {
                    line.push(' ');
                } else {
                    line.push(cell.ch);
                }
            }
            if current.is_some() {
                line.push_str("\x1b[0m");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// The unfolded net of an N×N×N cube's state string (`6·N²` face letters in the order
/// U R F D L B, each face row by row): U above, L F R B in a row, D below F, each sticker
/// on its face's colour. Missing letters are drawn as `?`.
pub fn cube_net(letters: &[char], n: usize, colour: bool) -> String {
    let mut canvas = Canvas::new();
    // (face index, row offset, column offset), in stickers.
    let layout = [
        (0usize, 0usize, n),
        (4, n, 0),
        (2, n, n),
        (1, n, 2 * n),
        (5, n, 3 * n),
        (3, 2 * n, n),
    ];
    for (face, r0, c0) in layout {
        for k in 0..n * n {
            let letter = letters.get(n * n * face + k).copied().unwrap_or('?');
            let col = 2 * (c0 + k % n) + c0 / n;
            canvas.sticker(r0 + k / n, col, letter, cube_face_colour(letter), false);
        }
    }
    canvas.render(colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_colour_rendering() {
        let mut c = Canvas::new();
        c.text(0, 0, "ab");
        c.sticker(1, 2, 'U', cube_face_colour('U'), false);
        assert_eq!(c.render(false), "ab\n  U\n");
        let coloured = c.render(true);
        assert!(coloured.contains("\x1b[30;48;2;245;245;245mU \x1b[0m"));
    }
}
