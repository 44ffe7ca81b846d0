//! The tokens halls gave you, kept in the config directory (every name you
//! played under at each hall address, with its token), so that you come
//! back as yourself — or as any of your names — to your seat, your chips
//! and your statistics. A new name is kept beside the others: no token is
//! ever overwritten by another name's.

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

/// Your identities at one hall, the last used first. (Files written
/// before several were kept hold one.)
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum AtHall {
    Several(Vec<Known>),
    One(Known),
}

impl AtHall {
    fn list(&self) -> &[Known] {
        match self {
            AtHall::Several(list) => list,
            AtHall::One(one) => std::slice::from_ref(one),
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Kept {
    halls: BTreeMap<String, AtHall>,
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

    /// The last hall joined and the name used there last.
    pub fn last(&self) -> Option<(String, String)> {
        let k = self.kept();
        let url = k.last.clone()?;
        let name = k
            .halls
            .get(&url)
            .and_then(|h| h.list().first())
            .map(|h| h.name.clone())
            .unwrap_or_default();
        Some((url, name))
    }

    /// The names kept for `url`, the last used first.
    pub fn names(&self, url: &str) -> Vec<String> {
        let k = self.kept();
        k.halls.get(url).map_or_else(Vec::new, |h| {
            h.list().iter().map(|known| known.name.clone()).collect()
        })
    }

    /// Who to say you are at `url`: the token kept for `name` (for the
    /// name used last when none is given), else `name` as a new name.
    pub fn identity(&self, url: &str, name: Option<&str>) -> Result<Identity, String> {
        let k = self.kept();
        let kept = k.halls.get(url).map_or(&[][..], AtHall::list);
        match name.filter(|n| !n.is_empty()) {
            None => kept
                .first()
                .map(|h| Identity::Token(h.token.clone()))
                .ok_or_else(|| format!("first time at {url}: give a name (--name)")),
            Some(n) => Ok(kept
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case(n))
                .map_or_else(
                    || Identity::Name(n.to_string()),
                    |h| Identity::Token(h.token.clone()),
                )),
        }
    }

    /// Keeps `token`, the identity of `name` at `url`, first of that
    /// hall's names; the other names' tokens are kept as they were.
    pub fn keep(&self, url: &str, name: &str, token: &str) {
        let mut k = self.kept();
        let mut list: Vec<Known> = k
            .halls
            .get(url)
            .map_or_else(Vec::new, |h| h.list().to_vec())
            .into_iter()
            .filter(|h| !h.name.eq_ignore_ascii_case(name))
            .collect();
        list.insert(
            0,
            Known {
                name: name.to_string(),
                token: token.to_string(),
            },
        );
        k.halls.insert(url.to_string(), AtHall::Several(list));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn token(id: Result<Identity, String>) -> String {
        match id {
            Ok(Identity::Token(t)) => t,
            other => panic!("no token: {other:?}"),
        }
    }

    #[test]
    fn a_second_name_at_a_hall_keeps_the_first_ones_token() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let store = Store::at(dir.path());
        let tokens = Tokens::load(Some(store.clone()));
        let url = "ws://hall:7902";
        tokens.keep(url, "ann", "t-ann");
        tokens.keep(url, "ben", "t-ben");
        // Read back from the file, as the next run does.
        let tokens = Tokens::load(Some(store));
        assert_eq!(token(tokens.identity(url, Some("Ann"))), "t-ann");
        assert_eq!(token(tokens.identity(url, Some("ben"))), "t-ben");
        assert_eq!(token(tokens.identity(url, None)), "t-ben", "the last used");
        assert_eq!(tokens.last(), Some((url.to_string(), "ben".to_string())));
        assert_eq!(tokens.names(url), ["ben", "ann"]);
        assert!(matches!(
            tokens.identity(url, Some("cat")),
            Ok(Identity::Name(n)) if n == "cat"
        ));
        assert!(tokens.identity("ws://elsewhere:1", None).is_err());
        // Ann again: first, with a new token; Ben's is kept.
        tokens.keep(url, "ann", "t-ann2");
        assert_eq!(tokens.names(url), ["ann", "ben"]);
        assert_eq!(token(tokens.identity(url, Some("ben"))), "t-ben");
    }

    #[test]
    fn a_file_from_before_several_names_loads() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let store = Store::at(dir.path());
        let old = serde_json::json!({"halls": {"ws://h:1": {"name": "ann", "token": "t"}},
            "last": "ws://h:1"});
        store::save(&store.config_path(KIND), KIND, &old).unwrap_or_else(|e| panic!("{e}"));
        let tokens = Tokens::load(Some(store));
        assert_eq!(token(tokens.identity("ws://h:1", None)), "t");
        tokens.keep("ws://h:1", "ben", "t2");
        assert_eq!(token(tokens.identity("ws://h:1", Some("ann"))), "t");
    }
}
