//! The web server: `GET /` the page, `GET /events` server-sent events (a `reset` event, the
//! snapshot, then live events; each `data:` is one [`LiveEvent`] as JSON), `GET /state` the
//! snapshot as a JSON array.
//!
//! It runs on a thread of its own (`web`), so producers stay plain threads and the match runner
//! or referee needs no async code.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::SocketAddr;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast;

use crate::event::LiveEvent;
use crate::hub::LiveHub;
use crate::web::{self, WebServer, static_text};

/// The running live view; stops on [`WebServer::shutdown`] or when dropped.
pub type LiveServer = WebServer;

/// Binds `addr` and serves the live view of `hub` on a thread of its own. Returns once the
/// socket is bound (port 0 picks a free port: see [`WebServer::local_addr`]).
pub fn serve(addr: SocketAddr, hub: LiveHub) -> std::io::Result<LiveServer> {
    web::spawn(addr, "renzoku-live", router(hub), || async {})
}

fn router(hub: LiveHub) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/events", get(events))
        .route("/state", get(state))
        .merge(crate::page::shared_routes())
        .with_state(hub)
}

async fn page() -> Html<String> {
    Html(crate::page::html("Renzoku live", include_str!("page/body.html"), &["app.js"]))
}

async fn script() -> Response {
    static_text("text/javascript; charset=utf-8", include_str!("page/app.js"))
}

async fn style() -> Response {
    static_text("text/css; charset=utf-8", include_str!("page/style.css"))
}

async fn state(State(hub): State<LiveHub>) -> Response {
    let body = serde_json::to_string(&hub.snapshot()).unwrap_or_else(|_| "[]".to_owned());
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-cache")], body)
        .into_response()
}

async fn events(State(hub): State<LiveHub>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    Sse::new(viewer_stream(hub)).keep_alive(KeepAlive::default())
}

/// One viewer's stream: `reset` + snapshot, then live events. A viewer that lags behind the
/// broadcast channel gets `reset` + a fresh snapshot instead of the events it missed.
fn viewer_stream(hub: LiveHub) -> impl Stream<Item = Result<Event, Infallible>> {
    let (snapshot, receiver) = hub.subscribe();
    let viewer = Viewer { hub, receiver, pending: resync_events(&snapshot) };
    stream::unfold(viewer, |mut viewer| async move {
        let event = viewer.next().await?;
        Some((Ok(event), viewer))
    })
}

struct Viewer {
    hub: LiveHub,
    receiver: broadcast::Receiver<LiveEvent>,
    pending: VecDeque<Event>,
}

impl Viewer {
    async fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some(event);
            }
            match self.receiver.recv().await {
                Ok(event) => return Some(sse_event(&event)),
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let (snapshot, receiver) = self.hub.subscribe();
                    self.receiver = receiver;
                    self.pending = resync_events(&snapshot);
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }
}

/// Tells the page to forget what it shows, then rebuilds it.
fn resync_events(snapshot: &[LiveEvent]) -> VecDeque<Event> {
    let mut events = VecDeque::with_capacity(snapshot.len() + 1);
    events.push_back(Event::default().event("reset").data("{}"));
    events.extend(snapshot.iter().map(sse_event));
    events
}

fn sse_event(event: &LiveEvent) -> Event {
    // Serialising these plain structs cannot fail; an empty object would be ignored by the page.
    Event::default().data(serde_json::to_string(event).unwrap_or_else(|_| "{}".to_owned()))
}
