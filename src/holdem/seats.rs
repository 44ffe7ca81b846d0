//! How many seats a table has at most, and the per-seat arrays a hand
//! keeps: saved with all their entries and read back from any shorter
//! list, so that a hand saved when tables had nine seats loads today.

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

/// The most seats at one table (ten-handed rooms exist).
pub const MAX_SEATS: usize = 10;

/// Writes a per-seat array as a list.
pub fn save<S: Serializer, T: Serialize>(a: &[T; MAX_SEATS], s: S) -> Result<S::Ok, S::Error> {
    a.as_slice().serialize(s)
}

/// Reads a per-seat array from a list of at most [`MAX_SEATS`] entries,
/// the seats past its end left at their default.
pub fn load<'de, D, T>(d: D) -> Result<[T; MAX_SEATS], D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default + Copy,
{
    let v: Vec<T> = Vec::deserialize(d)?;
    if v.len() > MAX_SEATS {
        return Err(serde::de::Error::invalid_length(
            v.len(),
            &"at most ten seats",
        ));
    }
    let mut a = [T::default(); MAX_SEATS];
    a[..v.len()].copy_from_slice(&v);
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Chips {
        #[serde(serialize_with = "save", deserialize_with = "load")]
        seats: [u64; MAX_SEATS],
    }

    #[test]
    fn nine_seat_lists_load_and_eleven_are_refused() {
        let old: Chips = serde_json::from_str(r#"{"seats":[1,2,3,4,5,6,7,8,9]}"#).expect("loads");
        assert_eq!(old.seats, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
        let back = serde_json::to_string(&old).expect("saves");
        assert_eq!(back, r#"{"seats":[1,2,3,4,5,6,7,8,9,0]}"#);
        assert!(serde_json::from_str::<Chips>(r#"{"seats":[0,0,0,0,0,0,0,0,0,0,0]}"#).is_err());
    }
}
