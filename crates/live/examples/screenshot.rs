//! Takes a PNG screenshot of a live view (or any page) with headless Chromium, once the page's
//! event stream is connected: `cargo run -p renzoku-live --example screenshot -- URL OUT.png
//! [WIDTHxHEIGHT] [SETTLE_MS]` (default 1280x900, 1500 ms to let the events arrive and draw).
//! It reuses the browser tests' driver (`tests/it/chromium`, over the headless_chrome crate, a
//! dev-dependency); Chromium's own `--screenshot` would wait forever for the never-ending event
//! stream.

#[path = "../tests/it/chromium/mod.rs"]
mod chromium;

use std::time::Duration;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, out, rest @ ..] = args.as_slice() else {
        return Err("usage: screenshot URL OUT.png [WIDTHxHEIGHT] [SETTLE_MS]".to_owned());
    };
    let (width, height) = match rest.first() {
        Some(size) => {
            let (w, h) = size.split_once('x').ok_or("size must be WIDTHxHEIGHT")?;
            (w.parse().map_err(|_| "bad width")?, h.parse().map_err(|_| "bad height")?)
        }
        None => (1280, 900),
    };
    let settle: u64 = match rest.get(1) {
        Some(ms) => ms.parse().map_err(|_| "bad SETTLE_MS")?,
        None => 1500,
    };
    let chromium = chromium::find_chromium().ok_or("no chromium found (set RENZOKU_CHROMIUM)")?;
    let browser = chromium::Browser::try_launch(&chromium, url, width, height)?;
    let live = "document.getElementById('status')?.textContent === 'live'";
    if !browser.wait_for(live) {
        eprintln!("the page did not report a live connection; taking the screenshot anyway");
    }
    std::thread::sleep(Duration::from_millis(settle));
    browser.screenshot(std::path::Path::new(out));
    eprintln!("wrote {out}");
    Ok(())
}
