//! The evaluation nets in use: one per rule family, the built-in weights (`weights/*.rzn`,
//! compiled in) unless a weights file was loaded (`INFO eval_file`, `--eval-file`).
//!
//! A search takes the family's net when it builds its position and keeps it to the end, so a
//! net loaded between moves applies from the next search on. Loaded nets are never freed (the
//! positions hold `&'static` references to their tables, which keeps the hot loops free of
//! reference counting); loading the same file again reuses it, so memory grows only with the
//! number of distinct nets a process loads (about 0.5 MB each).

pub mod format;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, RwLock};

use thiserror::Error;

pub use format::{Family, FormatError};

use crate::eval::hidden::Layer;
use crate::eval::square::{COMBOS, MASKS, SquareInfo, Tables, classify_all};

/// A net ready for the search: its tables, the hidden layer, and the combination tables the
/// position reads, built on first use.
#[derive(Debug)]
pub struct Net {
    pub family: Family,
    pub description: String,
    pub checksum: u32,
    /// Where it came from: `built-in` or the file's path.
    pub source: String,
    eval_combo: Vec<[i16; COMBOS]>,
    eval_mask: Box<[i16; MASKS]>,
    order_combo: Vec<[i16; COMBOS]>,
    layer: Layer,
    /// Per colour block: every 16-bit code key's square information (`square::classify`).
    combined: [OnceLock<Box<[SquareInfo]>>; 2],
    /// Per colour block: room for the board's compact copy of `combined` (built and read by
    /// the position; the net only keeps it with the weights it was made from).
    hot: [OnceLock<Box<[u64; 1 << 16]>>; 2],
}

impl Net {
    fn new(file: format::NetFile, source: String) -> Net {
        let format::NetFile { family, description, tables, checksum } = file;
        let layer = Layer::new(
            tables.embed,
            tables.mask_rows,
            tables.out,
            tables.out_bias,
            tables.line_embed,
        );
        Net {
            family,
            description,
            checksum,
            source,
            eval_combo: tables.eval_combo,
            eval_mask: tables.eval_mask,
            order_combo: tables.order_combo,
            layer,
            combined: [const { OnceLock::new() }; 2],
            hot: [const { OnceLock::new() }; 2],
        }
    }

    /// The net the search uses now for `rule`.
    pub fn current(rule: renzoku_rules::Rule) -> &'static Net {
        in_use(Family::of(rule))
    }

    /// The evaluation shares (side to move's, waiting side's) and the ordering corrections (for
    /// a move of this colour, for the opponent's) of a combination, for `tables`' colour.
    pub fn rows(&self, tables: Tables, combo: usize) -> ([i16; 2], [i16; 2]) {
        let base = 2 * self.block(tables);
        let (e, o) = (&self.eval_combo, &self.order_combo);
        ([e[base][combo], e[base + 1][combo]], [o[base][combo], o[base + 1][combo]])
    }

    /// The evaluation term of a position's threat mask.
    #[inline]
    pub fn mask_eval(&self, mask: usize) -> i32 {
        i32::from(self.eval_mask[mask % MASKS])
    }

    /// The hidden layer.
    pub fn layer(&self) -> &Layer {
        &self.layer
    }

    /// The combination table of `tables`' colour: entry `key` is `square::classify` of the four
    /// codes in `key`'s nibbles with this net's rows.
    pub fn combined(&self, tables: Tables) -> &[SquareInfo] {
        self.combined[self.block(tables)]
            .get_or_init(|| classify_all(tables, |combo| self.rows(tables, combo)))
    }

    /// The slot for the board's compact table of `tables`' colour.
    pub fn hot_slot(&self, tables: Tables) -> &OnceLock<Box<[u64; 1 << 16]>> {
        &self.hot[self.block(tables)]
    }

    /// Which colour block of this net's tables `tables` reads (0 unless renju white).
    fn block(&self, tables: Tables) -> usize {
        tables.colour_block() % self.family.blocks()
    }

    pub fn info(&self) -> NetInfo {
        NetInfo {
            family: self.family,
            description: self.description.clone(),
            checksum: self.checksum,
            source: self.source.clone(),
        }
    }
}

/// What a net is, for messages.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NetInfo {
    pub family: Family,
    pub description: String,
    pub checksum: u32,
    pub source: String,
}

