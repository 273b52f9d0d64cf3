//! Headless Chromium for the browser tests and the `screenshot` example: a thin wrapper over the
//! `headless_chrome` crate (a dev-dependency; it drives Chromium over its DevTools protocol and
//! needs no driver process) in the tests' own words: launch on a page, evaluate JavaScript, wait
//! for a condition, click, hover and tap at a point of the page, take a screenshot, and watch for
//! long tasks. Nothing waits for the page's "loaded" moment: the live view's event stream never
//! ends, so conditions are polled instead.

#![allow(dead_code)] // the tests and the screenshot example use different parts

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use headless_chrome::browser::tab::point::Point;
use headless_chrome::protocol::cdp::{Emulation, Input, Page, Runtime};
use headless_chrome::{LaunchOptions, Tab};
use serde_json::Value;

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

/// One headless Chromium with one page; the process and its profile go when this is dropped.
pub struct Browser {
    tab: Arc<Tab>,
    /// Kept for its `Drop`, which ends the process (after the tab, declared first).
    _chromium: headless_chrome::Browser,
}

impl Browser {
    /// Starts headless Chromium on `url` with a window of `width` x `height` CSS pixels.
    pub fn launch(chromium: &Path, url: &str, width: u32, height: u32) -> Browser {
        Self::try_launch(chromium, url, width, height)
            .unwrap_or_else(|e| panic!("start {}: {e}", chromium.display()))
    }

    /// Like [`Browser::launch`], with the failure in words.
    pub fn try_launch(
        chromium: &Path,
        url: &str,
        width: u32,
        height: u32,
    ) -> Result<Browser, String> {
        let options = LaunchOptions {
            path: Some(chromium.to_path_buf()),
            window_size: Some((width, height)),
            // Containers run as root, where Chromium's sandbox cannot start.
            sandbox: false,
            // Chromium picks a free port and says which; without a port the crate tries ports
            // of 8000..9000 and starts Chromium again on any failure, for minutes when the
            // browser cannot start at all.
            port: Some(0),
            // The tests poll all the time, but a page may sit quietly for a while in between.
            idle_browser_timeout: TIMEOUT,
            // The crate's defaults already disable /dev/shm (a few MB in containers), the first
            // run and extensions.
            args: vec![OsStr::new("--hide-scrollbars")],
            ..LaunchOptions::default()
        };
        let chromium = headless_chrome::Browser::new(options).map_err(|e| e.to_string())?;
        chromium.set_default_timeout(TIMEOUT);
        let tab = chromium.new_tab().map_err(|e| e.to_string())?;
        tab.set_default_timeout(TIMEOUT);
        // A tab opened over DevTools gets a window of its own, whose page area is not the
        // launch's size (and never narrower than 500 px): the page's size is set, before the
        // page is opened.
        tab.call_method(Emulation::SetDeviceMetricsOverride {
            width,
            height,
            device_scale_factor: 0.0, // the screen's own
            mobile: false,
            scale: None,
            screen_width: None,
            screen_height: None,
            position_x: None,
            position_y: None,
            dont_set_visible_size: None,
            screen_orientation: None,
            viewport: None,
            display_feature: None,
            device_posture: None,
        })
        .map_err(|e| format!("set the page's size: {e}"))?;
        tab.navigate_to(url).map_err(|e| format!("open {url}: {e}"))?;
        Ok(Browser { tab, _chromium: chromium })
    }

