//! What the hall's load generators share: reading a process's CPU and
//! memory, and a player who checks or calls.

use serde_json::Value;

/// CPU seconds (user + system) and resident kB of a process.
pub fn usage(pid: u32) -> Option<(f64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some((ticks / 100.0, rss))
}

/// Check when it is free, else call.
pub fn choose(legal: &Value) -> Value {
    let legal = legal.as_array().cloned().unwrap_or_default();
    let check = Value::from("Check");
    if legal.contains(&check) {
        check
    } else {
        Value::from("Call")
    }
}
