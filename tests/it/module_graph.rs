//! Inside a crate, arrows point one way: no module imports one that imports it back
//! (docs/design.md). This reads each library crate's sources, draws the graph of which file
//! module names which (`use crate::…`, `super::…`, `self::…`, a child module's name, and paths
//! such as `crate::a::f()` in code), and fails with the circles it finds.
//!
//! A name re-exported by a facade (`pub use child::Thing` in a `mod.rs` or `lib.rs`, or any
//! `use` that a child reaches through `super::Thing`) counts as an import of the module that
//! defines it, not of the facade. Unit-test modules (`#[cfg(test)]`) are left out: they sit
//! beside the code they test and nothing imports them. This is a reader of source text, not of
//! the compiler's resolution: macros and `#[path]` attributes are not followed.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A module path from the crate root, e.g. `["runner", "play"]`; the root is `[]`.
type ModPath = Vec<String>;

#[test]
fn arena_modules_import_one_way() {
    assert_acyclic("arena");
}

#[test]
fn brain_modules_import_one_way() {
    assert_acyclic("brain");
}

#[test]
fn referee_modules_import_one_way() {
    assert_acyclic("referee");
}

#[test]
fn board_modules_import_one_way() {
    assert_acyclic("board");
}

#[test]
fn live_modules_import_one_way() {
    assert_acyclic("live");
}

#[test]
fn protocol_modules_import_one_way() {
    assert_acyclic("protocol");
}

#[test]
fn rules_modules_import_one_way() {
    assert_acyclic("rules");
}

#[test]
fn engine_modules_import_one_way() {
    assert_acyclic("engine");
}

/// The checker itself on a small crate with one circle, a facade and a unit-test module.
#[test]
fn the_checker_finds_a_circle_and_ignores_facades_and_tests() {
    let mut sources = BTreeMap::new();
    sources.insert(
        vec![],
        "mod a; mod b; pub mod c; pub use c::Thing; #[cfg(test)] mod tests { use crate::a::*; }"
            .to_string(),
    );
    sources.insert(vec!["a".into()], "use crate::b::f; // crate::c::g\n".to_string());
    sources.insert(
        vec!["b".into()],
        "pub fn f() { super::a::h(); let s = \"crate::c::x\"; } use crate::Thing;".to_string(),
    );
    sources.insert(vec!["c".into()], "pub struct Thing; fn g() { let _ = 'x'; }".to_string());
    let graph = Graph::from_sources(&sources);
    let circles = graph.circles();
    assert_eq!(circles, vec![vec![vec!["a".to_string()], vec!["b".to_string()]]]);
    assert!(graph.edges[&vec!["b".to_string()]].contains(&vec!["c".to_string()]));
    assert!(!graph.edges[&vec!["b".to_string()]].contains(&vec![]));
}

/// Two folders whose files import each other's, with no circle between files.
#[test]
fn the_checker_finds_a_circle_between_folders() {
    let mut sources = BTreeMap::new();
    let path = |p: &str| p.split("::").map(String::from).collect::<ModPath>();
    sources.insert(vec![], "pub mod x; pub mod y;".to_string());
    sources.insert(path("x"), "pub mod a; pub mod d;".to_string());
    sources.insert(path("y"), "pub mod b; pub mod c;".to_string());
    sources.insert(path("x::a"), "use crate::y::b::B;".to_string());
    sources.insert(path("y::b"), "pub struct B;".to_string());
    sources.insert(path("y::c"), "use crate::x::d::D;".to_string());
    sources.insert(path("x::d"), "pub struct D;".to_string());
    let graph = Graph::from_sources(&sources);
    assert!(graph.circles().is_empty());
    assert_eq!(graph.folder_circles(), vec![vec![path("x"), path("y")]]);
}

fn assert_acyclic(krate: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates").join(krate).join("src");
    let sources = read_crate(&src);
    let graph = Graph::from_sources(&sources);
    let circles = graph.circles();
    let mut report = String::new();
    for circle in &circles {
        let _ = writeln!(report, "circle of {} modules in {krate}:", circle.len());
        for from in circle {
            let to: Vec<String> =
                graph.edges[from].iter().filter(|t| circle.contains(t)).map(show).collect();
            let _ = writeln!(report, "  {} -> {}", show(from), to.join(", "));
        }
    }
    let folders = graph.folder_circles();
    for circle in &folders {
        let parts: Vec<String> = circle.iter().map(show).collect();
        let _ = writeln!(report, "circle between folders of {krate}: {}", parts.join(", "));
    }
    println!(
        "{krate}: {} modules, {} imports, {} circles, {} between folders",
        graph.edges.len(),
        graph.edges.values().map(BTreeSet::len).sum::<usize>(),
        circles.len(),
        folders.len()
    );
    print!("{report}");
    assert!(circles.is_empty() && folders.is_empty(), "{report}");
}

