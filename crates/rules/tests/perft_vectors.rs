//! Every reference vector of RULES.md's perft-vectors.txt (copied to tests/data) to depth 4.

use duobao_rules::{perft, Position};

const VECTORS: &str = include_str!("data/perft-vectors.txt");

#[test]
fn every_perft_vector_matches_to_depth_4() {
    let mut checked = 0;
    for line in VECTORS.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap();
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(position.to_fen(), fen, "FEN round trip");
        for field in fields {
            let (depth, count) = field.split_once(' ').expect("'Dn count'");
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let count: u64 = count.parse().unwrap();
            assert_eq!(perft(&position, depth), count, "{fen} depth {depth}");
        }
        checked += 1;
    }
    assert_eq!(checked, 18, "all vectors read");
}
