//! The unit tests' random numbers: a xorshift generator, so that every test's "random" data is
//! the same on every run.

/// A xorshift64 generator started from `seed` (not zero).
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