fn show(m: &ModPath) -> String {
    if m.is_empty() { "crate".to_string() } else { m.join("::") }
}

/// Every file module of the crate, found by following `mod name;` from `lib.rs`.
fn read_crate(src: &Path) -> BTreeMap<ModPath, String> {
    let mut out = BTreeMap::new();
    let mut todo = vec![(Vec::new(), src.join("lib.rs"))];
    while let Some((path, file)) = todo.pop() {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let tokens = tokenize(&text);
        // `foo.rs` and `foo/mod.rs` keep their children in `foo/`; `lib.rs` beside itself.
        let dir: PathBuf = if path.is_empty() || file.ends_with("mod.rs") {
            file.parent().expect("a source file has a folder").to_path_buf()
        } else {
            file.with_extension("")
        };
        for child in file_children(&tokens) {
            let flat = dir.join(format!("{child}.rs"));
            let nested = dir.join(&child).join("mod.rs");
            let child_file = if flat.exists() { flat } else { nested };
            let mut child_path = path.clone();
            child_path.push(child);
            todo.push((child_path, child_file));
        }
        out.insert(path, text);
    }
    out
}

/// The names of `mod name;` declarations outside unit tests.
fn file_children(tokens: &[String]) -> Vec<String> {
    let mut children = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if is_cfg_test(tokens, i) {
            i = skip_item(tokens, i + 7);
            continue;
        }
        if tokens[i] == "mod" && tokens.get(i + 2).is_some_and(|t| t == ";") {
            children.push(tokens[i + 1].clone());
        }
        i += 1;
    }
    children
}

/// Source text as tokens, without comments or the contents of string and char literals:
/// identifiers, `::`, and single punctuation characters.
fn tokenize(text: &str) -> Vec<String> {
    let c: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i + 1);
            tokens.push("\"\"".to_string());
        } else if (ch == 'r' || ch == 'b') && raw_string_start(&c, i).is_some() {
            let (hashes, open) = raw_string_start(&c, i).expect("checked above");
            i = skip_raw_string(&c, open + 1, hashes);
            tokens.push("\"\"".to_string());
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            tokens.push(c[start..i].iter().collect());
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
        } else {
            tokens.push(ch.to_string());
            i += 1;
        }
    }
    tokens
}

/// After an opening quote: the index after the closing one.
fn skip_string(c: &[char], mut i: usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `r"`, `r#"`, `br"`, `br#"` at `i` (and not inside an identifier): the number of `#` and the
/// index of the quote.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if c[j] == 'b' {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (c.get(j) == Some(&'"')).then_some((hashes, j))
}

