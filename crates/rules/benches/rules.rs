//! Forbidden-point scans and result detection on real positions (the reference file's 2000
//! positions, 10 to 60 stones each).

use criterion::{Criterion, criterion_group, criterion_main};
use renzoku_rules::{
    Board, Rule, forbidden_points, is_forbidden, outcome_after, parse_stone_list_line,
};
use std::hint::black_box;

fn positions() -> Vec<Board> {
    include_str!("../tests/data/renju-forbidden.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse_stone_list_line(l, 15, 15).expect("reference line").board)
        .collect()
}

fn bench(c: &mut Criterion) {
    let boards = positions();
    c.bench_function("forbidden_points: full scan of 2000 positions", |b| {
        b.iter(|| {
            boards.iter().map(|board| forbidden_points(black_box(board)).len()).sum::<usize>()
        });
    });
    c.bench_function("is_forbidden: every empty square of 2000 positions, no prefilter", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| board.empty_points().filter(|&p| is_forbidden(board, p)).count())
                .sum::<usize>()
        });
    });
    c.bench_function("outcome_after: last stone of 2000 positions, renju", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter_map(|board| {
                    let last = board.last_move()?;
                    outcome_after(black_box(board), last.point, Rule::Renju)
                })
                .count()
        });
    });
    c.bench_function("outcome_after: last stone of 2000 positions, freestyle", |b| {
        b.iter(|| {
            boards
                .iter()
                .filter_map(|board| {
                    let last = board.last_move()?;
                    outcome_after(black_box(board), last.point, Rule::Freestyle)
                })
                .count()
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
