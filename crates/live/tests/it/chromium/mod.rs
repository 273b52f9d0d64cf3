//! Headless Chromium driven over the DevTools protocol: a minimal WebSocket client (RFC 6455,
//! text frames only) on a plain `TcpStream`, enough to evaluate JavaScript in the page and
//! capture screenshots. `--dump-dom` and `--screenshot` cannot be used: the page's event
//! stream never ends, so Chromium's "page loaded" moment never comes with `--virtual-time-budget`.

#![allow(dead_code)] // the tests and the screenshot example use different parts

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Generous: Chromium's start alone takes seconds on a loaded machine.
pub const TIMEOUT: Duration = Duration::from_secs(90);

/// `RENZOKU_CHROMIUM`, else the usual names on `PATH`.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("RENZOKU_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The browser for a test, or `None` with a notice on a developer's machine without one. CI
/// must run the browser tests for real (its `.ci/run` installs chromium): under `CI=true` a
/// missing browser fails the test.
pub fn chromium_or_notice() -> Option<PathBuf> {
    let found = find_chromium();
    if found.is_none() {
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
        assert!(
            !ci,
            "CI is set and no chromium was found (install Debian's chromium, or set \
             RENZOKU_CHROMIUM): the browser tests cannot be skipped in CI"
        );
        eprintln!("NOTICE: no chromium found (set RENZOKU_CHROMIUM); browser test skipped");
    }
    found
}

pub struct Browser {
    child: Child,
    profile: PathBuf,
    socket: BufReader<TcpStream>,
    next_id: u64,
}