fn skip_raw_string(c: &[char], mut i: usize, hashes: usize) -> usize {
    while i < c.len() {
        if c[i] == '"' && (1..=hashes).all(|k| c.get(i + k) == Some(&'#')) {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// `# [ cfg ( test ) ]` at `i`.
fn is_cfg_test(tokens: &[String], i: usize) -> bool {
    let want = ["#", "[", "cfg", "(", "test", ")", "]"];
    tokens.len() >= i + want.len() && want.iter().zip(&tokens[i..]).all(|(w, t)| w == t)
}

/// From the start of an item: the index after it (its `;` or its first `{…}` block).
fn skip_item(tokens: &[String], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "(" | "[" => depth += 1,
            ")" | "]" => depth = depth.saturating_sub(1),
            ";" if depth == 0 => return i + 1,
            "{" if depth == 0 => return skip_block(tokens, i),
            _ => {}
        }
        i += 1;
    }
    i
}

/// From an opening brace: the index after its closing brace.
fn skip_block(tokens: &[String], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// One module's raw facts: the paths it names and the names its `use` items bind.
#[derive(Default)]
struct Facts {
    /// Paths as written, with the module (file or inline) they were written in.
    paths: Vec<(ModPath, Vec<String>)>,
    /// `use` bindings: (module, bound name) → the path as written there.
    bindings: Vec<(ModPath, String, Vec<String>)>,
    /// Inline (non-test) modules declared in this file.
    inline: Vec<ModPath>,
}

struct Graph {
    /// File module → the file modules it imports (never itself).
    edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

impl Graph {
    fn from_sources(sources: &BTreeMap<ModPath, String>) -> Graph {
        let mut modules: BTreeSet<ModPath> = sources.keys().cloned().collect();
        let mut all = Vec::new();
        for (path, text) in sources {
            let facts = facts_of(path, &tokenize(text));
            modules.extend(facts.inline.iter().cloned());
            all.push((path.clone(), facts));
        }
        let mut bindings: BTreeMap<(ModPath, String), (ModPath, Vec<String>)> = BTreeMap::new();
        for (_, facts) in &all {
            for (module, name, path) in &facts.bindings {
                bindings.insert((module.clone(), name.clone()), (module.clone(), path.clone()));
            }
        }
        let resolver = Resolver { modules: &modules, files: sources, bindings: &bindings };
        let mut edges = BTreeMap::new();
        for (file, facts) in &all {
            let mut targets = BTreeSet::new();
            for (module, path) in &facts.paths {
                if let Some(target) = resolver.resolve(module, path, 0) {
                    let target = resolver.file_of(&target);
                    if &target != file {
                        targets.insert(target);
                    }
                }
            }
            edges.insert(file.clone(), targets);
        }
        Graph { edges }
    }

    /// The circles among the parts of each folder: every module below a folder counts as the
    /// part (child module) it sits in, so that `engines -> games -> engines` is found even
    /// when no single file closes the circle. These are the layers of a crate with folders.
    fn folder_circles(&self) -> Vec<Vec<ModPath>> {
        let parents: BTreeSet<ModPath> = self
            .edges
            .keys()
            .filter(|m| !m.is_empty())
            .map(|m| m[..m.len() - 1].to_vec())
            .collect();
        let mut out = Vec::new();
        for parent in parents {
            let part = |m: &ModPath| -> Option<ModPath> {
                (m.len() > parent.len() && m.starts_with(&parent))
                    .then(|| m[..=parent.len()].to_vec())
            };
            let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
            for (from, targets) in &self.edges {
                let Some(a) = part(from) else { continue };
                let entry = edges.entry(a.clone()).or_default();
                for b in targets.iter().filter_map(part) {
                    if b != a {
                        entry.insert(b);
                    }
                }
            }
            for targets in edges.clone().into_values() {
                for t in targets {
                    edges.entry(t).or_default();
                }
            }
            out.extend(
                Graph { edges }.circles().into_iter().filter(|c| !self.circles().contains(c)),
            );
        }
        out
    }

    /// The strongly connected components with more than one module (Tarjan), sorted.
    fn circles(&self) -> Vec<Vec<ModPath>> {
        struct State<'a> {
            graph: &'a Graph,
            index: BTreeMap<&'a ModPath, usize>,
            low: BTreeMap<&'a ModPath, usize>,
            stack: Vec<&'a ModPath>,
            on_stack: BTreeSet<&'a ModPath>,
            out: Vec<Vec<ModPath>>,
        }
        fn visit<'a>(s: &mut State<'a>, v: &'a ModPath) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            for w in &s.graph.edges[v] {
                if !s.graph.edges.contains_key(w) {
                    continue;
                }
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut component = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    s.out.push(component);
                }
            }
        }
        let mut s = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            out: Vec::new(),
        };
        for v in self.edges.keys() {
            if !s.index.contains_key(v) {
                visit(&mut s, v);
            }
        }
        s.out.sort();
        s.out
    }
}

/// Walks one file's tokens: inline modules, `use` trees and paths in code.
fn facts_of(file: &ModPath, tokens: &[String]) -> Facts {
    let mut facts = Facts::default();
    // Inline modules open at a brace depth; the current module is the innermost.
    let mut scopes: Vec<(ModPath, usize)> = vec![(file.clone(), 0)];
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let here = scopes.last().expect("the file scope stays").0.clone();
        let t = tokens[i].as_str();
        if is_cfg_test(tokens, i) {
            i = skip_item(tokens, i + 7);
            continue;
        }
        match t {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if scopes.len() > 1 && scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                let mut inner = here.clone();
                inner.push(tokens[i + 1].clone());
                facts.inline.push(inner.clone());
                scopes.push((inner, depth));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let end = tokens[i..].iter().position(|t| t == ";").map_or(tokens.len(), |p| i + p);
                let mut trees = Vec::new();
                use_tree(&tokens[i + 1..end], &mut Vec::new(), &mut trees);
                for (path, bound) in trees {
                    if let Some(name) = bound {
                        facts.bindings.push((here.clone(), name, path.clone()));
                    }
                    facts.paths.push((here.clone(), path));
                }
                i = end + 1;
                continue;
            }
            _ => {}
        }
        // A path in code: `crate::…`, `super::…`, `self::…` or `name::…`, not itself the tail
        // of a longer path.
        let starts_path = tokens.get(i + 1).is_some_and(|n| n == "::")
            && (i == 0 || tokens[i - 1] != "::")
            && is_ident(t);
        if starts_path {
            let mut path = vec![t.to_string()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|n| n == "::")
                && tokens.get(j + 1).is_some_and(|n| is_ident(n))
            {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            facts.paths.push((here, path));
            i = j;
            continue;
        }
        i += 1;
    }
    facts
}

