//! Search constants that a tuner may change: each has a name (the `INFO` key that sets it in the
//! brain, as c-gomoku-cli's `option.NAME=V` and `renzoku tune` send it), a default, and a range.
//!
//! The values travel with the search's [`crate::Limits`], so two engines in one process (tests,
//! the selfplay example) never see each other's settings, and the hot path reads a plain array.

use std::fmt;

/// One tunable constant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub doc: &'static str,
}

/// Defines [`Param`], [`COUNT`] and [`SPECS`] from one list: for each constant its variant, its
/// name, default, minimum, maximum and what it does.
macro_rules! params {
    ($(
        $variant:ident, $name:literal, $default:literal, $min:literal, $max:literal, $doc:literal;
    )*) => {
        /// Identifies a tunable constant; the discriminant indexes [`SPECS`].
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Param {
            $(#[doc = $doc] $variant,)*
        }

        impl Param {
            /// Every constant, in the order of [`SPECS`].
            pub const ALL: [Param; COUNT] = [$(Param::$variant),*];
        }

        /// Number of tunable constants.
        pub const COUNT: usize = [$($name),*].len();

        /// Every constant, in the order of [`Param`].
        pub const SPECS: [ParamSpec; COUNT] = [
            $(ParamSpec { name: $name, default: $default, min: $min, max: $max, doc: $doc },)*
        ];
    };
}

params! {
    FutilityDepth, "futility_depth", 6, 0, 12,
        "remaining depth up to which static (futility) pruning applies";
    FutilityMargin, "futility_margin", 90, 10, 400,
        "futility margin per ply of remaining depth";
    RazorMargin, "razor_margin", 60, 10, 400,
        "razoring margin per ply (depth <= 2: drop to the leaf search)";
    AspirationWindow, "aspiration_window", 40, 5, 400,
        "half width of the first aspiration window from depth 5";
    LeafVcfDepth, "leaf_vcf_depth", 2, 0, 15,
        "fours the full leaf VCF probe may chain (used when leaf_vcf_narrow is 0)";
    LmrMinMoves, "lmr_min_moves", 3, 1, 20,
        "moves searched at full depth before late-move reductions start";
    LateMovesDepth1, "late_moves_depth1", 6, 1, 60,
        "quiet moves searched at remaining depth 1 (late-move pruning)";
    LateMovesDepth2, "late_moves_depth2", 10, 1, 60,
        "quiet moves searched at remaining depth 2";
    LateMovesDepth3, "late_moves_depth3", 16, 1, 80,
        "quiet moves searched at remaining depth 3";
    OrderOwnClass, "order_own_class", 400, 0, 2000,
        "move ordering: bonus per threat class of our own stone";
    OrderBlockFour, "order_block_four", 1500, 0, 5000,
        "move ordering: bonus for a square where the opponent would make a four";
    OrderBlockThree, "order_block_three", 300, 0, 2000,
        "move ordering: bonus for a square where the opponent would make an open three";
    OrderKiller, "order_killer", 250, 0, 2000,
        "move ordering: bonus of a killer move";
    TimeMovesToGo, "time_moves_to_go", 16, 5, 60,
        "a move's time budget is the clock left divided by this";
    TimeSoftPercent, "time_soft_percent", 90, 20, 100,
        "no new iteration starts after this percentage of the move's budget";
    LmrLogScale, "lmr_log_scale", 60, 0, 300,
        "0: late-move reductions of 1-3 plies by move number; else scale/100 * ln(depth) * \
         ln(move number) plies (Stockfish's and Rapfi's form)";
    LateMovesScale, "late_moves_scale", 100, 0, 400,
        "0: the late_moves_depthN limits; else 3 + scale/100 * depth^1.32 quiet moves up to \
         late_moves_max_depth";
    LateMovesMaxDepth, "late_moves_max_depth", 6, 1, 20,
        "remaining depth up to which late-move pruning applies (with late_moves_scale)";
    LateMovesImproving, "late_moves_improving", 1, 0, 1,
        "1: the late_moves_scale limit is halved when the static value is not above the one two \
         plies before (not improving)";
    SingularDepth, "singular_depth", 7, 0, 30,
        "0: off; else from this remaining depth a hash move that alone holds the hash score \
         (the other moves searched at half depth fail below it) is extended a ply";
    SingularMargin, "singular_margin", 2, 0, 100,
        "per ply of remaining depth: how far below the hash score the other moves must stay for \
         the hash move to count as singular";
    TtEvalRefine, "tt_eval_refine", 1, 0, 1,
        "1: razoring and futility pruning use the hash score instead of the static value when \
         its bound shows the true value beyond it";
    PvTtReduction, "pv_tt_reduction", 28, 0, 100,
        "0: off; else a PV node whose hash move was found this many hundredths of a ply per ply \
         shallower is searched that much shallower (at most 3 plies)";
    DistractPruneDepth, "distract_prune_depth", 4, 0, 20,
        "0: off; else up to this remaining depth, a node answering an open-four threat skips \
         our fours that block nothing and lie more than 4 squares (5 in renju) from both last \
         moves (they only delay the answer; Rapfi's distraction pruning)";
    TrivialPruneDepth, "trivial_prune_depth", 4, 0, 20,
        "0: off; else up to this remaining depth, once a move holds, squares where neither side \
         would make even a two are skipped (Rapfi's trivial-move pruning)";
    LateMovesPv, "late_moves_pv", 1, 0, 1,
        "1: late-move pruning also in PV nodes below the root (as Rapfi's move-count pruning)";
    TimeIterationPredict, "time_iteration_predict", 0, 0, 400,
        "0: off; else, with a game clock, no new iteration starts when the last one's time, \
         times its growth over the one before (1.5 to 6) and this percentage, would end it \
         after the move's hard limit (the time is kept for later moves)";
    TimeTurnSoftPercent, "time_turn_soft_percent", 60, 20, 100,
        "with a turn time limit, no new iteration starts after this percentage of the turn's \
         usable time";
    LeafStandPat, "leaf_stand_pat", 1, 0, 1,
        "1: a leaf whose static value already reaches beta returns it without the VCF probe (a \
         found VCF would only cut the same way)";
    LeafVcfNarrow, "leaf_vcf_narrow", 6, 0, 16,
        "0: off; else the leaf VCF probe chains up to this many fours, those after the first \
         near the previous four (2 squares, or 4 along its lines) and making a three or a \
         second four as well (PentaZen's and Rapfi's narrow VCF), at most leaf_vcf_width of \
         them";
    LeafVcfWidth, "leaf_vcf_width", 2, 1, 8,
        "with leaf_vcf_narrow: fours tried per attacking move after the first";
    LeafVcfNearFirst, "leaf_vcf_near_first", 1, 0, 1,
        "1: with leaf_vcf_narrow, the first four too lies near the side's own last stone \
         (Rapfi's quiescence VCF)";
    FourThreeDefence, "four_three_defence", 0, 0, 1,
        "1: a node whose opponent has a legal four-three square searches only its defences \
         and our fours (Rapfi's DEFEND_B4F3), none of them reduced or pruned; 0: every square \
         near the stones";
    HistoryWeight, "history_weight", 300, 0, 4000,
        "0: off; else the bounded move history (history.rs: a node's best move up, the moves \
         searched before it down) adds up to this much to a move's ordering score";
    CounterBonus, "counter_bonus", 250, 0, 2000,
        "0: off; else (with history_weight on) the ordering bonus of the counter move: the \
         move last found best against the opponent's last move (Rapfi's counter-move \
         history)";
    HistoryPrune, "history_prune", 0, 0, 16000,
        "0: off; else up to late_moves_max_depth, once a move holds, quiet moves whose history \
         is below -this times the remaining plies are skipped (Stockfish's history pruning)";
    LmrCutNode, "lmr_cut_node", 0, 0, 400,
        "0: off; else in an expected cut node (a null-window search expected to fail high), a \
         reduced move that is no killer is reduced this many hundredths of a ply more \
         (Stockfish's and Rapfi's cut-node reduction)";
    IirDepth, "iir_depth", 6, 0, 40,
        "0: off; else a node below the root with no hash move and at least this many plies to \
         go is searched a ply shallower (internal iterative reduction; in renju only with \
         iir_renju)";
    IirRenju, "iir_renju", 0, 0, 1,
        "1: iir_depth applies in renju too (from 4 plies it lost there in a short screen, from 6 \
         it was neutral; so off)";
    LmrAttackLess, "lmr_attack_less", 0, 0, 300,
        "0: off; else a reduced move within 4 squares of the side's own last move, which was an \
         attack (a three or more), that makes a two or better is reduced this many hundredths \
         of a ply less (Rapfi's continuous-attack reduction)";
    FutilityCutNoTt, "futility_cut_no_tt", 0, 0, 100,
        "0: off; else the futility margin of an expected cut node without a hash entry is this \
         percentage smaller (Rapfi's 12/63)";
    IirCutNode, "iir_cut_node", 0, 0, 300,
        "0: off; else an expected cut node that iir_depth reduces loses this many hundredths \
         of a ply more (Stockfish's two-ply reduction of cut nodes without a hash move)";
    LmrTtAttack, "lmr_tt_attack", 0, 0, 300,
        "0: off; else in a node whose hash move is an attack (a three or more), the reduced \
         moves are reduced this many hundredths of a ply more (Stockfish's ttCapture)";
    LmrTrivial, "lmr_trivial", 0, 0, 300,
        "0: off; else a reduced move where neither side would make even a two is reduced \
         this many hundredths of a ply more (beyond trivial_prune_depth's pruning; Rapfi's \
         complexity reduction of trivial moves)";
    LmrTactical, "lmr_tactical", 50, 0, 100,
        "0: off; else tactical moves (our threes and fours, blocks of the opponent's four \
         squares, the defences against an open three; not the answers to a five) get late-move \
         reductions too: this percentage of a quiet move's, in whole plies (Rapfi reduces every \
         move)";
    LmrFour, "lmr_four", 0, 0, 1,
        "1: a move that makes our four is never reduced, whatever lmr_tactical says (the \
         share applies to threes and blocks only)";
    SmpSkip, "smp_skip", 1, 0, 2,
        "which depths a helper thread skips: 0 none (Rapfi with two threads), 1 from depth 3 \
         every third (depth + thread id a multiple of 3), 2 from depth 3 every other (depth + \
         id even: with two threads the helper searches the odd depths only, ahead of the main \
         thread)";
    SmpCrumbs, "smp_crumbs", 0, 0, 300,
        "0: off; else in a node of the first 8 plies that another thread is searching too, \
         the reduced moves are reduced this many hundredths of a ply more (Stockfish 11's \
         breadcrumbs: the second thread moves on to other work)";
    SmpVote, "smp_vote", 0, 0, 1,
        "1: with two threads or more the answer is the move of the thread Stockfish's vote \
         picks (each thread's last finished iteration gives its move (score - lowest + 20) \
         times its depth; a proven win: the shortest) instead of the main thread's always";
    ThreatWidth, "threat_width", 0, 0, 64,
        "0: off; else a node answering an open-four threat (the opponent's open three), once a \
         move holds, looks no further than this many of its ordered defences and counter-fours \
         (PentaZen caps every node with a four or an open three on the board, at 3 to 8 moves \
         by depth)";
    CrowdedStones, "crowded_stones", 1, 0, 1024,
        "0: off; else a node with at least this many stones on the board searches in Rapfi's \
         shape: late-move reductions of crowded_lmr_scale, tactical moves reduced as much as \
         quiet ones, and every move (threes and fours too, where no threat is being answered) \
         counted against the late-move limit up to crowded_late_depth plies to go. 1, the \
         default: every node below the root (lmr_log_scale, lmr_tactical and \
         late_moves_max_depth then apply only with 0 or a larger value)";
    CrowdedLmrScale, "crowded_lmr_scale", 80, 0, 300,
        "with crowded_stones: lmr_log_scale's value in a crowded node (Rapfi's factor is 100 in \
         freestyle, 75 in renju; 80 against 100 won at nodes=100000, 125 lost)";
    CrowdedLateDepth, "crowded_late_depth", 20, 1, 64,
        "with crowded_stones: late_moves_max_depth's value in a crowded node";
    SingularDouble, "singular_double", 0, 0, 200,
        "0: off; else outside PV nodes a singular hash move whose test failed this much (less \
         0.6 per ply to go, at most 9) below the test's bound is extended two plies, while \
         the line has taken fewer than 11 plies of extra extensions (Rapfi's 29)";
    SingularNegative, "singular_negative", 0, 0, 300,
        "0: off; else a hash move the singular test did not find singular, whose hash score \
         already reaches beta, is searched this many hundredths of a ply less deep (Rapfi's \
         150)";
    LmrTtPv, "lmr_tt_pv", 0, 0, 300,
        "0: off; else a reduced move of a node that is or lately was on a principal variation \
         (a PV node, or a hash entry stored with its PV flag) is reduced this many hundredths \
         of a ply less (Rapfi's 97, Stockfish's ttPv)";
    LmrNotImproving, "lmr_not_improving", 0, 0, 300,
        "0: off; else outside PV nodes a move reduced more than a ply, where the side's static \
         value is not above the one two plies before, is reduced this many hundredths of a ply \
         more (Rapfi's and Stockfish's not-improving reduction)";
    LmrHistory, "lmr_history", 0, 0, 60000,
        "0: off; else a reduced move's reduction falls by a ply per this much history score \
         (attack history plus three quarters of the quiet one on Rapfi's scale, less 3322; 36 % \
         more from 6 plies to go), and rises as much for a bad one (Rapfi's statScore, 12267)";
    LmrDeeper, "lmr_deeper", 0, 0, 1000,
        "0: off; else a reduced move that fails high is searched again a ply deeper when it \
         beat alpha by more than this plus 11 per ply it was reduced, a ply shallower when it \
         beat the node's best by less than a point per ply to go (Rapfi's LMR extension)";
    CorrHistory, "corr_history", 0, 0, 200,
        "0: off; else this percentage of the mean error of the static value after the same two \
         last moves (learnt during the search from quiet nodes' results) is added to every \
         static value (Stockfish's continuation correction history)";
    EvalScale, "eval_scale", 100, 25, 400,
        "the search's static values in percent of the fitted evaluation's: moves every margin \
         (futility, razoring, aspiration, singular) against the evaluation at once";
}

/// The values of every tunable constant for one search.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Params([i32; COUNT]);

impl Default for Params {
    fn default() -> Self {
        Params(std::array::from_fn(|i| SPECS[i].default))
    }
}

impl fmt::Debug for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = f.debug_map();
        for (spec, v) in SPECS.iter().zip(self.0) {
            m.entry(&spec.name, &v);
        }
        m.finish()
    }
}

