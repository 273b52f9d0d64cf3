//! Which thread's answer a Lazy SMP search plays.
//!
//! Every thread ends with its last completed iteration (move, score, depth). The main thread
//! decides when to stop, but a helper is often one depth ahead of it (helpers skip depths), or
//! has found a better move at the same depth: taking only the main thread's answer throws that
//! work away. As in Stockfish's `get_best_thread`, each thread votes for its move with a weight
//! that grows with its depth and with how far its score is above the lowest score any thread
//! found, and the thread whose move has the most votes answers. Proven wins go first (the
//! shortest), and a thread that thinks it is lost never outvotes one that does not.

use crate::score::MATE_BOUND;

/// One thread's last completed iteration.
#[derive(Clone, Debug)]
pub(crate) struct ThreadAnswer {
    pub best: usize,
    pub score: i32,
    pub depth: u32,
}

/// Added to every vote's score margin so that the thread with the lowest score still counts:
/// about a twentieth of the evaluation's unit of winning chances (`Score::winrate` divides by
/// 400).
const VOTE_MARGIN: i64 = 20;

/// The index in `answers` of the answer to play. `answers[0]` is the main thread's; helpers
/// without a completed iteration (depth 0) take no part.
pub(crate) fn best_thread(answers: &[ThreadAnswer]) -> usize {
    let voters = || answers.iter().enumerate().filter(|(i, a)| *i == 0 || a.depth > 0);
    let Some(min) = voters().map(|(_, a)| a.score).min() else {
        return 0;
    };
    let votes_for = |m: usize| -> i64 {
        voters()
            .filter(|(_, a)| a.best == m)
            .map(|(_, a)| (i64::from(a.score) - i64::from(min) + VOTE_MARGIN) * i64::from(a.depth))
            .sum()
    };
    let mut best = 0;
    for (i, a) in voters().skip(1) {
        let b = &answers[best];
        let better = if b.score.abs() >= MATE_BOUND {
            // A proven result: the shortest win, or the longest loss.
            a.score > b.score
        } else {
            a.score >= MATE_BOUND
                || (a.score > -MATE_BOUND && votes_for(a.best) > votes_for(b.best))
        };
        if better {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn answer(best: usize, score: i32, depth: u32) -> ThreadAnswer {
        ThreadAnswer { best, score, depth }
    }

    #[test]
    fn agreement_or_a_lone_main_thread_keeps_the_main_answer() {
        assert_eq!(best_thread(&[answer(7, 30, 10)]), 0);
        assert_eq!(best_thread(&[answer(7, 30, 10), answer(7, 60, 11)]), 0);
    }

    #[test]
    fn a_deeper_helper_outvotes_the_main_thread() {
        assert_eq!(best_thread(&[answer(7, 30, 10), answer(9, 30, 11)]), 1);
        // A shallower helper does not.
        assert_eq!(best_thread(&[answer(7, 30, 11), answer(9, 30, 10)]), 0);
    }

    #[test]
    fn a_higher_score_at_the_same_depth_wins_the_vote() {
        assert_eq!(best_thread(&[answer(7, 10, 10), answer(9, 80, 10)]), 1);
        assert_eq!(best_thread(&[answer(7, 80, 10), answer(9, 10, 10)]), 0);
    }

    #[test]
    fn two_helpers_agreeing_outvote_the_main_thread() {
        let answers = [answer(7, 40, 10), answer(9, 35, 10), answer(9, 35, 10)];
        assert_eq!(best_thread(&answers), 1);
    }

    #[test]
    fn proven_wins_come_first_and_the_shortest_is_played() {
        let win_in_5 = MATE - 5;
        let win_in_9 = MATE - 9;
        assert_eq!(best_thread(&[answer(7, 200, 14), answer(9, win_in_9, 8)]), 1);
        assert_eq!(best_thread(&[answer(7, win_in_9, 12), answer(9, win_in_5, 8)]), 1);
        assert_eq!(best_thread(&[answer(7, win_in_5, 12), answer(9, win_in_9, 14)]), 0);
    }

    #[test]
    fn a_helper_that_sees_a_loss_never_outvotes() {
        let lost = -(MATE - 6);
        assert_eq!(best_thread(&[answer(7, -50, 8), answer(9, lost, 20)]), 0);
        // But when the main thread sees a loss, a helper that escapes it is played.
        assert_eq!(best_thread(&[answer(7, lost, 10), answer(9, -50, 9)]), 1);
    }

    #[test]
    fn helpers_without_an_iteration_take_no_part() {
        assert_eq!(best_thread(&[answer(7, 30, 3), answer(9, 500, 0)]), 0);
    }
}
