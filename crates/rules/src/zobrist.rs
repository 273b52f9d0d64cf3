//! Zobrist keys, generated at compile time from a fixed seed so hashes are identical on every
//! machine and in every build (hash files and bench signatures depend on it).

use crate::geometry::MAX_SIZE;

const SQUARES: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// One splitmix64 step: the next state and its output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// Three tables of keys (black, white, wall) indexed by `y * 32 + x`, drawn from splitmix64
/// starting at `seed`. Public so other crates (the engine) derive their own keys from their own
/// seed with the same generator. Meant for `const`/`static` initialisers: it runs at compile time,
/// so the large local array never lives on a runtime stack.
#[allow(clippy::large_stack_arrays)]
pub const fn generate(seed: u64) -> [[u64; SQUARES]; 3] {
    let mut keys = [[0u64; SQUARES]; 3];
    let mut state = seed;
    let mut kind = 0;
    while kind < 3 {
        let mut i = 0;
        while i < SQUARES {
            let (s, k) = splitmix64(state);
            state = s;
            keys[kind][i] = k;
            i += 1;
        }
        kind += 1;
    }
    keys
}

/// Keys for black stones, white stones and walls, indexed by `y * 32 + x` (independent of the
/// board width, so a square keeps its key on every board).
pub static KEYS: [[u64; SQUARES]; 3] = generate(0x5245_4E5A_4F4B_5521); // "RENZOKU!"

/// Mixed into the hash when white is to move.
pub const WHITE_TO_MOVE: u64 = 0xA5C3_1F0E_7D29_B846;

pub fn key(kind: usize, x: u8, y: u8) -> u64 {
    KEYS[kind][usize::from(y) * MAX_SIZE as usize + usize::from(x)]
}