impl Params {
    #[inline]
    pub fn get(&self, p: Param) -> i32 {
        self.0[p as usize]
    }

    /// These values with `p` set to `value`, clamped to its range.
    pub fn with(mut self, p: Param, value: i32) -> Params {
        let spec = SPECS[p as usize];
        self.0[p as usize] = value.clamp(spec.min, spec.max);
        self
    }

    /// The constant called `name` (ASCII case-insensitive), if there is one.
    pub fn lookup(name: &str) -> Option<usize> {
        SPECS.iter().position(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Sets constant number `index` (from [`Params::lookup`]); a value outside its range is an
    /// error naming the range, and changes nothing.
    pub fn set_index(&mut self, index: usize, value: i64) -> Result<(), String> {
        let spec = SPECS.get(index).ok_or_else(|| format!("no tunable constant #{index}"))?;
        if value < i64::from(spec.min) || value > i64::from(spec.max) {
            return Err(format!("{} is {}..={}", spec.name, spec.min, spec.max));
        }
        self.0[index] = value as i32;
        Ok(())
    }

    /// Sets the constant called `name`; unknown names and out-of-range values are errors.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
        let index = Params::lookup(name).ok_or_else(|| format!("unknown constant {name}"))?;
        self.set_index(index, value)
    }

    /// `name=value` for every constant that differs from its default.
    pub fn changed(&self) -> Vec<String> {
        SPECS
            .iter()
            .zip(self.0)
            .filter(|(s, v)| s.default != *v)
            .map(|(s, v)| format!("{}={v}", s.name))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_consistent() {
        for (i, s) in SPECS.iter().enumerate() {
            assert!(s.min <= s.default && s.default <= s.max, "{}", s.name);
            assert_eq!(Params::lookup(s.name), Some(i));
            assert_eq!(Params::lookup(&s.name.to_uppercase()), Some(i));
        }
    }

    /// Each variant is its name in camel case (`late_moves_depth1`: `LateMovesDepth1`).
    #[test]
    fn variants_match_names() {
        for (i, (p, s)) in Param::ALL.iter().zip(&SPECS).enumerate() {
            assert_eq!(*p as usize, i);
            let camel: String =
                s.name.split('_').map(|w| w[..1].to_ascii_uppercase() + &w[1..]).collect();
            assert_eq!(format!("{p:?}"), camel);
        }
        assert_eq!(SPECS[Param::TimeSoftPercent as usize].name, "time_soft_percent");
    }

    #[test]
    fn set_checks_names_and_ranges() {
        let mut p = Params::default();
        assert!(p.changed().is_empty());
        p.set("FUTILITY_MARGIN", 120).expect("in range");
        assert_eq!(p.get(Param::FutilityMargin), 120);
        assert_eq!(p.changed(), vec!["futility_margin=120".to_string()]);
        let before = p;
        assert!(p.set("futility_margin", 5).is_err());
        assert!(p.set("no_such_thing", 1).is_err());
        assert_eq!(p, before);
    }
}
