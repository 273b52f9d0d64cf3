//! The zoo of misbehaving test engines as a binary (see [`renzoku_arena::zoo`]).

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let me = std::env::current_exe()?.to_string_lossy().into_owned();
    renzoku_arena::zoo::run(&args, &[me])
}
