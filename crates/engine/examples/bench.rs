//! `cargo run --release -p renzoku-engine --example bench [depth]`: prints the bench signature.

fn main() {
    let t = std::time::Instant::now();
    for rule in renzoku_rules::Rule::ALL {
        renzoku_engine::prepare(rule);
    }
    eprintln!("pattern tables of all rules built in {:?}", t.elapsed());
    let depth =
        std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(renzoku_engine::BENCH_DEPTH);
    let r = renzoku_engine::bench_with(depth);
    println!(
        "{} nodes {} nps ({} positions, depth {depth}, {:.2} s)",
        r.nodes,
        r.nps,
        r.positions,
        r.elapsed.as_secs_f64()
    );
}
