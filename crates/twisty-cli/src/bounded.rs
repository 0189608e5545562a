//! Reads with a bound: one input (a moves file, standard input) is read up to the engine's
//! input limit and refused past it without reading the rest; a batch input is read line by
//! line, each line kept up to the same limit (a longer one becomes that line's error
//! record) and the input given up past [`MAX_LINE_SKIP`] bytes without a line break (a
//! device such as `/dev/zero` is not a list of inputs). A UTF-8 byte order mark at the
//! start is skipped.

use std::io::{self, BufRead, Read};

/// Largest single input read, in bytes: the engine's limit ([`twisty_engine::MAX_INPUT_BYTES`]).
pub const MAX_INPUT: usize = twisty_engine::MAX_INPUT_BYTES;

/// Bytes of one batch line read (and dropped) past [`MAX_INPUT`] before the input is given
/// up as not a list of inputs.
pub const MAX_LINE_SKIP: u64 = 1 << 30;

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Why a bounded read failed.
#[derive(Debug)]
pub enum BoundedError {
    /// Reading failed.
    Io(io::Error),
    /// More bytes than the limit.
    TooLarge(usize),
}

impl std::fmt::Display for BoundedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoundedError::Io(e) => write!(f, "{e}"),
            BoundedError::TooLarge(n) => write!(
                f,
                "more than {n} bytes: one input is at most {n} bytes (for many states, one per line, use --batch FILE)"
            ),
        }
    }
}

impl std::error::Error for BoundedError {}

impl From<io::Error> for BoundedError {
    fn from(e: io::Error) -> Self {
        BoundedError::Io(e)
    }
}

/// All of `r` up to `limit` bytes, as text (invalid UTF-8 replaced, so that the parser names
/// the bad character); a leading byte order mark is dropped.
pub fn read_text(r: impl Read, limit: usize) -> Result<String, BoundedError> {
    let mut bytes = Vec::new();
    r.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Err(BoundedError::TooLarge(limit));
    }
    let text = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    Ok(String::from_utf8_lossy(text).into_owned())
}

/// The lines of a batch input, each at most `max` bytes kept (see the module).
#[derive(Debug)]
pub struct BoundedLines<R> {
    reader: R,
    max: usize,
    skip_limit: u64,
    number: u64,
}

impl<R: BufRead> BoundedLines<R> {
    /// Lines of `reader`, each kept up to `max` bytes.
    pub fn new(reader: R, max: usize) -> Self {
        BoundedLines {
            reader,
            max,
            skip_limit: MAX_LINE_SKIP,
            number: 0,
        }
    }

    /// The same with another bound on a line's length before the input is given up.
    #[cfg(test)]
    fn skip_limit(mut self, bytes: u64) -> Self {
        self.skip_limit = bytes;
        self
    }

    /// The next line without its line break: `Ok(None)` at the end. A line longer than
    /// `max` is cut to `max + 1` bytes (so that it is refused as too large, with its start
    /// echoed); one longer than the skip limit is an error.
    pub fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut buf = Vec::new();
        let mut total = 0u64;
        let mut ended = false;
        loop {
            let avail = match self.reader.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                break;
            }
            let (take, newline) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (avail.len(), false),
            };
            let room = (self.max + 1).saturating_sub(buf.len());
            buf.extend_from_slice(&avail[..take.min(room)]);
            self.reader.consume(take);
            total += take as u64;
            if newline {
                ended = true;
                break;
            }
            if total > self.skip_limit {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "line {} has more than {} bytes without a line break: not a list of inputs",
                        self.number + 1,
                        self.skip_limit
                    ),
                ));
            }
        }
        if total == 0 {
            return Ok(None);
        }
        self.number += 1;
        if ended && buf.last() == Some(&b'\n') {
            buf.pop();
        }
        while matches!(buf.last(), Some(b'\r')) {
            buf.pop();
        }
        if self.number == 1 {
            if let Some(rest) = buf.strip_prefix(BOM) {
                buf = rest.to_vec();
            }
        }
        Ok(Some(buf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize, skip: u64) -> Vec<Result<Vec<u8>, String>> {
        let mut r = BoundedLines::new(input, max).skip_limit(skip);
        let mut out = Vec::new();
        loop {
            match r.next_line() {
                Ok(Some(l)) => out.push(Ok(l)),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    #[test]
    fn long_lines_are_cut_and_endless_ones_stop_the_input() {
        let got = lines(b"\xef\xbb\xbfR U\r\nxxxxxxxxxx\nF\n\nB", 6, 100);
        let want: Vec<Result<Vec<u8>, String>> = vec![
            Ok(b"R U".to_vec()),
            Ok(b"xxxxxxx".to_vec()),
            Ok(b"F".to_vec()),
            Ok(Vec::new()),
            Ok(b"B".to_vec()),
        ];
        assert_eq!(got, want);
        let endless = vec![0u8; 1000];
        let got = lines(&endless, 4, 100);
        assert_eq!(got.len(), 1);
        assert!(matches!(&got[0], Err(m) if m.contains("line 1 has more than 100 bytes")));
    }

    #[test]
    fn one_input_is_read_up_to_its_limit() {
        assert_eq!(read_text(&b"\xef\xbb\xbfR U"[..], 8).ok().as_deref(), Some("R U"));
        assert!(matches!(
            read_text(&[b'R'; 9][..], 8),
            Err(BoundedError::TooLarge(8))
        ));
        assert!(read_text(&[b'R'; 8][..], 8).is_ok());
    }
}
