//! The address a page server listens on, as a user writes it: `renzoku match -serve`, the
//! referee's live view and `renzoku board --serve` read it the same way. Callers put their own
//! option's name in front of the error.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};

/// A bare port listens on loopback only: watching from other machines is a choice.
pub const DEFAULT_HOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// `8080` (loopback), `127.0.0.1:8080`, `0.0.0.0:9000`, `[::1]:8080`, `localhost:8080`.
pub fn parse(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::new(DEFAULT_HOST, port));
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let bad = || format!("expected PORT or HOST:PORT (e.g. 8080 or 0.0.0.0:9000), got '{text}'");
    // A host name (`localhost:8080`): its first address.
    if text.contains(':') {
        return text.to_socket_addrs().ok().and_then(|mut a| a.next()).ok_or_else(bad);
    }
    Err(bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serve_addresses_default_to_loopback() {
        assert_eq!(parse("8080"), Ok(SocketAddr::from(([127, 0, 0, 1], 8080))));
        assert_eq!(parse("0.0.0.0:9000"), Ok(SocketAddr::from(([0, 0, 0, 0], 9000))));
        assert_eq!(parse("127.0.0.1:0"), Ok(SocketAddr::from(([127, 0, 0, 1], 0))));
        assert!(parse("[::1]:80").is_ok_and(|a| a.is_ipv6()));
        for bad in ["", "http://x", "99999", "1.2.3.4", "host:port", "-1"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
