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

/// Identifies a tunable constant; the discriminant indexes [`SPECS`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Param {
    FutilityDepth,
    FutilityMargin,
    RazorMargin,
    AspirationWindow,
    LeafVcfDepth,
    LmrMinMoves,
    LateMovesDepth1,
    LateMovesDepth2,
    LateMovesDepth3,
    OrderOwnClass,
    OrderBlockFour,
    OrderBlockThree,
    OrderKiller,
    TimeMovesToGo,
    TimeSoftPercent,
    MoveCountPruning,
    MoveCountMul,
    MoveCountSub,
    MoveCountCap,
    LmrLogScale,
    LateMovesScale,
    LateMovesMaxDepth,
    LateMovesImproving,
    FailHighMargin,
    SingularDepth,
    SingularMargin,
    TtEvalRefine,
    PvTtReduction,
    NullMoveReduction,
    NullMoveDepth,
    NullMoveMargin,
    OrderCounter,
    DistractPruneDepth,
    TrivialPruneDepth,
    LateMovesPv,
    ExactDefence,
    OrderNear1,
    OrderNear2,
    TtmExtPv,
    TtmExtNonPv,
    NearFourExt4,
    NearFourExt6,
    ForcedExt,
    LmrHistoryPercent,
    TimeTurnSoftPercent,
    LeafTt,
    LeafStandPat,
    LeafVcfNarrow,
    LeafVcfWidth,
    LeafVcfNearFirst,
    ThreatExt,
    EvalScale,
    RootLmr,
}

/// Number of tunable constants.
pub const COUNT: usize = 53;

