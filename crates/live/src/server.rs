//! The web server: `GET /` the page, `GET /events` server-sent events (a `reset` event, the
//! snapshot, then live events; each `data:` is one [`LiveEvent`] as JSON), `GET /state` the
//! snapshot as a JSON array.
//!
//! It runs a single-threaded tokio runtime on its own thread, so producers stay plain threads
//! and the match runner or referee needs no async code.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::IntoFuture;
use std::net::SocketAddr;
use std::thread::JoinHandle;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use futures_util::future::{self, Either};
use futures_util::stream::{self, Stream};
use tokio::sync::{broadcast, oneshot};

use crate::event::LiveEvent;
use crate::hub::LiveHub;

/// The running web server; stops on [`LiveServer::shutdown`] or when dropped.
#[derive(Debug)]
pub struct LiveServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl LiveServer {
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops serving, closes every viewer's connection and waits for the server thread.
    pub fn shutdown(mut self) {
        self.stop_and_join();
    }

    fn stop_and_join(&mut self) {
        if let Some(stop) = self.stop.take() {
            // An error means the server thread has already ended.
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            // A panic in the server thread has already been reported by the panic hook; there
            // is nothing more to do with it while shutting down.
            let _ = thread.join();
        }
    }
}

impl Drop for LiveServer {
    fn drop(&mut self) {
        self.stop_and_join();
    }
}

/// Binds `addr` and serves the live view of `hub` on a thread of its own. Returns once the
/// socket is bound (port 0 picks a free port: see [`LiveServer::local_addr`]).
pub fn serve(addr: SocketAddr, hub: LiveHub) -> std::io::Result<LiveServer> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_io().enable_time().build()?;
    let listener = {
        let _guard = runtime.enter();
        tokio::net::TcpListener::from_std(listener)?
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let app = router(hub);
    let thread = std::thread::Builder::new().name("renzoku-live".into()).spawn(move || {
        runtime.block_on(async move {
            let serving = std::pin::pin!(axum::serve(listener, app).into_future());
            // Either the server fails (reported) or the owner asks it to stop.
            if let Either::Left((Err(error), _)) = future::select(serving, stopped).await {
                eprintln!("live view: server stopped: {error}");
            }
        });
        // Dropping the runtime here cancels the open event streams, which would otherwise
        // never end.
        drop(runtime);
    })?;
    Ok(LiveServer { addr, stop: Some(stop), thread: Some(thread) })
}

fn router(hub: LiveHub) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/graphs.js", get(graphs))
        .route("/style.css", get(style))
        .route("/events", get(events))
        .route("/state", get(state))
        .with_state(hub)
}

async fn page() -> Html<&'static str> {
    Html(include_str!("page/index.html"))
}

async fn script() -> Response {
    static_text("text/javascript; charset=utf-8", include_str!("page/app.js"))
}

async fn graphs() -> Response {
    static_text("text/javascript; charset=utf-8", include_str!("page/graphs.js"))
}

async fn style() -> Response {
    static_text("text/css; charset=utf-8", include_str!("page/style.css"))
}

fn static_text(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
        .into_response()
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
