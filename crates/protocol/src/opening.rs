//! The AlphaGomoku opening-rule commands (document §3.10–3.22), modelled uniformly as
//! "opening step command + stones block + optional number + optional candidate line".

use std::fmt;

/// The opening rules that have step commands. SWAP2BOARD is official Gomocup and has its own
/// [`crate::Command::Swap2Board`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OpeningRule {
    Swap1st,
    Swap,
    Swap5,
    Pro,
    LongPro,
    Rif,
    Yamaguchi,
    Soosyrv,
    Taraguchi,
    Sakata,
    Tarannikov,
    Lianhuan,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 12] = [
        OpeningRule::Swap1st,
        OpeningRule::Swap,
        OpeningRule::Swap5,
        OpeningRule::Pro,
        OpeningRule::LongPro,
        OpeningRule::Rif,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosyrv,
        OpeningRule::Taraguchi,
        OpeningRule::Sakata,
        OpeningRule::Tarannikov,
        OpeningRule::Lianhuan,
    ];

    /// The command word, or the part before the step number for stepped rules.
    const fn word(self) -> &'static str {
        match self {
            OpeningRule::Swap1st => "SWAP1STBOARD",
            OpeningRule::Swap => "SWAPBOARD",
            OpeningRule::Swap5 => "SWAP5STEP",
            OpeningRule::Pro => "PROBOARD",
            OpeningRule::LongPro => "LONGPROBOARD",
            OpeningRule::Rif => "RIFSTEP",
            OpeningRule::Yamaguchi => "YAMAGUCHISTEP",
            OpeningRule::Soosyrv => "SOOSYRVSTEP",
            OpeningRule::Taraguchi => "TARAGUCHISTEP",
            OpeningRule::Sakata => "SAKATASTEP",
            OpeningRule::Tarannikov => "TARANNIKOVSTEP",
            OpeningRule::Lianhuan => "LIANHUANSTEP",
        }
    }

    /// Number of steps; 0 for the single-command rules (`SWAPBOARD`, `PROBOARD`, …).
    pub const fn steps(self) -> u8 {
        match self {
            OpeningRule::Swap1st | OpeningRule::Swap | OpeningRule::Pro | OpeningRule::LongPro => 0,
            OpeningRule::Swap5 | OpeningRule::Sakata => 3,
            OpeningRule::Rif | OpeningRule::Yamaguchi => 5,
            OpeningRule::Soosyrv => 6,
            OpeningRule::Taraguchi => 4,
            OpeningRule::Tarannikov | OpeningRule::Lianhuan => 2,
        }
    }
}

/// One opening command: the rule and, for stepped rules, the step (1-based; 0 otherwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OpeningStep {
    rule: OpeningRule,
    step: u8,
}

impl OpeningStep {
    /// `None` when the step does not exist for the rule.
    pub const fn new(rule: OpeningRule, step: u8) -> Option<OpeningStep> {
        let steps = rule.steps();
        let valid = if steps == 0 { step == 0 } else { step >= 1 && step <= steps };
        if valid { Some(OpeningStep { rule, step }) } else { None }
    }

    pub const fn rule(self) -> OpeningRule {
        self.rule
    }

    pub const fn step(self) -> u8 {
        self.step
    }

    /// Every command of the family, for tests and generators.
    pub fn all() -> Vec<OpeningStep> {
        let mut all = Vec::new();
        for rule in OpeningRule::ALL {
            let steps = rule.steps();
            if steps == 0 {
                all.push(OpeningStep { rule, step: 0 });
            }
            for step in 1..=steps {
                all.push(OpeningStep { rule, step });
            }
        }
        all
    }

    /// Recognises an upper-cased command word such as `RIFSTEP5` or `PROBOARD`.
    pub(crate) fn from_word(upper: &str) -> Option<OpeningStep> {
        OpeningRule::ALL.into_iter().find_map(|rule| {
            let rest = upper.strip_prefix(rule.word())?;
            if rule.steps() == 0 {
                return rest.is_empty().then_some(OpeningStep { rule, step: 0 });
            }
            let step = rest.parse::<u8>().ok()?;
            // `RIFSTEP05` is not a command word: only the canonical spelling is accepted.
            if rest.starts_with('0') {
                return None;
            }
            OpeningStep::new(rule, step)
        })
    }

    /// Steps whose stones block is followed by a line of offered fifth moves
    /// (RIFSTEP5, YAMAGUCHISTEP5, SOOSYRVSTEP6, TARAGUCHISTEP4).
    pub const fn expects_candidates(self) -> bool {
        matches!(
            (self.rule, self.step),
            (OpeningRule::Rif | OpeningRule::Yamaguchi, 5)
                | (OpeningRule::Soosyrv, 6)
                | (OpeningRule::Taraguchi, 4)
        )
    }

    /// The line that ends the stones block when it is formatted. YAMAGUCHISTEP5 uses `PLAY`
    /// in the document; the parser accepts `DONE` and `PLAY` for every candidate step.
    pub(crate) const fn terminator(self) -> &'static str {
        if matches!((self.rule, self.step), (OpeningRule::Yamaguchi, 5)) { "PLAY" } else { "DONE" }
    }
}

impl fmt::Display for OpeningStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            write!(f, "{}", self.rule.word())
        } else {
            write!(f, "{}{}", self.rule.word(), self.step)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_word_reads_back() {
        let all = OpeningStep::all();
        assert_eq!(all.len(), 4 + 3 + 5 + 5 + 6 + 4 + 3 + 2 + 2);
        for step in all {
            assert_eq!(OpeningStep::from_word(&step.to_string()), Some(step));
        }
    }

    #[test]
    fn steps_out_of_range_are_not_commands() {
        assert_eq!(OpeningStep::from_word("RIFSTEP6"), None);
        assert_eq!(OpeningStep::from_word("RIFSTEP0"), None);
        assert_eq!(OpeningStep::from_word("RIFSTEP05"), None);
        assert_eq!(OpeningStep::from_word("PROBOARD1"), None);
        assert_eq!(OpeningStep::from_word("SWAP2BOARD"), None);
    }
}