fn is_ident(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Expands a `use` tree (the tokens between `use` and `;`) into full paths, each with the name
/// it binds (none for globs and `self` re-imports of a module).
fn use_tree(
    tokens: &[String],
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut i = 0;
    let depth_at_start = prefix.len();
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => {
                let close = matching_brace(tokens, i);
                for part in split_top_level(&tokens[i + 1..close]) {
                    use_tree(part, prefix, out);
                }
                i = close + 1;
            }
            "*" => {
                out.push((prefix.clone(), None));
                i += 1;
            }
            "as" => {
                // `path as name`: the binding is the alias (`_` binds nothing).
                let alias = tokens.get(i + 1).cloned().filter(|a| a != "_");
                if let Some(last) = out.last_mut() {
                    last.1 = alias;
                }
                i += 2;
            }
            // `::` between segments, `pub(in path)`.
            "::" | "pub" | "(" | ")" | "in" => i += 1,
            _ if is_ident(t) && (t != "crate" || prefix.is_empty()) => {
                let followed = tokens.get(i + 1).is_some_and(|n| n == "::");
                if followed {
                    prefix.push(t.to_string());
                } else if t == "self" {
                    let name = prefix.last().cloned();
                    out.push((prefix.clone(), name));
                } else {
                    let mut path = prefix.clone();
                    path.push(t.to_string());
                    out.push((path, Some(t.to_string())));
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    prefix.truncate(depth_at_start);
}

fn matching_brace(tokens: &[String], open: usize) -> usize {
    skip_block(tokens, open) - 1
}

/// Splits the inside of `{…}` at its top-level commas.
fn split_top_level(tokens: &[String]) -> Vec<&[String]> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    parts
}

struct Resolver<'a> {
    modules: &'a BTreeSet<ModPath>,
    files: &'a BTreeMap<ModPath, String>,
    bindings: &'a BTreeMap<(ModPath, String), (ModPath, Vec<String>)>,
}

impl Resolver<'_> {
    /// The module that defines what `path`, written in `module`, names; `None` for paths
    /// outside the crate (other crates, `std`, enum variants, associated items).
    fn resolve(&self, module: &ModPath, path: &[String], hops: usize) -> Option<ModPath> {
        if hops > 16 || path.is_empty() {
            return None;
        }
        let mut base: ModPath = match path[0].as_str() {
            "crate" => Vec::new(),
            "super" => module[..module.len().checked_sub(1)?].to_vec(),
            // `self::…`, or a name of this module.
            _ => module.clone(),
        };
        let mut rest = match path[0].as_str() {
            "crate" | "self" | "super" => &path[1..],
            _ => path,
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        // A relative path that names neither a child module nor a binding of this module
        // leaves the crate (`std::…`, `Self::…`, `Color::Black`).
        if path[0] != "crate" && path[0] != "self" && path[0] != "super" {
            let mut child = base.clone();
            child.push(rest[0].clone());
            if !self.modules.contains(&child) {
                let (home, written) = self.bindings.get(&(base.clone(), rest[0].clone()))?;
                if written.first() == Some(&rest[0]) {
                    return None; // `use std::fmt;` then `fmt::…`
                }
                let mut through = written.clone();
                through.extend_from_slice(&rest[1..]);
                return self.resolve(home, &through, hops + 1);
            }
        }
        // Descend through modules as far as the path goes.
        let mut at = base;
        let mut k = 0;
        while k < rest.len() {
            let mut next = at.clone();
            next.push(rest[k].clone());
            if self.modules.contains(&next) {
                at = next;
                k += 1;
            } else {
                break;
            }
        }
        // A name the module binds by `use` (a re-export or an import a child reaches through
        // `super::`): follow it to the module that defines it.
        if let Some(name) = rest.get(k)
            && let Some((home, written)) = self.bindings.get(&(at.clone(), name.clone()))
        {
            let mut through = written.clone();
            through.extend_from_slice(&rest[k + 1..]);
            // `None` when it is bound to something outside the crate: nothing of `at` is used.
            return self.resolve(home, &through, hops + 1);
        }
        Some(at)
    }

    /// The file module that holds `module` (inline modules belong to their file).
    fn file_of(&self, module: &ModPath) -> ModPath {
        let mut m = module.clone();
        while !self.files.contains_key(&m) {
            m.pop();
        }
        m
    }
}
