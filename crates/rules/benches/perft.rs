use criterion::{criterion_group, criterion_main, Criterion};
use duobao_rules::{perft, Position};

fn perft_from_start(c: &mut Criterion) {
    let start = Position::start();
    c.bench_function("perft 5 from start", |b| b.iter(|| perft(&start, 5)));
}

criterion_group!(benches, perft_from_start);
criterion_main!(benches);
