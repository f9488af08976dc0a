//! A stable hasher for [`crate::Game::state_hash`]: FNV-1a over a canonical
//! little-endian encoding, so the same state hashes the same on every run
//! and platform (std's `RandomState` is seeded per process, and its default
//! `Hasher` methods write native-endian, pointer-sized integers).

use std::hash::Hasher;

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a, 64 bits.
pub(crate) struct StableHasher(u64);

impl StableHasher {
    pub(crate) fn new() -> StableHasher {
        StableHasher(OFFSET)
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    fn write_u16(&mut self, value: u16) {
        self.write(&value.to_le_bytes());
    }

    fn write_u32(&mut self, value: u32) {
        self.write(&value.to_le_bytes());
    }

    fn write_u64(&mut self, value: u64) {
        self.write(&value.to_le_bytes());
    }

    fn write_u128(&mut self, value: u128) {
        self.write(&value.to_le_bytes());
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_i16(&mut self, value: i16) {
        self.write(&value.to_le_bytes());
    }

    fn write_i32(&mut self, value: i32) {
        self.write(&value.to_le_bytes());
    }

    fn write_i64(&mut self, value: i64) {
        self.write(&value.to_le_bytes());
    }

    fn write_isize(&mut self, value: isize) {
        self.write_i64(value as i64);
    }
}

#[cfg(test)]
mod tests {
    use std::hash::Hash;

    use super::*;

    #[test]
    fn fnv1a_of_known_input() {
        let mut hasher = StableHasher::new();
        hasher.write(b"a");
        assert_eq!(hasher.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut hasher = StableHasher::new();
        7usize.hash(&mut hasher);
        let mut other = StableHasher::new();
        7u64.hash(&mut other);
        assert_eq!(hasher.finish(), other.finish());
    }
}
