//! Property tests of the game readers: any text is read or refused, never a panic; any valid
//! tree saved as SGF reads back the same.

use proptest::collection::vec;
use proptest::prelude::*;
use renzoku_board::records::{FlatNode, SaveRequest, check, load, save};

/// A tree of up to 40 moves on a 15×15 board; comments with SGF's special characters.
fn tree() -> impl Strategy<Value = Vec<FlatNode>> {
    vec(
        (
            any::<prop::sample::Index>(),
            0u8..15,
            0u8..15,
            "[a-z\\]\\\\\\[ ():;]{0,12}",
            any::<bool>(),
        ),
        0..40,
    )
    .prop_map(|raw| {
        let mut nodes: Vec<FlatNode> = Vec::new();
        for (parent, x, y, comment, marked) in raw {
            let parent =
                if nodes.is_empty() { -1 } else { parent.index(nodes.len() + 1) as i64 - 1 };
            let marks = if marked { vec![[y, x]] } else { Vec::new() };
            let node = FlatNode { parent, point: [x, y], comment, marks };
            nodes.push(node);
            if check(&nodes, 15).is_err() {
                nodes.pop();
            }
        }
        nodes
    })
}

/// A node by its path from the root, with its comment and marks.
type Described = (Vec<[u8; 2]>, String, Vec<[u8; 2]>);

proptest! {
    #[test]
    fn saved_trees_load_back_the_same(nodes in tree()) {
        let request = SaveRequest { rule: "renju".into(), size: 15, nodes: nodes.clone() };
        let sgf = save(&request).expect("a valid tree saves");
        let game = load(&sgf, 15).expect("our SGF loads");
        prop_assert_eq!(game.rule.as_deref(), Some("renju"));
        // A branch point's children are written in order, so the loaded tree lists the same
        // moves; compare as paths from the root, which do not depend on the numbering.
        let paths = |nodes: &[FlatNode]| {
            let mut all: Vec<Described> = nodes
                .iter()
                .map(|n| {
                    let mut path = vec![n.point];
                    let mut p = n.parent;
                    while p >= 0 {
                        path.push(nodes[p as usize].point);
                        p = nodes[p as usize].parent;
                    }
                    path.reverse();
                    (path, n.comment.clone(), n.marks.clone())
                })
                .collect();
            all.sort();
            all
        };
        prop_assert_eq!(paths(&game.nodes), paths(&nodes));
    }

    #[test]
    fn any_text_loads_or_is_refused(text in "\\PC{0,200}") {
        let _ = load(&text, 15);
    }

    #[test]
    fn sgf_like_text_loads_or_is_refused(text in "[();\\[\\]BWSZCAB a-p0-9\\\\]{0,120}") {
        let _ = load(&format!("({text}"), 15);
    }

    #[test]
    fn psq_like_text_loads_or_is_refused(text in "[0-9,\\n -]{0,80}", size in 0i64..40) {
        let _ = load(&format!("Piskvorky {size}x{size}, 0:0, 0\n{text}"), 15);
    }
}
