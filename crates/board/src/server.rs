//! The web server: the embedded page (`/`, `/board.js`, `/openings.js`, `/style.css`, and the
//! files it shares with the live view: `/base.css`, `/goban.js`, `/frame.js`, `/graphs.js`),
//! the rules service (`POST /api/position`), games in and out (`POST /api/load`, `POST /api/save`), and one
//! session per open page: `GET /api/session` is the page's
//! server-sent event stream, and its lifetime is the session's (the brain process ends when the
//! stream does: the tab closed, or the server stopped); `POST /api/session/{id}` carries the
//! page's requests to its brain. At most `max_games` sessions at once; more get a `full` event.
//!
//! Every request body is size-limited and validated into typed values before anything happens;
//! errors are JSON `{"error": "…"}` with a 4xx status, never a panic.

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::future;
use futures_util::stream::{self, Stream};
use renzoku_live::web::{self, WebServer, static_text};
use tokio::sync::mpsc;

use crate::brain::session::{self, PageEvent, Request};
use crate::config::{BoardConfig, EngineSpec};
use crate::position::{self, PositionRequest};
use crate::records::{self, SaveRequest};
use crate::request::PageRequest;

/// Largest request body (a loaded game file is the largest).
const MAX_BODY: usize = 1 << 20;

/// The running server (renzoku-live's server thread); stops on [`BoardServer::shutdown`] or
/// when dropped, ending every brain.
#[derive(Debug)]
pub struct BoardServer {
    web: WebServer,
}

impl BoardServer {
    pub fn local_addr(&self) -> SocketAddr {
        self.web.local_addr()
    }

    /// Stops serving, ends every page's brain and waits for them.
    pub fn shutdown(self) {
        self.web.shutdown();
    }

    /// Serves until SIGINT (Ctrl-C) or SIGTERM, then shuts down: every brain is ended.
    pub fn run_until_interrupted(self) -> std::io::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_io().build()?;
        runtime.block_on(async {
            #[cfg(unix)]
            {
                use tokio::signal::unix::{SignalKind, signal};
                let mut terminate = signal(SignalKind::terminate())?;
                tokio::select! {
                    result = tokio::signal::ctrl_c() => result?,
                    _ = terminate.recv() => {}
                }
            }
            #[cfg(not(unix))]
            tokio::signal::ctrl_c().await?;
            Ok::<(), std::io::Error>(())
        })?;
        self.shutdown();
        Ok(())
    }
}

#[derive(Clone)]
struct AppState {
    engines: Arc<Vec<EngineSpec>>,
    max_games: usize,
    sessions: Arc<Mutex<HashMap<String, mpsc::Sender<Request>>>>,
    /// The session tasks, so that shutting down can wait for their brains to end.
    tasks: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

/// Binds `addr` and serves the board on a thread of its own. Returns once the socket is bound
/// (port 0 picks a free port: see [`BoardServer::local_addr`]).
pub fn serve(addr: SocketAddr, config: BoardConfig) -> std::io::Result<BoardServer> {
    if config.engines.is_empty() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "no engine"));
    }
    let state = AppState {
        engines: Arc::new(config.engines),
        max_games: config.max_games.max(1),
        sessions: Arc::default(),
        tasks: Arc::default(),
    };
    let app = router(state.clone());
    // Closing every session's request channel ends its task, which ends its brain (END, then
    // a kill); the server waits for them so that no process outlives it.
    let wind_down = move || async move {
        if let Ok(mut sessions) = state.sessions.lock() {
            sessions.clear();
        }
        let tasks = state.tasks.lock().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default();
        let all = future::join_all(tasks);
        let _ = tokio::time::timeout(Duration::from_secs(3), all).await;
    };
    let web = web::spawn(addr, "renzoku-board", app, wind_down)?;
    Ok(BoardServer { web })
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/board.js", get(script))
        .route("/openings.js", get(openings))
        .route("/style.css", get(style))
        .route("/api/session", get(open_session))
        .route("/api/session/{id}", post(session_request))
        .route("/api/position", post(position_request))
        .route("/api/load", post(load_request))
        .route("/api/save", post(save_request))
        .merge(renzoku_live::page::shared_routes())
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

async fn page() -> Html<String> {
    let body = include_str!("page/body.html");
    Html(renzoku_live::page::html("Renzoku board", body, &["openings.js", "board.js"]))
}

async fn script() -> Response {
    static_text("text/javascript; charset=utf-8", include_str!("page/board.js"))
}

async fn openings() -> Response {
    static_text("text/javascript; charset=utf-8", include_str!("page/openings.js"))
}

async fn style() -> Response {
    static_text("text/css; charset=utf-8", include_str!("page/style.css"))
}

fn error(status: StatusCode, text: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": text.into() }))).into_response()
}