/// Every constant, in the order of [`Param`].
pub const SPECS: [ParamSpec; COUNT] = [
    ParamSpec {
        name: "futility_depth",
        default: 6,
        min: 0,
        max: 12,
        doc: "remaining depth up to which static (futility) pruning applies",
    },
    ParamSpec {
        name: "futility_margin",
        default: 90,
        min: 10,
        max: 400,
        doc: "futility margin per ply of remaining depth",
    },
    ParamSpec {
        name: "razor_margin",
        default: 60,
        min: 10,
        max: 400,
        doc: "razoring margin per ply (depth <= 2: drop to the leaf search)",
    },
    ParamSpec {
        name: "aspiration_window",
        default: 40,
        min: 5,
        max: 400,
        doc: "half width of the first aspiration window from depth 5",
    },
    ParamSpec {
        name: "leaf_vcf_depth",
        default: 2,
        min: 0,
        max: 15,
        doc: "fours the full leaf VCF probe may chain (used when leaf_vcf_narrow is 0)",
    },
    ParamSpec {
        name: "lmr_min_moves",
        default: 3,
        min: 1,
        max: 20,
        doc: "moves searched at full depth before late-move reductions start",
    },
    ParamSpec {
        name: "late_moves_depth1",
        default: 6,
        min: 1,
        max: 60,
        doc: "quiet moves searched at remaining depth 1 (late-move pruning)",
    },
    ParamSpec {
        name: "late_moves_depth2",
        default: 10,
        min: 1,
        max: 60,
        doc: "quiet moves searched at remaining depth 2",
    },
    ParamSpec {
        name: "late_moves_depth3",
        default: 16,
        min: 1,
        max: 80,
        doc: "quiet moves searched at remaining depth 3",
    },
    ParamSpec {
        name: "order_own_class",
        default: 400,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus per threat class of our own stone",
    },
    ParamSpec {
        name: "order_block_four",
        default: 1500,
        min: 0,
        max: 5000,
        doc: "move ordering: bonus for a square where the opponent would make a four",
    },
    ParamSpec {
        name: "order_block_three",
        default: 300,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus for a square where the opponent would make an open three",
    },
    ParamSpec {
        name: "order_killer",
        default: 250,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus of a killer move",
    },
    ParamSpec {
        name: "time_moves_to_go",
        default: 16,
        min: 5,
        max: 60,
        doc: "a move's time budget is the clock left divided by this",
    },
    ParamSpec {
        name: "time_soft_percent",
        default: 90,
        min: 20,
        max: 100,
        doc: "no new iteration starts after this percentage of the move's budget",
    },
    ParamSpec {
        name: "move_count_pruning",
        default: 0,
        min: 0,
        max: 1,
        doc: "1: below the root's children, search at most move_count_limit(depth) moves of a \
              node without threats (PentaZen's selectivity)",
    },
    ParamSpec {
        name: "move_count_mul",
        default: 80,
        min: 5,
        max: 300,
        doc: "move count limit = mul/10 * sqrt(depth) - sub/10, at most cap",
    },
    ParamSpec {
        name: "move_count_sub",
        default: 20,
        min: -100,
        max: 200,
        doc: "see move_count_mul",
    },
    ParamSpec { name: "move_count_cap", default: 20, min: 2, max: 60, doc: "see move_count_mul" },
    ParamSpec {
        name: "lmr_log_scale",
        default: 60,
        min: 0,
        max: 300,
        doc: "0: late-move reductions of 1-3 plies by move number; else scale/100 * ln(depth) \
              * ln(move number) plies (Stockfish's and Rapfi's form)",
    },
    ParamSpec {
        name: "late_moves_scale",
        default: 100,
        min: 0,
        max: 400,
        doc: "0: the late_moves_depthN limits; else 3 + scale/100 * depth^1.32 quiet moves up \
              to late_moves_max_depth",
    },
    ParamSpec {
        name: "late_moves_max_depth",
        default: 6,
        min: 1,
        max: 20,
        doc: "remaining depth up to which late-move pruning applies (with late_moves_scale)",
    },
    ParamSpec {
        name: "late_moves_improving",
        default: 1,
        min: 0,
        max: 1,
        doc: "1: the late_moves_scale limit is halved when the static value is not above the \
              one two plies before (not improving)",
    },
    ParamSpec {
        name: "fail_high_margin",
        default: 0,
        min: 0,
        max: 400,
        doc: "0: off; else a non-PV node whose static value is at least beta + this per ply of \
              remaining depth searches its moves other than fours one ply shallower (Rapfi's \
              fail-high reduction)",
    },
    ParamSpec {
        name: "singular_depth",
        default: 7,
        min: 0,
        max: 30,
        doc: "0: off; else from this remaining depth a hash move that alone holds the hash \
              score (the other moves searched at half depth fail below it) is extended a ply",
    },
    ParamSpec {
        name: "singular_margin",
        default: 2,
        min: 0,
        max: 100,
        doc: "per ply of remaining depth: how far below the hash score the other moves must \
              stay for the hash move to count as singular",
    },
    ParamSpec {
        name: "tt_eval_refine",
        default: 1,
        min: 0,
        max: 1,
        doc: "1: razoring and futility pruning use the hash score instead of the static value \
              when its bound shows the true value beyond it",
    },
    ParamSpec {
        name: "pv_tt_reduction",
        default: 28,
        min: 0,
        max: 100,
        doc: "0: off; else a PV node whose hash move was found this many hundredths of a ply \
              per ply shallower is searched that much shallower (at most 3 plies)",
    },
    ParamSpec {
        name: "null_move_reduction",
        default: 0,
        min: 0,
        max: 8,
        doc: "0: off; else a non-PV node without threats against it whose static value reaches \
              beta first passes, searched this many plies (plus a sixth of the depth) \
              shallower, and is cut when the pass still reaches beta",
    },
    ParamSpec {
        name: "null_move_depth",
        default: 10,
        min: 1,
        max: 30,
        doc: "remaining depth from which the null move is tried (with null_move_reduction)",
    },
    ParamSpec {
        name: "null_move_margin",
        default: 280,
        min: 0,
        max: 2000,
        doc: "how far above beta the static value must be for the null move",
    },
    ParamSpec {
        name: "order_counter",
        default: 0,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus of the quiet move that last refuted the opponent's last move \
              (the counter move)",
    },
    ParamSpec {
        name: "distract_prune_depth",
        default: 4,
        min: 0,
        max: 20,
        doc: "0: off; else up to this remaining depth, a node answering an open-four threat \
              skips our fours that block nothing and lie more than 4 squares (5 in renju) from \
              both last moves (they only delay the answer; Rapfi's distraction pruning)",
    },
    ParamSpec {
        name: "trivial_prune_depth",
        default: 4,
        min: 0,
        max: 20,
        doc: "0: off; else up to this remaining depth, once a move holds, squares where neither \
              side would make even a two are skipped (Rapfi's trivial-move pruning)",
    },
    ParamSpec {
        name: "late_moves_pv",
        default: 1,
        min: 0,
        max: 1,
        doc: "1: late-move pruning also in PV nodes below the root (as Rapfi's move-count \
              pruning)",
    },
    ParamSpec {
        name: "exact_defence",
        default: 0,
        min: 0,
        max: 1,
        doc: "1: answering an open three, the search tries only the squares that stop it (not \
              the far ends of a three, which leave an open four; Rapfi's exact defence) and \
              our fours",
    },
    ParamSpec {
        name: "order_near1",
        default: 0,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus of a square next to the opponent's last move",
    },
    ParamSpec {
        name: "order_near2",
        default: 0,
        min: 0,
        max: 2000,
        doc: "move ordering: bonus of a square two squares from the opponent's last move",
    },
    ParamSpec {
        name: "ttm_ext_pv",
        default: 0,
        min: 0,
        max: 100,
        doc: "extension of the hash move in PV nodes, in hundredths of a ply (carried down the \
              line until they make a whole ply; Rapfi's TTM_EXT_PV)",
    },
    ParamSpec {
        name: "ttm_ext_nonpv",
        default: 0,
        min: 0,
        max: 100,
        doc: "extension of the hash move in other nodes, in hundredths of a ply",
    },
    ParamSpec {
        name: "near_four_ext4",
        default: 0,
        min: 0,
        max: 100,
        doc: "extra extension of a hash move that makes a four within 4 squares of our last \
              move, in hundredths of a ply",
    },
    ParamSpec {
        name: "near_four_ext6",
        default: 0,
        min: 0,
        max: 100,
        doc: "the same within 5 or 6 squares",
    },
    ParamSpec {
        name: "forced_ext",
        default: 0,
        min: 0,
        max: 100,
        doc: "extension of the block of a five beyond the ply it already keeps, in hundredths \
              of a ply",
    },
    ParamSpec {
        name: "lmr_history_percent",
        default: 0,
        min: 0,
        max: 100,
        doc: "late-move reduction a ply smaller for a move whose history score is at least this \
              percentage of the side's best (0: history does not change reductions)",
    },
    ParamSpec {
        name: "time_turn_soft_percent",
        default: 60,
        min: 20,
        max: 100,
        doc: "with a turn time limit, no new iteration starts after this percentage of the \
              turn's usable time",
    },
    ParamSpec {
        name: "leaf_tt",
        default: 0,
        min: 0,
        max: 1,
        doc: "1: a leaf whose position the hash table holds from a deeper search takes its \
              score where the bound allows (non-PV), before the VCF probe and the static value",
    },
    ParamSpec {
        name: "leaf_stand_pat",
        default: 1,
        min: 0,
        max: 1,
        doc: "1: a leaf whose static value already reaches beta returns it without the VCF \
              probe (a found VCF would only cut the same way)",
    },
    ParamSpec {
        name: "leaf_vcf_narrow",
        default: 6,
        min: 0,
        max: 16,
        doc: "0: off; else the leaf VCF probe chains up to this many fours, those after the \
              first near the previous four (2 squares, or 4 along its lines) and making a three \
              or a second four as well (PentaZen's and Rapfi's narrow VCF), at most \
              leaf_vcf_width of them",
    },
    ParamSpec {
        name: "leaf_vcf_width",
        default: 2,
        min: 1,
        max: 8,
        doc: "with leaf_vcf_narrow: fours tried per attacking move after the first",
    },
    ParamSpec {
        name: "leaf_vcf_near_first",
        default: 1,
        min: 0,
        max: 1,
        doc: "1: with leaf_vcf_narrow, the first four too lies near the side's own last stone \
              (Rapfi's quiescence VCF)",
    },
    ParamSpec {
        name: "threat_ext",
        default: 0,
        min: 0,
        max: 100,
        doc: "extension, in hundredths of a ply, of the answers to an open-four threat (an open three \
              or a four-three square): a VCT of threes then costs less than two plies a step",
    },
    ParamSpec {
        name: "eval_scale",
        default: 100,
        min: 25,
        max: 400,
        doc: "the search's static values in percent of the fitted evaluation's: moves every margin \
              (futility, razoring, aspiration, singular) against the evaluation at once",
    },
    ParamSpec {
        name: "root_lmr",
        default: 0,
        min: 0,
        max: 1,
        doc: "1: the root's late quiet moves are reduced as a PV node's are (lmr_log_scale, \
              lmr_min_moves), and searched again at full depth when they beat alpha",
    },
];

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
        assert_eq!(SPECS[Param::TimeSoftPercent as usize].name, "time_soft_percent");
        assert_eq!(SPECS[Param::FutilityDepth as usize].name, "futility_depth");
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
