//! The statistics of a balance report, computed from integer counts only.
//!
//! A report must be the same whatever the thread count or shard split, so
//! everything it accumulates is an integer (counts, sums, sums of squares, a
//! histogram of game lengths) and every float here is computed once, at the
//! end, from those integers. Takes counts in, gives rates, intervals and
//! percentiles out.

use serde::{Deserialize, Serialize};

/// The normal quantile for a two-sided 95% interval (z for 0.975).
const Z_95: f64 = 1.959_963_984_540_054;

/// A share with its Wilson score 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// How many of the trials succeeded.
    pub count: u64,
    /// How many trials there were.
    pub of: u64,
    /// `count / of`; `None` (JSON `null`) when there were no trials:
    /// nothing is known of the share then, which 0 would misstate.
    pub rate: Option<f64>,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` successes in `of` trials, with the Wilson score interval.
    ///
    /// Wilson rather than the normal ("Wald") interval because balance
    /// questions live near 0 and 1 ("does this side ever win?"), where Wald
    /// collapses to a zero-width interval and Wilson stays honest.
    pub fn new(count: u64, of: u64) -> Rate {
        let (low, high) = wilson(count, of);
        Rate {
            count,
            of,
            rate: (of > 0).then(|| count as f64 / of as f64),
            low,
            high,
        }
    }
}

/// The Wilson score 95% interval of `successes` in `trials`; `(0, 1)` when
/// there are no trials, since nothing is known.
pub fn wilson(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z_95 * Z_95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 or 1 one end is exactly p, which rounding would miss by a
    // hair (8.7e-19 above 0 at 0 of 300): a reader checking that the
    // interval holds the share must find it does.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).clamp(0.0, p)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).clamp(p, 1.0)
    };
    (low, high)
}

/// A difference between two independent shares (the first less the
/// second) and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// `first.rate - second.rate`, from -1 to 1.
    pub difference: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Difference {
    /// `first - second` with Newcombe's hybrid score interval (his method
    /// 10, built from the two Wilson intervals): like Wilson's, it stays
    /// inside [-1, 1] and honest near the ends, where the normal interval
    /// does not. `None` when either share has no trials: nothing is known
    /// of the difference then.
    pub fn between(first: &Rate, second: &Rate) -> Option<Difference> {
        let (Some(first_rate), Some(second_rate)) = (first.rate, second.rate) else {
            return None;
        };
        let difference = first_rate - second_rate;
        let below = (first_rate - first.low).hypot(second.high - second_rate);
        let above = (first.high - first_rate).hypot(second_rate - second.low);
        Some(Difference {
            difference,
            low: (difference - below).max(-1.0),
            high: (difference + above).min(1.0),
        })
    }
}

/// Exact, mergeable counts of a whole-number quantity (game length in
/// rounds): how often each value occurred, plus sums for the mean and
/// spread. Memory grows with the number of distinct values, never with the
/// number of games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    /// `counts[v]` is how many times the value `v` was seen.
    counts: Vec<u64>,
    sum: u64,
    /// The sum of squares needs more than 64 bits long before a report is
    /// too big to be useful (2^64 / 1000^2 games of 1000 rounds).
    sum_of_squares: u128,
}

impl Histogram {
    pub fn add(&mut self, value: u32) {
        let slot = value as usize;
        if self.counts.len() <= slot {
            self.counts.resize(slot + 1, 0);
        }
        self.counts[slot] += 1;
        self.sum += u64::from(value);
        self.sum_of_squares += u128::from(value) * u128::from(value);
    }

    /// Adds `other`'s values; `None` when a count or sum would pass its
    /// bits (histograms edited by hand), `self` then partly added.
    pub fn merge(&mut self, other: &Histogram) -> Option<()> {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine = mine.checked_add(*theirs)?;
        }
        self.sum = self.sum.checked_add(other.sum)?;
        self.sum_of_squares = self.sum_of_squares.checked_add(other.sum_of_squares)?;
        Some(())
    }

    /// How many values were seen (saturating: an edited histogram may
    /// count past `u64`, which [`Histogram::is_consistent`] refuses).
    pub fn len(&self) -> u64 {
        self.counts
            .iter()
            .fold(0u64, |total, &count| total.saturating_add(count))
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the kept sums are those of the counts (a histogram read
    /// from a file may have been edited).
    pub fn is_consistent(&self) -> bool {
        let mut totals = Some((0u64, 0u128, 0u128));
        for (value, count) in self.values() {
            totals = totals.and_then(|(len, sum, squares)| {
                let (value, wide) = (u128::from(value), u128::from(count));
                Some((
                    len.checked_add(count)?,
                    sum.checked_add(value.checked_mul(wide)?)?,
                    squares.checked_add(value.checked_mul(value)?.checked_mul(wide)?)?,
                ))
            });
        }
        totals.is_some_and(|(_, sum, squares)| {
            sum == u128::from(self.sum) && squares == self.sum_of_squares
        })
    }

    /// The (value, count) pairs seen, smallest value first.
    pub fn values(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count > 0)
            .map(|(value, &count)| (value as u32, count))
    }

    /// The nearest-rank percentile: the smallest value with at least `p`
    /// percent of the values at or below it. `None` when empty.
    pub fn percentile(&self, p: u32) -> Option<u32> {
        let total = self.len();
        if total == 0 {
            return None;
        }
        // ceil(p/100 * total), at least rank 1.
        let rank = (u128::from(p) * u128::from(total)).div_ceil(100).max(1);
        let mut seen: u128 = 0;
        for (value, count) in self.values() {
            seen += u128::from(count);
            if seen >= rank {
                return Some(value);
            }
        }
        self.values().last().map(|(value, _)| value)
    }

    /// Mean, standard deviation (population), minimum, maximum and the
    /// 5th, 25th, 50th, 75th and 95th percentiles.
    pub fn spread(&self) -> Option<Spread> {
        let total = self.len();
        if total == 0 {
            return None;
        }
        let n = total as f64;
        let mean = self.sum as f64 / n;
        // n * sum(x^2) - sum(x)^2 is exact in integers, so the variance has
        // no cancellation error whatever the order games finished in.
        let numerator =
            u128::from(total) * self.sum_of_squares - u128::from(self.sum) * u128::from(self.sum);
        let sd = (numerator as f64).sqrt() / n;
        let percentile = |p| self.percentile(p).expect("not empty");
        Some(Spread {
            mean,
            sd,
            min: self
                .values()
                .next()
                .map(|(value, _)| value)
                .expect("not empty"),
            max: self
                .values()
                .last()
                .map(|(value, _)| value)
                .expect("not empty"),
            p5: percentile(5),
            p25: percentile(25),
            p50: percentile(50),
            p75: percentile(75),
            p95: percentile(95),
        })
    }
}

/// Where the values of a histogram lie.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    pub mean: f64,
    pub sd: f64,
    pub min: u32,
    pub max: u32,
    pub p5: u32,
    pub p25: u32,
    pub p50: u32,
    pub p75: u32,
    pub p95: u32,
}

#[cfg(test)]
mod tests {
    use super::{Difference, Histogram, Rate, wilson};

    fn close(actual: f64, expected: f64) {
        assert!(
            (actual - expected).abs() < 5e-5,
            "{actual} is not {expected}"
        );
    }

    #[test]
    fn differences_match_published_values() {
        // Newcombe (1998), "Interval estimation for the difference between
        // independent proportions", table II, method 10.
        let between = |a, m, b, n| {
            Difference::between(&Rate::new(a, m), &Rate::new(b, n)).expect("trials on both sides")
        };
        let (a, b) = (between(56, 70, 48, 80), between(9, 10, 3, 10));
        close(a.difference, 0.2);
        close(a.low, 0.0524);
        close(a.high, 0.3339);
        close(b.difference, 0.6);
        close(b.low, 0.1705);
        close(b.high, 0.8090);
        // Two shares alike give an interval around 0; none is known
        // without trials.
        let even = between(30, 60, 40, 80);
        close(even.difference, 0.0);
        assert!(even.low < 0.0 && even.high > 0.0 && (even.low + even.high).abs() < 0.02);
        assert_eq!(
            Difference::between(&Rate::new(0, 0), &Rate::new(1, 2)),
            None
        );
        // All against nothing stays within [-1, 1].
        let all = between(20, 20, 0, 20);
        close(all.difference, 1.0);
        assert!(all.low > 0.7);
        close(all.high, 1.0);
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), "Two-sided confidence intervals for the single
        // proportion", table I: 81/263 -> 0.2553 to 0.3662.
        let (low, high) = wilson(81, 263);
        close(low, 0.2553);
        close(high, 0.3662);
        // Same table: 15/148 -> 0.0624 to 0.1605.
        let (low, high) = wilson(15, 148);
        close(low, 0.0624);
        close(high, 0.1605);
        // Same table: 0/20 -> 0 to 0.1611, and 1/29 -> 0.0061 to 0.1718.
        let (low, high) = wilson(0, 20);
        close(low, 0.0);
        close(high, 0.1611);
        let (low, high) = wilson(1, 29);
        close(low, 0.0061);
        close(high, 0.1718);
    }

    #[test]
    fn wilson_is_symmetric_and_stays_in_the_unit_interval() {
        let (low, high) = wilson(5, 10);
        close(low, 1.0 - high);
        close(low, 0.2366);
        let (low, high) = wilson(10, 10);
        assert!(high <= 1.0 && low > 0.69, "{low} {high}");
        // The ends at a share of 0 or 1 are exactly it, for any trials
        // (compared bit for bit: no tolerance is the point).
        for trials in [1, 25, 28, 100, 300, 12_345] {
            let (low, _) = wilson(0, trials);
            assert_eq!(low.to_bits(), 0.0_f64.to_bits(), "0 of {trials}: {low}");
            let (_, high) = wilson(trials, trials);
            assert_eq!(high.to_bits(), 1.0_f64.to_bits(), "all {trials}: {high}");
        }
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(Rate::new(0, 0).rate, None, "no trials, no share");
        assert_eq!(Rate::new(0, 4).rate, Some(0.0));
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut histogram = Histogram::default();
        for value in [3, 4, 4, 5, 5, 5, 6, 9, 12, 20] {
            histogram.add(value);
        }
        assert_eq!(histogram.percentile(50), Some(5));
        assert_eq!(histogram.percentile(0), Some(3));
        assert_eq!(histogram.percentile(90), Some(12));
        assert_eq!(histogram.percentile(95), Some(20));
        assert_eq!(histogram.percentile(100), Some(20));
        let spread = histogram.spread().unwrap();
        assert_eq!((spread.min, spread.max), (3, 20));
        assert!((spread.mean - 7.3).abs() < 1e-12);
        // Population sd of the ten values.
        assert!(
            (spread.sd - 4.940_647_730_814_25).abs() < 1e-9,
            "{}",
            spread.sd
        );
    }

    #[test]
    fn merging_equals_adding_everything_to_one() {
        let values = [7_u32, 1, 30, 7, 7, 2, 19];
        let mut whole = Histogram::default();
        for &value in &values {
            whole.add(value);
        }
        let mut left = Histogram::default();
        let mut right = Histogram::default();
        for &value in &values[..3] {
            left.add(value);
        }
        for &value in &values[3..] {
            right.add(value);
        }
        right.merge(&left);
        assert_eq!(right, whole);
        assert!(Histogram::default().spread().is_none());
    }
}
