//! The tokens halls gave you, kept in the config directory (one per hall
//! address, with the name it goes with), so that you come back as
//! yourself: to your seat, your chips and your statistics.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use cardgames::store::{self, Store};
use cardgames::wire::client::{Identity, Welcome};

/// The file's kind and name.
const KIND: &str = "hall-tokens";

/// Your identity at one hall.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Known {
    name: String,
    token: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Kept {
    halls: BTreeMap<String, Known>,
    last: Option<String>,
}

/// The kept tokens.
#[derive(Debug, Clone)]
pub struct Tokens {
    store: Option<Store>,
    kept: Arc<Mutex<Kept>>,
}

impl Tokens {
    /// The tokens kept in `store` (none in tests).
    pub fn load(store: Option<Store>) -> Tokens {
        let kept = store
            .as_ref()
            .and_then(|s| store::load(&s.config_path(KIND), KIND).ok().flatten())
            .unwrap_or_default();
        Tokens {
            store,
            kept: Arc::new(Mutex::new(kept)),
        }
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The last hall joined and the name used there.
    pub fn last(&self) -> Option<(String, String)> {
        let k = self.kept();
        let url = k.last.clone()?;
        let name = k
            .halls
            .get(&url)
            .map(|h| h.name.clone())
            .unwrap_or_default();
        Some((url, name))
    }

    /// Who to say you are at `url`: your token there when it goes with
    /// `name` (or with no name given), else the new name.
    pub fn identity(&self, url: &str, name: Option<&str>) -> Result<Identity, String> {
        let k = self.kept();
        match (k.halls.get(url), name.filter(|n| !n.is_empty())) {
            (Some(h), None) => Ok(Identity::Token(h.token.clone())),
            (Some(h), Some(n)) if h.name.eq_ignore_ascii_case(n) => {
                Ok(Identity::Token(h.token.clone()))
            }
            (_, Some(n)) => Ok(Identity::Name(n.to_string())),
            (None, None) => Err(format!("first time at {url}: give a name (--name)")),
        }
    }

    /// Keeps `token`, the identity of `name` at `url`.
    pub fn keep(&self, url: &str, name: &str, token: &str) {
        let mut k = self.kept();
        k.halls.insert(
            url.to_string(),
            Known {
                name: name.to_string(),
                token: token.to_string(),
            },
        );
        k.last = Some(url.to_string());
        if let Some(s) = &self.store {
            let _ = store::save(&s.config_path(KIND), KIND, &*k);
        }
    }

    /// What keeps the token each welcome from `url` gives.
    pub fn keeper(&self, url: &str) -> impl Fn(&Welcome) + Send + 'static {
        let (tokens, url) = (self.clone(), url.to_string());
        move |w: &Welcome| tokens.keep(&url, &w.player.name, &w.token)
    }
}