    /// The value of a JavaScript expression in the page.
    pub fn evaluate(&self, expression: &str) -> Value {
        self.try_evaluate(expression).unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// `Err` while the page has no JavaScript context yet, or when the expression throws.
    pub fn try_evaluate(&self, expression: &str) -> Result<Value, String> {
        let reply = self
            .tab
            .call_method(Runtime::Evaluate {
                expression: expression.to_owned(),
                return_by_value: Some(true),
                object_group: None,
                include_command_line_api: None,
                silent: None,
                context_id: None,
                generate_preview: None,
                user_gesture: None,
                await_promise: None,
                throw_on_side_effect: None,
                timeout: None,
                disable_breaks: None,
                repl_mode: None,
                allow_unsafe_eval_blocked_by_csp: None,
                unique_context_id: None,
                serialization_options: None,
            })
            .map_err(|e| e.to_string())?;
        match reply.exception_details {
            Some(exception) => Err(format!(
                "{}{}",
                exception.text,
                exception
                    .exception
                    .and_then(|e| e.description)
                    .map(|d| format!(": {d}"))
                    .unwrap_or_default()
            )),
            None => Ok(reply.result.value.unwrap_or(Value::Null)),
        }
    }

    /// Polls until `condition` (JavaScript) is true; false after [`TIMEOUT`].
    pub fn wait_for(&self, condition: &str) -> bool {
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
    pub fn text(&self) -> String {
        self.evaluate("document.body.innerText").as_str().unwrap_or_default().to_owned()
    }

    /// The centre of the first element matching the CSS `selector`, in CSS pixels from the
    /// viewport's top left, scrolled into the middle of the view first.
    pub fn centre_of(&self, selector: &str) -> (f64, f64) {
        let centre = self.evaluate(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); \
             e.scrollIntoView({{ block: 'center', inline: 'center' }}); \
             const r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ));
        match (centre[0].as_f64(), centre[1].as_f64()) {
            (Some(x), Some(y)) => (x, y),
            _ => panic!("no centre for {selector}: {centre}"),
        }
    }

    /// A left click with the mouse at (`x`, `y`), CSS pixels from the viewport's top left: the
    /// mouse moves there (and stays), is pressed and released.
    pub fn click_at(&self, x: f64, y: f64) {
        self.tab.click_point(Point { x, y }).unwrap_or_else(|e| panic!("click at {x},{y}: {e}"));
    }

    /// Moves the mouse to (`x`, `y`), CSS pixels from the viewport's top left.
    pub fn hover_at(&self, x: f64, y: f64) {
        self.tab
            .move_mouse_to_point(Point { x, y })
            .unwrap_or_else(|e| panic!("move the mouse to {x},{y}: {e}"));
    }

    /// A finger's tap at (`x`, `y`), CSS pixels from the viewport's top left: pointer events of
    /// type `touch`, and no mouse moved.
    pub fn tap_at(&self, x: f64, y: f64) {
        let touch = |kind, points| Input::DispatchTouchEvent {
            Type: kind,
            touch_points: points,
            modifiers: None,
            timestamp: None,
        };
        let finger = Input::TouchPoint {
            x,
            y,
            radius_x: None,
            radius_y: None,
            rotation_angle: None,
            force: None,
            tangential_pressure: None,
            tilt_x: None,
            tilt_y: None,
            twist: None,
            id: None,
        };
        for event in [
            touch(Input::DispatchTouchEventTypeOption::TouchStart, vec![finger]),
            touch(Input::DispatchTouchEventTypeOption::TouchEnd, Vec::new()),
        ] {
            self.tab.call_method(event).unwrap_or_else(|e| panic!("tap at {x},{y}: {e}"));
        }
    }

    /// Starts recording the page's long tasks (Chromium's `longtask` entries: tasks over 50 ms)
    /// from now on; [`Browser::long_tasks`] reads them.
    pub fn watch_long_tasks(&self) {
        self.evaluate(
            "window.longTasks = []; new PerformanceObserver((list) => { \
             for (const e of list.getEntries()) window.longTasks.push(e.duration); \
             }).observe({ entryTypes: ['longtask'] })",
        );
    }

    /// The durations (ms) of the long tasks seen since [`Browser::watch_long_tasks`].
    pub fn long_tasks(&self) -> Vec<f64> {
        let seen = self.evaluate("window.longTasks");
        let list = seen.as_array().unwrap_or_else(|| panic!("not watching long tasks: {seen}"));
        list.iter().filter_map(Value::as_f64).collect()
    }

    /// Saves what the page shows as `name` in the folder named by the environment variable
    /// `folder_var`, when it is set (the tests' pictures for the READMEs).
    pub fn screenshot_if_asked(&self, folder_var: &str, name: &str) {
        if let Some(dir) = std::env::var_os(folder_var) {
            self.screenshot(&Path::new(&dir).join(name));
        }
    }

    /// Saves what the page shows as a PNG file.
    pub fn screenshot(&self, path: &Path) {
        let png = self
            .tab
            .capture_screenshot(Page::CaptureScreenshotFormatOption::Png, None, None, true)
            .unwrap_or_else(|e| panic!("screenshot: {e}"));
        std::fs::write(path, png).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    }
}
