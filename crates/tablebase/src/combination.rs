//! Numbering the sets of `k` points chosen among the points of a universe (a bit set of the
//! grid), densely from 0 to C(n, k) − 1: the combinatorial number system, in which the set
//! whose points are the `c₁ < c₂ < … < c_k`-th of the universe has the number
//! C(c₁, 1) + C(c₂, 2) + … + C(c_k, k). It is what makes the slice index perfect: every number
//! is a placement and no placement is left out.

/// The most points a universe holds: the board's 21.
const MAX_POINTS: usize = 21;

const BINOMIALS: [[usize; MAX_POINTS + 1]; MAX_POINTS + 1] = {
    let mut table = [[0; MAX_POINTS + 1]; MAX_POINTS + 1];
    let mut n = 0;
    while n <= MAX_POINTS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k), the number of `k`-point sets of an `n`-point universe (0 when `k > n`).
pub(crate) const fn binomial(n: u32, k: u32) -> usize {
    BINOMIALS[n as usize][k as usize]
}

/// The number of `set` among the sets of its size in `universe` (`set` lies within it).
#[inline]
pub(crate) fn rank(set: u32, universe: u32) -> usize {
    debug_assert_eq!(set & !universe, 0, "the set lies in the universe");
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        let below = (rest & rest.wrapping_neg()) - 1;
        rank += binomial((universe & below).count_ones(), k);
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// The `k`-point set of `universe` numbered `rank` (less than C(size of universe, k)).
#[inline]
pub(crate) fn unrank(mut rank: usize, k: u32, universe: u32) -> u32 {
    let mut set = 0;
    let mut candidate = universe.count_ones();
    for i in (1..=k).rev() {
        // The largest c with C(c, i) ≤ rank is the i-th point's place in the universe.
        candidate -= 1;
        while binomial(candidate, i) > rank {
            candidate -= 1;
        }
        rank -= binomial(candidate, i);
        set |= nth_point(universe, candidate);
    }
    set
}

/// The bit of the `n`-th (from 0, lowest first) point of `universe`.
#[inline]
fn nth_point(mut universe: u32, n: u32) -> u32 {
    for _ in 0..n {
        universe &= universe - 1;
    }
    universe & universe.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_pascals_triangle() {
        assert_eq!(binomial(20, 3), 1140);
        assert_eq!(binomial(21, 10), 352_716);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(0, 0), 1);
    }

    #[test]
    fn every_number_names_one_set_and_back() {
        // A universe with gaps, like the board less the treasure's point and the corners.
        let universe = 0b1011_0110_1110_1101_0110u32;
        let n = universe.count_ones();
        for k in 0..=4 {
            let mut seen = std::collections::HashSet::new();
            for number in 0..binomial(n, k) {
                let set = unrank(number, k, universe);
                assert_eq!(set.count_ones(), k);
                assert_eq!(set & !universe, 0);
                assert_eq!(rank(set, universe), number);
                assert!(seen.insert(set));
            }
        }
    }
}