impl Browser {
    /// Starts headless Chromium on `url` with a window of `width` x `height` CSS pixels.
    pub fn launch(chromium: &Path, url: &str, width: u32, height: u32) -> Browser {
        static LAUNCHES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = LAUNCHES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let profile =
            std::env::temp_dir().join(format!("renzoku-live-chromium-{}-{n}", std::process::id()));
        let mut child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                // Containers give /dev/shm a few MB: Chromium's tabs crash without this.
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--window-size={width},{height}"))
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromium");
        // Chromium announces its DevTools endpoint on stderr; the rest of stderr is drained
        // so that it never blocks on a full pipe.
        let stderr = child.stderr.take().expect("stderr");
        let (found, endpoint) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("DevTools listening on ws://").nth(1) {
                    let _ = found.send(rest.to_owned());
                }
            }
        });
        let Ok(endpoint) = endpoint.recv_timeout(TIMEOUT) else {
            let _ = child.kill();
            panic!("chromium did not announce its DevTools endpoint");
        };
        let host = endpoint.split('/').next().expect("host:port").to_owned();
        let page = page_socket_path(&host);
        let socket = websocket_connect(&host, &page);
        let mut browser = Browser { child, profile, socket, next_id: 0 };
        browser.call("Runtime.enable", &json!({}));
        browser
    }

    /// Sends a DevTools command and returns its `result` (events in between are skipped).
    pub fn call(&mut self, method: &str, params: &Value) -> Value {
        self.try_call(method, params).unwrap_or_else(|e| panic!("{method} failed: {e}"))
    }

    /// Like [`Browser::call`], with the protocol's error as `Err`.
    pub fn try_call(&mut self, method: &str, params: &Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({ "id": id, "method": method, "params": params }).to_string();
        send_text(self.socket.get_mut(), &message);
        loop {
            let reply: Value =
                serde_json::from_str(&receive_text(&mut self.socket)).expect("DevTools sends JSON");
            if reply["id"].as_u64() == Some(id) {
                return match reply.get("error") {
                    Some(error) => Err(error.clone()),
                    None => Ok(reply["result"].clone()),
                };
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    pub fn evaluate(&mut self, expression: &str) -> Value {
        self.try_evaluate(expression).unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// `Err` while the page has no JavaScript context yet, or when the expression throws.
    pub fn try_evaluate(&mut self, expression: &str) -> Result<Value, Value> {
        let result = self.try_call(
            "Runtime.evaluate",
            &json!({ "expression": expression, "returnByValue": true }),
        )?;
        match result.get("exceptionDetails") {
            Some(exception) => Err(exception.clone()),
            None => Ok(result["result"]["value"].clone()),
        }
    }

    /// Polls until `condition` (JavaScript) is true; false after [`TIMEOUT`].
    pub fn wait_for(&mut self, condition: &str) -> bool {
        let started = Instant::now();
        while started.elapsed() < TIMEOUT {
            // A page still loading has no context to evaluate in yet: not true yet.
            if self.try_evaluate(&format!("!!({condition})")) == Ok(Value::Bool(true)) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// The page's visible text.
    pub fn text(&mut self) -> String {
        self.evaluate("document.body.innerText").as_str().unwrap_or_default().to_owned()
    }

    /// Saves what the page shows as `name` in the folder named by the environment variable
    /// `folder_var`, when it is set (the tests' pictures for the READMEs).
    pub fn screenshot_if_asked(&mut self, folder_var: &str, name: &str) {
        if let Some(dir) = std::env::var_os(folder_var) {
            self.screenshot(&Path::new(&dir).join(name));
        }
    }

    pub fn screenshot(&mut self, path: &Path) {
        let result = self.call("Page.captureScreenshot", &json!({ "format": "png" }));
        let data = result["data"].as_str().expect("screenshot data");
        std::fs::write(path, base64_decode(data)).expect("write the screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The WebSocket path of the first page target, from `/json/list`.
fn page_socket_path(host: &str) -> String {
    let started = Instant::now();
    loop {
        let addr = host.parse().expect("DevTools host:port");
        let targets: Value =
            serde_json::from_str(&crate::common::get(addr, "/json/list").text()).expect("JSON");
        let page = targets.as_array().and_then(|list| {
            list.iter()
                .find(|t| t["type"] == "page")
                .and_then(|t| t["webSocketDebuggerUrl"].as_str())
        });
        if let Some(url) = page {
            let path = url.split_once("://").map_or(url, |(_, rest)| rest);
            return path[path.find('/').expect("a path")..].to_owned();
        }
        assert!(started.elapsed() < TIMEOUT, "no page target: {targets}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn websocket_connect(host: &str, path: &str) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(host).expect("connect to DevTools");
    stream.set_read_timeout(Some(TIMEOUT)).expect("timeout");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: cmVuem9rdS1saXZlLXRlc3Q=\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .expect("handshake");
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).expect("handshake status");
    assert!(status.contains(" 101 "), "WebSocket refused: {status}");
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("handshake header");
        if line.trim().is_empty() {
            return reader;
        }
    }
}

/// One masked text frame (clients must mask; the key need not be secret here).
fn send_text(stream: &mut TcpStream, text: &str) {
    let payload = text.as_bytes();
    let mut frame = vec![0x81];
    match payload.len() {
        n if n < 126 => frame.push(0x80 | n as u8),
        n if n <= 0xFFFF => {
            frame.push(0x80 | 0x7E); // 16-bit length follows
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(0x80 | 0x7F); // 64-bit length follows
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    let mask = [0x5a, 0x17, 0xc3, 0x88];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    stream.write_all(&frame).expect("send a frame");
}

/// The next text message, reassembled from its frames; pings are answered.
fn receive_text(reader: &mut BufReader<TcpStream>) -> String {
    let mut message = Vec::new();
    loop {
        let mut head = [0u8; 2];
        reader.read_exact(&mut head).expect("frame header");
        let fin = head[0] & 0x80 != 0;
        let opcode = head[0] & 0x0F;
        let length = match head[1] & 0x7F {
            126 => {
                let mut n = [0u8; 2];
                reader.read_exact(&mut n).expect("length");
                u64::from(u16::from_be_bytes(n))
            }
            127 => {
                let mut n = [0u8; 8];
                reader.read_exact(&mut n).expect("length");
                u64::from_be_bytes(n)
            }
            n => u64::from(n),
        };
        let mut payload = vec![0u8; usize::try_from(length).expect("frame fits in memory")];
        reader.read_exact(&mut payload).expect("frame payload");
        match opcode {
            0x9 => {
                // Ping: answer with a pong carrying the same data (masked, from a client).
                let mut pong = vec![0x8A, 0x80 | payload.len() as u8, 0, 0, 0, 0];
                pong.extend_from_slice(&payload);
                reader.get_mut().write_all(&pong).expect("pong");
            }
            0x8 => panic!("DevTools closed the connection"),
            _ => {
                message.extend_from_slice(&payload);
                if fin {
                    return String::from_utf8(message).expect("UTF-8 text frame");
                }
            }
        }
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> =
        text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
