//! The page files the live view shares with other pages (`renzoku board`), each embedded once:
//! the look (`base.css`), the board drawing (`goban.js`), the render scheduler (`frame.js`) and
//! the graphs (`graphs.js`). [`shared_routes`] serves them at `/<name>` on any router, and
//! [`html`] writes a whole page around a page's own body, with the head and scripts they share.

use std::fmt::Write as _;

use axum::Router;
use axum::routing::get;

use crate::web::static_text;

/// Colours, header, tables, the board and graph column.
pub const BASE_CSS: &str = include_str!("page/base.css");
/// Wood, lines, star points, coordinates and stones on a canvas.
pub const GOBAN_JS: &str = include_str!("page/goban.js");
/// One render per animation frame.
pub const FRAME_JS: &str = include_str!("page/frame.js");
/// `drawEvalGraph` and the match graphs (Elo, SPRT).
pub const GRAPHS_JS: &str = include_str!("page/graphs.js");

const JS: &str = "text/javascript; charset=utf-8";

/// The shared scripts, in the order a page loads them (before its own).
const SHARED_SCRIPTS: [&str; 3] = ["frame.js", "goban.js", "graphs.js"];

/// A whole page: the head every Renzoku page has (`title`, the shared `base.css`, then the
/// page's own `style.css`), its `body` (the HTML inside `<body>`), then the shared scripts and
/// the page's own `scripts`, in that order.
pub fn html(title: &str, body: &str, scripts: &[&str]) -> String {
    let mut tags = String::new();
    for src in SHARED_SCRIPTS.iter().chain(scripts) {
        let _ = writeln!(tags, "<script src=\"{src}\"></script>");
    }
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"base.css\">\n\
         <link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n{body}{tags}</body>\n</html>\n"
    )
}

/// The shared files as routes, to merge into a page's router.
pub fn shared_routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/base.css", get(|| async { static_text("text/css; charset=utf-8", BASE_CSS) }))
        .route("/goban.js", get(|| async { static_text(JS, GOBAN_JS) }))
        .route("/frame.js", get(|| async { static_text(JS, FRAME_JS) }))
        .route("/graphs.js", get(|| async { static_text(JS, GRAPHS_JS) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_has_the_shared_head_and_scripts_then_its_own() {
        let page = html("Renzoku test", "<main>hi</main>\n", &["own.js"]);
        assert!(page.starts_with("<!doctype html>\n<html lang=\"en\">\n<head>\n"), "{page}");
        assert!(page.contains("<title>Renzoku test</title>"), "{page}");
        let base = page.find("base.css").unwrap_or(usize::MAX);
        let style = page.find("style.css").unwrap_or(0);
        assert!(base < style, "the page's own style comes last: {page}");
        assert!(
            page.ends_with(
                "<body>\n<main>hi</main>\n<script src=\"frame.js\"></script>\n\
             <script src=\"goban.js\"></script>\n<script src=\"graphs.js\"></script>\n\
             <script src=\"own.js\"></script>\n</body>\n</html>\n"
            ),
            "{page}"
        );
    }
}