fn bad_json(rejection: &JsonRejection) -> Response {
    error(rejection.status(), format!("bad request: {}", rejection.body_text()))
}

async fn position_request(body: Result<Json<PositionRequest>, JsonRejection>) -> Response {
    let Json(request) = match body {
        Ok(body) => body,
        Err(rejection) => return bad_json(&rejection),
    };
    match position::answer(&request) {
        Ok(reply) => Json(reply).into_response(),
        Err(text) => error(StatusCode::BAD_REQUEST, text),
    }
}

/// `{"text": "…", "size": 15}`: `size` is the board of a pos string or `x,y` lines.
#[derive(serde::Deserialize)]
struct LoadRequest {
    text: String,
    #[serde(default = "default_size")]
    size: i64,
}

fn default_size() -> i64 {
    15
}

async fn load_request(body: Result<Json<LoadRequest>, JsonRejection>) -> Response {
    let Json(request) = match body {
        Ok(body) => body,
        Err(rejection) => return bad_json(&rejection),
    };
    let loaded =
        position::parse_size(request.size).and_then(|size| records::load(&request.text, size));
    match loaded {
        Ok(game) => Json(game).into_response(),
        Err(text) => error(StatusCode::BAD_REQUEST, text),
    }
}

async fn save_request(body: Result<Json<SaveRequest>, JsonRejection>) -> Response {
    let Json(request) = match body {
        Ok(body) => body,
        Err(rejection) => return bad_json(&rejection),
    };
    match records::save(&request) {
        Ok(sgf) => Json(serde_json::json!({ "sgf": sgf })).into_response(),
        Err(text) => error(StatusCode::BAD_REQUEST, text),
    }
}

async fn session_request(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Result<Json<PageRequest>, JsonRejection>,
) -> Response {
    let Json(request) = match body {
        Ok(body) => body,
        Err(rejection) => return bad_json(&rejection),
    };
    let request = match request.validate(state.engines.len()) {
        Ok(request) => request,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    let sender = state.sessions.lock().ok().and_then(|s| s.get(&id).cloned());
    let Some(sender) = sender else {
        return error(StatusCode::NOT_FOUND, "this page's session has ended: reload the page");
    };
    match sender.send(request).await {
        Ok(()) => Json(serde_json::json!({ "ok": true })).into_response(),
        Err(_) => error(StatusCode::NOT_FOUND, "this page's session has ended: reload the page"),
    }
}

/// A session's id: unguessable enough that one page cannot drive another's brain.
fn new_id() -> String {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let a = hasher.finish();
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(a);
    format!("{a:016x}{:016x}", hasher.finish())
}

/// Removes the session when the page's stream ends, which ends its brain.
struct SessionGuard {
    id: String,
    sessions: Arc<Mutex<HashMap<String, mpsc::Sender<Request>>>>,
}

impl Drop for SessionGuard {
    fn drop(&mut self) {
        if let Ok(mut sessions) = self.sessions.lock() {
            sessions.remove(&self.id);
        }
    }
}

fn sse_event(event: &PageEvent) -> Event {
    // These plain structs always serialise; an empty object would be ignored by the page.
    Event::default().data(serde_json::to_string(event).unwrap_or_else(|_| "{}".to_owned()))
}

async fn open_session(
    State(state): State<AppState>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let (events, receiver) = mpsc::channel::<PageEvent>(256);
    let id = new_id();
    let admitted = match state.sessions.lock() {
        Ok(mut sessions) if sessions.len() < state.max_games => {
            let (requests, incoming) = mpsc::channel(64);
            sessions.insert(id.clone(), requests);
            let task =
                tokio::spawn(session::run(Arc::clone(&state.engines), incoming, events.clone()));
            if let Ok(mut tasks) = state.tasks.lock() {
                tasks.retain(|t| !t.is_finished());
                tasks.push(task);
            }
            true
        }
        _ => false,
    };
    let first = if admitted {
        PageEvent::Hello {
            session: id.clone(),
            engines: state.engines.iter().map(|e| e.name.clone()).collect(),
            engine: 0,
            max_games: state.max_games,
        }
    } else {
        PageEvent::Full {
            text: format!(
                "{} games are open, the most this server allows (--max-games): close one and \
                 reload this page.",
                state.max_games
            ),
        }
    };
    let guard = admitted.then(|| SessionGuard { id, sessions: Arc::clone(&state.sessions) });
    let _ = events.send(first).await;
    // Only the session task keeps a sender: when it ends, the stream ends.
    drop(events);
    let stream = stream::unfold((receiver, guard), |(mut receiver, guard)| async move {
        let event = receiver.recv().await?;
        Some((Ok(sse_event(&event)), (receiver, guard)))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1)))
}