impl std::fmt::Display for NetInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} net {:08x} from {}: {}",
            self.family.name(),
            self.checksum,
            self.source,
            self.description
        )
    }
}

/// A weights file that could not be used; the net in use stays.
#[derive(Error, Debug)]
pub enum EvalFileError {
    #[error("{path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path}: {source}")]
    Format { path: PathBuf, source: FormatError },
}

const BUILT_IN: [&[u8]; 2] =
    [include_bytes!("../weights/generic.rzn"), include_bytes!("../weights/renju.rzn")];

/// The nets loaded from files and in use, per family (`None`: the built-in one).
static CURRENT: [RwLock<Option<&'static Net>>; 2] = [const { RwLock::new(None) }; 2];
/// Every net loaded from a file so far, so that loading one again reuses it.
static LOADED: Mutex<Vec<&'static Net>> = Mutex::new(Vec::new());

/// The compiled-in net of a family.
pub fn built_in(family: Family) -> &'static Net {
    static NETS: [OnceLock<Net>; 2] = [const { OnceLock::new() }; 2];
    let i = family.index();
    NETS[i].get_or_init(|| {
        let file = format::parse(BUILT_IN[i])
            .unwrap_or_else(|e| panic!("the built-in {} weights do not parse: {e}", family.name()));
        assert_eq!(file.family, family, "weights/{}.rzn holds another family", family.name());
        Net::new(file, "built-in".to_string())
    })
}

/// Loads a weights file and makes it the net of its family (the file says which) for the
/// searches that start from now on. On an error the net in use stays.
pub fn load_eval_file(path: &Path) -> Result<NetInfo, EvalFileError> {
    let bytes = std::fs::read(path)
        .map_err(|source| EvalFileError::Read { path: path.to_path_buf(), source })?;
    let file = format::parse(&bytes)
        .map_err(|source| EvalFileError::Format { path: path.to_path_buf(), source })?;
    let source = path.display().to_string();
    let net = {
        let mut loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let same = loaded.iter().find(|n| {
            n.checksum == file.checksum
                && n.family == file.family
                && n.description == file.description
        });
        if let Some(net) = same {
            *net
        } else {
            let net: &'static Net = Box::leak(Box::new(Net::new(file, source)));
            loaded.push(net);
            net
        }
    };
    set_current(net.family, Some(net));
    Ok(net.info())
}

/// Goes back to the built-in net of `family`.
pub fn reset_eval(family: Family) {
    set_current(family, None);
}

/// The nets in use, generic then renju.
pub fn eval_nets() -> [NetInfo; 2] {
    [Family::Generic, Family::Renju].map(|f| in_use(f).info())
}

/// The net of `family` in use: the one loaded last, else the built-in one.
fn in_use(family: Family) -> &'static Net {
    let loaded = CURRENT[family.index()].read().map_or(None, |net| *net);
    loaded.unwrap_or_else(|| built_in(family))
}

fn set_current(family: Family, net: Option<&'static Net>) {
    let mut slot =
        CURRENT[family.index()].write().unwrap_or_else(std::sync::PoisonError::into_inner);
    *slot = net;
}

/// The built-in net of `family` with random line-window weights added (of the fitted ones'
/// size), for the tests of the position's line windows; one per family and seed, kept.
#[cfg(test)]
pub(crate) fn with_random_lines(family: Family, seed: u64) -> &'static Net {
    use crate::eval::hidden::LineEmbed;
    let mut file = format::parse(BUILT_IN[family.index()]).expect("the built-in weights");
    let mut next = crate::test_rng::xorshift(seed);
    let blocks = (0..family.blocks())
        .map(|_| {
            let mut block: Box<LineEmbed> = format::boxed_zeroed();
            for w in block.iter_mut().skip(1).flatten().flatten() {
                *w = (next() % 801) as i16 - 400;
            }
            block
        })
        .collect();
    file.tables.line_embed = Some(blocks);
    Box::leak(Box::new(Net::new(file, format!("random lines {seed}"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The all-dead combination's count is the board's geometry, not the position: the built-in
    /// nets give it no hidden weight for either colour.
    #[test]
    fn the_built_in_nets_give_the_all_dead_combination_no_weight() {
        for family in [Family::Generic, Family::Renju] {
            let layer = built_in(family).layer();
            for c in 0..2 {
                assert!(layer.embed(c)[0].iter().flatten().all(|&w| w == 0), "{family:?}");
            }
        }
    }
}
