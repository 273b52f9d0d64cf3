#![allow(dead_code)] // each test file uses a different part of this helper

//! A minimal HTTP/1.1 client over a plain `TcpStream`, enough to read the live server's
//! responses and its server-sent event stream the way a browser does (chunked body).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Generous: the test machine is shared and often loaded.
const READ_TIMEOUT: Duration = Duration::from_secs(30);

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    body: Body,
}

enum Body {
    Chunked { reader: BufReader<TcpStream>, left_in_chunk: usize, done: bool },
    Plain(BufReader<TcpStream>),
}

pub fn get(addr: SocketAddr, path: &str) -> Response {
    let mut stream = TcpStream::connect(addr).expect("connect to the live server");
    stream.set_read_timeout(Some(READ_TIMEOUT)).expect("set timeout");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: */*\r\n\r\n")
        .expect("send request");
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).expect("status line");
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("header line");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').expect("header has a colon");
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let chunked = headers
        .iter()
        .any(|(name, value)| name == "transfer-encoding" && value.contains("chunked"));
    let body = if chunked {
        Body::Chunked { reader, left_in_chunk: 0, done: false }
    } else {
        Body::Plain(reader)
    };
    Response { status, headers, body }
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The whole body (for responses that end).
    pub fn text(mut self) -> String {
        let length = self.header("content-length").and_then(|v| v.parse::<usize>().ok());
        let mut bytes = Vec::new();
        if let (Body::Plain(reader), Some(length)) = (&mut self.body, length) {
            bytes.resize(length, 0);
            reader.read_exact(&mut bytes).expect("body");
        } else {
            let mut buf = [0u8; 4096];
            loop {
                let n = self.read_body(&mut buf);
                if n == 0 {
                    break;
                }
                bytes.extend_from_slice(&buf[..n]);
            }
        }
        String::from_utf8(bytes).expect("utf-8 body")
    }

    /// Reads body bytes, undoing chunked encoding; 0 at the end of the body.
    fn read_body(&mut self, buf: &mut [u8]) -> usize {
        match &mut self.body {
            Body::Plain(reader) => reader.read(buf).expect("body read"),
            Body::Chunked { reader, left_in_chunk, done } => {
                if *done {
                    return 0;
                }
                if *left_in_chunk == 0 {
                    let mut size_line = String::new();
                    if reader.read_line(&mut size_line).expect("chunk size") == 0 {
                        *done = true;
                        return 0;
                    }
                    if size_line.trim().is_empty() {
                        // The CRLF that ends the previous chunk.
                        size_line.clear();
                        if reader.read_line(&mut size_line).expect("chunk size") == 0 {
                            *done = true;
                            return 0;
                        }
                    }
                    let size = usize::from_str_radix(size_line.trim(), 16)
                        .unwrap_or_else(|_| panic!("bad chunk size {size_line:?}"));
                    if size == 0 {
                        *done = true;
                        return 0;
                    }
                    *left_in_chunk = size;
                }
                let want = buf.len().min(*left_in_chunk);
                let n = reader.read(&mut buf[..want]).expect("chunk read");
                if n == 0 {
                    *done = true;
                }
                *left_in_chunk -= n;
                n
            }
        }
    }

    /// Turns the response into a reader of server-sent events.
    pub fn into_events(self) -> EventReader {
        EventReader { response: self, buffer: Vec::new() }
    }
}

pub struct EventReader {
    response: Response,
    buffer: Vec<u8>,
}

/// One server-sent event: its `event:` name (`message` when absent) and its `data:`.
#[derive(Debug, PartialEq)]
pub struct SseEvent {
    pub name: String,
    pub data: String,
}

impl EventReader {
    fn line(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8(line).expect("utf-8 event stream");
                return Some(text.trim_end_matches(['\n', '\r']).to_owned());
            }
            let mut buf = [0u8; 4096];
            let n = self.response.read_body(&mut buf);
            if n == 0 {
                return None;
            }
            self.buffer.extend_from_slice(&buf[..n]);
        }
    }

    /// The next event; `None` when the server closed the stream. Comments (keep-alives) are
    /// skipped.
    pub fn next_event(&mut self) -> Option<SseEvent> {
        let mut name = None;
        let mut data: Option<String> = None;
        loop {
            let line = self.line()?;
            if line.is_empty() {
                if let Some(data) = data.take() {
                    return Some(SseEvent {
                        name: name.take().unwrap_or_else(|| "message".to_owned()),
                        data,
                    });
                }
                continue;
            }
            if line.starts_with(':') {
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line.as_str(), ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "event" => name = Some(value.to_owned()),
                "data" => match &mut data {
                    Some(data) => {
                        data.push('\n');
                        data.push_str(value);
                    }
                    None => data = Some(value.to_owned()),
                },
                _ => {}
            }
        }
    }
}
