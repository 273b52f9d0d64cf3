//! A web server on a thread of its own, with its own single-threaded tokio runtime, so that its
//! owner (the match runner, the referee, `renzoku board`) stays plain threads with no async
//! code. Shared by the live view's server and renzoku-board's; each brings its own routes.

use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::thread::JoinHandle;

use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::future::{self, Either};
use tokio::sync::oneshot;

/// The running server; stops on [`WebServer::shutdown`] or when dropped.
#[derive(Debug)]
pub struct WebServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl WebServer {
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops serving, runs the server's wind-down and waits for the server thread.
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

impl Drop for WebServer {
    fn drop(&mut self) {
        self.stop_and_join();
    }
}

/// Binds `addr` and serves `app` on a thread called `name`. Returns once the socket is bound
/// (port 0 picks a free port: see [`WebServer::local_addr`]). When the server stops,
/// `wind_down` runs on its runtime (e.g. ending tasks the routes started); then the runtime is
/// dropped, which cancels the open event streams that would otherwise never end.
pub fn spawn<W, F>(
    addr: SocketAddr,
    name: &str,
    app: Router,
    wind_down: W,
) -> std::io::Result<WebServer>
where
    W: FnOnce() -> F + Send + 'static,
    F: Future<Output = ()>,
{
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
    let label = name.to_owned();
    let thread = std::thread::Builder::new().name(name.to_owned()).spawn(move || {
        runtime.block_on(async move {
            let serving = std::pin::pin!(axum::serve(listener, app).into_future());
            // Either the server fails (reported) or the owner asks it to stop.
            if let Either::Left((Err(error), _)) = future::select(serving, stopped).await {
                eprintln!("{label}: server stopped: {error}");
            }
            wind_down().await;
        });
        drop(runtime);
    })?;
    Ok(WebServer { addr, stop: Some(stop), thread: Some(thread) })
}

/// An embedded file as a response that browsers fetch again on each load (a new binary may
/// serve a new page at the same address).
pub fn static_text(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
        .into_response()
}
