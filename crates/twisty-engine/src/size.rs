//! Sizes as users write them: the memory cap of the command line (`--max-memory 4G`,
//! `$TWISTY_MAX_MEMORY`) and of the Python package (`max_memory="4G"`).

/// Parses a size such as `512M`, `2G`, `1.5GiB` or `1000000`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("`{text}` is not a size such as 512M or 2G"))?;
    let mult = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1u64,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => return Err(format!("`{text}`: unknown unit `{unit}` (use K, M, G or T)")),
    };
    if !(n.is_finite() && n > 0.0) {
        return Err(format!("`{text}` must be a positive size"));
    }
    match (n * mult as f64) as u64 {
        0 => Err(format!("`{text}` is less than a byte")),
        bytes => Ok(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_with_and_without_units() {
        assert_eq!(parse_size("1000000"), Ok(1_000_000));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size(" 4 gb "), Ok(4 << 30));
        assert_eq!(parse_size("1T"), Ok(1 << 40));
    }

    #[test]
    fn bad_sizes_say_why() {
        for (text, why) in [
            ("lots", "is not a size"),
            ("", "is not a size"),
            ("4Q", "unknown unit"),
            ("0", "positive"),
            ("0.1", "less than a byte"),
            ("-1G", "is not a size"),
        ] {
            let e = parse_size(text).expect_err(text);
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
