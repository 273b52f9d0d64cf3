#![doc = include_str!("../README.md")]

pub mod board;
pub mod color;
pub mod diagram;
pub mod forbidden;
pub mod geometry;
pub mod notation;
pub mod openings;
pub mod outcome;
pub mod rule;
pub mod stone_lists;
pub mod symmetry;
pub mod zobrist;

pub use board::{Board, BoardError, Move, Run};
pub use color::{Cell, Color};
pub use diagram::{Diagram, parse_diagram};
pub use forbidden::{ForbiddenKind, forbidden_kind, forbidden_points, is_forbidden};
pub use geometry::{Direction, MAX_SIZE, MIN_SIZE, Point};
pub use notation::{NotationError, PosOrientation};
pub use openings::{RENJU_OPENINGS, RenjuOpening, identify_renju_opening, in_central_square};
pub use outcome::{Outcome, is_legal, makes_five, outcome_after, outcome_with_limit};
pub use rule::Rule;
pub use stone_lists::{StoneListLine, format_stone_list_line, parse_stone_list_line};
pub use symmetry::{Symmetry, are_pairwise_non_symmetric, position_symmetries, transform_board};
