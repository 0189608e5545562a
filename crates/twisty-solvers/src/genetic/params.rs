//! The GA's parameters ([`GaParams`]) and the bounds and default of its attempts per step.

/// Largest [`GaParams::attempts`].
pub const MAX_ATTEMPTS: usize = 1024;

/// Largest population × chromosome length: the genes one GA run holds (twice, with the
/// next generation), in bytes.
pub const MAX_GENES: usize = 1 << 24;

/// Largest population × attempts: the chromosomes of one step's runs.
pub const MAX_STEP_POPULATION: usize = 1 << 22;

/// Independent GA runs per step by default ([`GaParams::attempts`]).
pub const DEFAULT_ATTEMPTS: usize = 16;

/// GA parameters (defaults: the paper's, and [`DEFAULT_ATTEMPTS`] GA runs per step).
#[derive(Debug, Clone, PartialEq)]
pub struct GaParams {
    /// Population size (100).
    pub population: usize,
    /// Chromosome length (27).
    pub chromosome: usize,
    /// Largest number of generations per GA run (50).
    pub generations: usize,
    /// Fraction of the population selected as winners (0.1).
    pub winners: f64,
    /// Conjugation mutations per generation as a fraction of the population (1.0).
    pub mutation: f64,
    /// Independent GA runs per step; the step plays the best (lowest error, then fewest
    /// moves; the first on ties). The paper runs one ([`GaParams::paper`]).
    pub attempts: usize,
}

impl Default for GaParams {
    fn default() -> Self {
        GaParams {
            population: 100,
            chromosome: 27,
            generations: 50,
            winners: 0.1,
            mutation: 1.0,
            attempts: DEFAULT_ATTEMPTS,
        }
    }
}

impl GaParams {
    /// The seed's loop exactly: the paper's parameters and one GA run per step.
    pub fn paper() -> Self {
        GaParams {
            attempts: 1,
            ..GaParams::default()
        }
    }

    /// Checks the parameters, naming the bad one.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=100_000).contains(&self.population) {
            return Err(format!("population {} must be 2..=100000", self.population));
        }
        if !(1..=1000).contains(&self.chromosome) {
            return Err(format!("chromosome length {} must be 1..=1000", self.chromosome));
        }
        if !(1..=1_000_000).contains(&self.generations) {
            return Err(format!("generations {} must be 1..=1000000", self.generations));
        }
        if !(self.winners > 0.0 && self.winners <= 1.0) {
            return Err(format!("winner ratio {} must be in (0, 1]", self.winners));
        }
        if !(self.mutation >= 0.0 && self.mutation <= 100.0) {
            return Err(format!("mutation ratio {} must be in [0, 100]", self.mutation));
        }
        if !(1..=MAX_ATTEMPTS).contains(&self.attempts) {
            return Err(format!("attempts {} must be 1..={MAX_ATTEMPTS}", self.attempts));
        }
        if self.population * self.chromosome > MAX_GENES {
            return Err(format!(
                "population {} × chromosome length {} is more than {MAX_GENES} genes per run",
                self.population, self.chromosome
            ));
        }
        if self.population * self.attempts > MAX_STEP_POPULATION {
            return Err(format!(
                "population {} × attempts {} is more than {MAX_STEP_POPULATION} chromosomes per step",
                self.population, self.attempts
            ));
        }
        Ok(())
    }
}
