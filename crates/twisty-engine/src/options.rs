//! Typed solver options: each solver declares its [`OptionSpec`]s (name, type, default,
//! range, help) once, in its own file; [`resolve`] checks a request's options against them —
//! unknown names, options of another solver, wrong types and out-of-range values are refused
//! with a message naming the option — and fills in the defaults.

use crate::error::EngineError;
use crate::request::Purpose;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The type and valid range of an option.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`.
    Bool,
    /// A whole number in `min..=max`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A number in `min..=max`.
    Float {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// One of a list of names.
    Choice {
        /// The names.
        values: &'static [&'static str],
    },
    /// Free text (e.g. a file path).
    Text,
}

/// One option of a solver.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionSpec {
    /// Its name (`snake_case`; the CLI flag is the same with `-`).
    pub name: &'static str,
    /// Its type and range.
    #[serde(flatten)]
    pub kind: OptionKind,
    /// Its default (`null`: none, the solver decides).
    pub default: Value,
    /// Its default for a solve that is one of many ([`Purpose::Batch`]; `null`: the same
    /// as [`OptionSpec::default`]).
    #[serde(skip_serializing_if = "Value::is_null")]
    pub batch_default: Value,
    /// One line of help.
    pub help: &'static str,
}

impl OptionSpec {
    /// A boolean option, default `false`.
    pub const fn flag(name: &'static str, help: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Bool,
            default: Value::Bool(false),
            batch_default: Value::Null,
            help,
        }
    }

    /// A whole-number option.
    pub fn int(
        name: &'static str,
        min: i64,
        max: i64,
        default: Option<i64>,
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Int { min, max },
            default: default.map_or(Value::Null, Value::from),
            batch_default: Value::Null,
            help,
        }
    }

    /// A number option.
    pub fn float(name: &'static str, min: f64, max: f64, default: f64, help: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Float { min, max },
            default: Value::from(default),
            batch_default: Value::Null,
            help,
        }
    }

    /// A choice among names.
    pub fn choice(
        name: &'static str,
        values: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Choice { values },
            default: Value::from(default),
            batch_default: Value::Null,
            help,
        }
    }

    /// A text option without default.
    pub fn text(name: &'static str, help: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Text,
            default: Value::Null,
            batch_default: Value::Null,
            help,
        }
    }

    /// The same option with another default for solves that are one of many
    /// ([`Purpose::Batch`]: a batch, `solve_many`), where throughput comes first.
    pub fn batch_default(mut self, value: impl Into<Value>) -> OptionSpec {
        self.batch_default = value.into();
        self
    }

    /// Its default for a solve of `purpose`.
    pub fn default_for(&self, purpose: Purpose) -> &Value {
        match purpose {
            Purpose::Batch if !self.batch_default.is_null() => &self.batch_default,
            _ => &self.default,
        }
    }

    /// The default for people: `80` or `80 (0 in a batch)`.
    pub fn default_text(&self) -> String {
        if self.batch_default.is_null() {
            self.default.to_string()
        } else {
            format!(
                "{}; {} in a batch, solve_many, Ray",
                self.default, self.batch_default
            )
        }
    }

    fn check(&self, v: &Value) -> Result<Value, String> {
        match &self.kind {
            OptionKind::Bool => match v {
                Value::Bool(b) => Ok(Value::Bool(*b)),
                Value::String(s) if s == "true" || s == "false" => Ok(Value::Bool(s == "true")),
                _ => Err("must be true or false".to_string()),
            },
            OptionKind::Int { min, max } => {
                let n = match v {
                    Value::Number(n) => n.as_i64().or_else(|| {
                        n.as_f64()
                            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                            .map(|f| f as i64)
                    }),
                    Value::String(s) => s.trim().parse::<i64>().ok(),
                    _ => None,
                };
                match n {
                    Some(n) if (*min..=*max).contains(&n) => Ok(Value::from(n)),
                    _ => Err(format!("must be a whole number from {min} to {max}")),
                }
            }
            OptionKind::Float { min, max } => {
                let f = match v {
                    Value::Number(n) => n.as_f64(),
                    Value::String(s) => s.trim().parse::<f64>().ok(),
                    _ => None,
                };
                match f {
                    Some(f) if f.is_finite() && f >= *min && f <= *max => Ok(Value::from(f)),
                    _ => Err(format!("must be a number from {min} to {max}")),
                }
            }
            OptionKind::Choice { values } => match v.as_str() {
                Some(s) if values.contains(&s) => Ok(Value::from(s)),
                _ => Err(format!("must be one of {}", values.join(", "))),
            },
            OptionKind::Text => v
                .as_str()
                .filter(|s| s.len() <= 4096)
                .map(Value::from)
                .ok_or_else(|| "must be a string of at most 4096 bytes".to_string()),
        }
    }
}

/// A request's options by name, as given (JSON values; the CLI and Python give strings,
/// numbers and booleans).
pub type Options = BTreeMap<String, Value>;

/// Options checked against a solver's specs, with every default filled in.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Resolved(Map<String, Value>);

impl Resolved {
    /// A whole-number option (`None` when it has no value).
    pub fn int(&self, name: &str) -> Option<i64> {
        self.0.get(name).and_then(Value::as_i64)
    }

    /// A whole-number option as `u64` (`None` when unset or negative).
    pub fn u64(&self, name: &str) -> Option<u64> {
        self.int(name).and_then(|n| u64::try_from(n).ok())
    }

    /// A whole-number option as `usize`.
    pub fn usize(&self, name: &str) -> Option<usize> {
        self.int(name).and_then(|n| usize::try_from(n).ok())
    }

    /// A number option.
    pub fn float(&self, name: &str) -> Option<f64> {
        self.0.get(name).and_then(Value::as_f64)
    }

    /// A boolean option (`false` when unset).
    pub fn flag(&self, name: &str) -> bool {
        self.0.get(name).and_then(Value::as_bool).unwrap_or(false)
    }

    /// A choice or text option.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.0.get(name).and_then(Value::as_str)
    }

    /// The resolved options as JSON (for reports).
    pub fn to_json(&self) -> Value {
        Value::Object(self.0.clone())
    }
}

/// Checks `given` against `specs` for `solver` and fills in the defaults of a single solve.
pub fn resolve(solver: &str, specs: &[OptionSpec], given: &Options) -> Result<Resolved, EngineError> {
    resolve_for(solver, specs, given, Purpose::Single)
}

/// Checks `given` against `specs` for `solver` and fills in the defaults for `purpose`.
pub fn resolve_for(
    solver: &str,
    specs: &[OptionSpec],
    given: &Options,
    purpose: Purpose,
) -> Result<Resolved, EngineError> {
    let mut out = Map::new();
    for (name, value) in given {
        let key = name.replace('-', "_");
        let Some(spec) = specs.iter().find(|s| s.name == key) else {
            let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(EngineError::usage(format!(
                "option `{name}` does not apply to the {solver} solver{}",
                if known.is_empty() {
                    " (it has no options)".to_string()
                } else {
                    format!(" (its options: {})", known.join(", "))
                }
            )));
        };
        if value.is_null() {
            continue;
        }
        let v = spec
            .check(value)
            .map_err(|why| EngineError::usage(format!("option `{name}` of the {solver} solver {why}")))?;
        out.insert(key, v);
    }
    for spec in specs {
        let default = spec.default_for(purpose);
        if !out.contains_key(spec.name) && !default.is_null() {
            out.insert(spec.name.to_string(), default.clone());
        }
    }
    Ok(Resolved(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::int("probes", 0, 1_000_000, Some(0), "p"),
            OptionSpec::float("weight", 0.1, 100.0, 3.0, "w"),
            OptionSpec::choice("goal", &["fixed", "any-orientation"], "fixed", "g"),
            OptionSpec::flag("all", "a"),
        ]
    }

    #[test]
    fn defaults_fill_in_and_values_are_checked() {
        let mut given = Options::new();
        given.insert("weight".into(), Value::from("2.5"));
        let r = resolve("x", &specs(), &given).unwrap_or_default();
        assert_eq!(r.u64("probes"), Some(0));
        assert_eq!(r.float("weight"), Some(2.5));
        assert_eq!(r.str("goal"), Some("fixed"));
        assert!(!r.flag("all"));
        for (name, bad) in [
            ("probes", Value::from(-1)),
            ("weight", Value::from(1e30)),
            ("goal", Value::from("x")),
        ] {
            let mut g = Options::new();
            g.insert(name.into(), bad);
            let e = resolve("x", &specs(), &g).err();
            assert_eq!(e.as_ref().map(|e| e.kind), Some(ErrorKind::Usage));
            assert!(e.is_some_and(|e| e.message.contains(name)));
        }
        // A default by use: a batch gets its own unless the option is given.
        let by_use = [OptionSpec::int("budget", 0, 1000, Some(80), "b").batch_default(0)];
        let single = resolve("x", &by_use, &Options::new()).unwrap_or_default();
        let batch = resolve_for("x", &by_use, &Options::new(), Purpose::Batch).unwrap_or_default();
        assert_eq!((single.u64("budget"), batch.u64("budget")), (Some(80), Some(0)));
        let mut g = Options::new();
        g.insert("budget".into(), Value::from(5));
        let given = resolve_for("x", &by_use, &g, Purpose::Batch).unwrap_or_default();
        assert_eq!(given.u64("budget"), Some(5));
        assert_eq!(by_use[0].default_text(), "80; 0 in a batch, solve_many, Ray");
        let mut g = Options::new();
        g.insert("heuristic".into(), Value::from("korf"));
        let e = resolve("two-phase", &specs(), &g).err().map(|e| e.message);
        assert!(e.is_some_and(|m| m.contains("`heuristic` does not apply to the two-phase solver")));
    }
}
