//! Which games a run plays: each game's seed from the run's base seed and
//! the game's index, and the slice of indices a shard owns.
//!
//! A game's seed depends on nothing but (base seed, index), so game 41 of a
//! run is the same game whether it was played first or last, on one thread
//! or eight, in one process or in shard 3 of 4 on another machine.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The `SplitMix64` increment (2^64 / golden ratio).
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The seed of game `index` of a run started from `base`: the `index`-th
/// output of a `SplitMix64` generator seeded with `base` (Steele, Lea and
/// Flood, 2014). Neighbouring indices get unrelated seeds, so games do not
/// share dice even though the engine seeds `ChaCha8` with `seed_from_u64`.
pub fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base.wrapping_add(GOLDEN_GAMMA.wrapping_mul(index.wrapping_add(1)));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Shard `index` of `count` (1-based, as written on the command line:
/// `--shard 2/4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game indices this shard plays out of `games`: a contiguous
    /// slice, the slices of `1/N` to `N/N` covering `0..games` exactly once.
    pub fn games(self, games: u64) -> Range<u64> {
        let count = u64::from(self.count);
        let index = u64::from(self.index);
        // u128 so that games * index cannot overflow.
        let bound = |k: u64| (u128::from(games) * u128::from(k) / u128::from(count)) as u64;
        bound(index - 1)..bound(index)
    }

    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why `I/N` is not a shard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a shard is `I/N` with 1 <= I <= N <= {}, as in `2/4`", u32::MAX)]
pub struct BadShard;

impl FromStr for Shard {
    type Err = BadShard;

    fn from_str(text: &str) -> Result<Shard, BadShard> {
        let (index, count) = text.split_once('/').ok_or(BadShard)?;
        let index: u32 = index.trim().parse().map_err(|_| BadShard)?;
        let count: u32 = count.trim().parse().map_err(|_| BadShard)?;
        if index == 0 || count == 0 || index > count {
            return Err(BadShard);
        }
        Ok(Shard { index, count })
    }
}

/// A seed in JSON: a string of its decimal digits, read back from a string
/// or a number. Seeds use all 64 bits, and JSON readers that hold numbers
/// as doubles (jq, JavaScript) round them past 2^53: a result passed
/// through `jq .` would name other games, and `sim merge` refuse it.
pub(crate) mod seed_json {
    use serde::{Deserializer, Serializer, de};

    // serde's `with` hands the field by reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub(crate) fn serialize<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(seed)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        struct Seed;

        impl de::Visitor<'_> for Seed {
            type Value = u64;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a seed: a whole number from 0 to 2^64 - 1, in a string or not")
            }

            fn visit_u64<E: de::Error>(self, seed: u64) -> Result<u64, E> {
                Ok(seed)
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<u64, E> {
                text.parse()
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }

        deserializer.deserialize_any(Seed)
    }
}

#[cfg(test)]
mod tests {
    use super::{Shard, game_seed};

    /// A seed written as JSON and read back: its digits in a string,
    /// read from a string or a number alike; a string of anything else
    /// is refused.
    #[test]
    fn seeds_are_written_as_strings_and_read_from_either() {
        #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        struct Run {
            #[serde(with = "super::seed_json")]
            seed: u64,
        }
        let text = serde_json::to_string(&Run { seed: u64::MAX }).unwrap();
        assert_eq!(text, r#"{"seed":"18446744073709551615"}"#);
        for written in [text.as_str(), r#"{"seed":18446744073709551615}"#] {
            let run: Run = serde_json::from_str(written).unwrap();
            assert_eq!(run.seed, u64::MAX);
        }
        for wrong in [
            r#"{"seed":"18446744073709551616"}"#,
            r#"{"seed":-1}"#,
            r#"{"seed":"x"}"#,
        ] {
            assert!(serde_json::from_str::<Run>(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_shard_past_the_largest_count_says_where_the_limit_is() {
        let error = "2/4294967296".parse::<Shard>().unwrap_err();
        assert!(error.to_string().contains("N <= 4294967295"), "{error}");
        assert!("2/4294967295".parse::<Shard>().is_ok());
    }

    #[test]
    fn seeds_are_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0 and with
        // 1234567, as published with the reference implementation.
        assert_eq!(game_seed(0, 0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(game_seed(0, 1), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(game_seed(1_234_567, 0), 6_457_827_717_110_365_317);
        assert_eq!(game_seed(1_234_567, 1), 3_203_168_211_198_807_973);
    }

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0, 1, 7, 100, 1001] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 1..=count {
                    let range = Shard { index, count }.games(games);
                    assert_eq!(range.start, next, "{index}/{count} of {games}");
                    next = range.end;
                }
                assert_eq!(next, games);
            }
        }
    }

    #[test]
    fn shards_parse_from_the_command_line() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(" 1 / 1 ".parse(), Ok(Shard::WHOLE));
        for bad in ["0/4", "5/4", "1/0", "1", "a/b", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
    }
}
