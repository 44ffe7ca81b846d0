//! Why the hall's store failed.

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("hall store: {0}")]
    Sql(#[from] rusqlite::Error),
    /// The file is from a newer cardgames.
    #[error(
        "hall store {path}: schema {found} is newer than this cardgames ({ours}); it was left as it is"
    )]
    Newer {
        /// The file.
        path: String,
        /// Its schema version.
        found: i64,
        /// The version this build makes.
        ours: i64,
    },
    /// A transfer whose rows do not sum to zero (a bug).
    #[error("unbalanced transfer: {0}")]
    Unbalanced(String),
    /// The store's thread is gone.
    #[error("hall store is closed")]
    Closed,
    /// The batch this change was in could not be committed.
    #[error("hall store: not written: {0}")]
    Lost(String),
    /// Another hall has the store open.
    #[error("hall store {0} is in use by another running hall")]
    InUse(String),
    /// The lock file could not be made.
    #[error("hall store {path}: {error}")]
    Lock {
        /// The lock file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
}
