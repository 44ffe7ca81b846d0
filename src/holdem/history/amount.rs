//! Amounts as hand histories write them: whole numbers, or decimals such
//! as `0.50`, scaled per hand to whole minor units (the scale kept for
//! display and writing). How each amount was written matters to the
//! reference implementation, which splits decimal pots into fractions.

use crate::holdem::pots::Chips;

/// Most decimal places an amount may have.
pub const MAX_DIGITS: u32 = 9;

/// One amount as written: `mantissa / 10^digits`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    /// The digits without the decimal point.
    pub mantissa: u128,
    /// Decimal places.
    pub digits: u32,
    /// Written as a decimal (with a point), not a whole number.
    pub decimal: bool,
    /// Written with a minus sign.
    pub negative: bool,
}

/// Which amounts of a hand were written with decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Decimals {
    /// None: whole chips.
    #[default]
    None,
    /// Every non-zero amount.
    All,
    /// Some.
    Mixed,
}

/// The scale of a hand's amounts: `10^digits` minor units make one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Units {
    /// Decimal places kept.
    pub digits: u32,
    /// How the amounts were written.
    pub decimals: Decimals,
}

impl Units {
    /// Minor units per whole amount.
    pub fn unit(&self) -> Chips {
        10u64.pow(self.digits)
    }

    /// Writes `units` minor units: a whole number for a hand of whole
    /// amounts, else with every decimal place (`10.50`), trailing zeros
    /// trimmed down to two places at least.
    pub fn format(&self, units: Chips) -> String {
        if self.decimals == Decimals::None && self.digits == 0 {
            return units.to_string();
        }
        let unit = self.unit();
        let whole = units / unit;
        let mut frac = format!("{:0width$}", units % unit, width = self.digits as usize);
        let keep = 2.min(frac.len()).max(1);
        while frac.len() > keep && frac.ends_with('0') {
            frac.pop();
        }
        if frac.is_empty() {
            frac.push('0');
        }
        format!("{whole}.{frac}")
    }

    /// The same amount as a JSON number.
    pub fn json(&self, units: Chips) -> String {
        self.format(units)
    }
}

impl Amount {
    /// Parses an amount as the reference does (`parse_value`): commas are
    /// ignored; a whole number, or a decimal with a point.
    pub fn parse(text: &str) -> Result<Amount, String> {
        let t: String = text
            .trim()
            .chars()
            .filter(|&c| c != ',' && c != '_')
            .collect();
        let (negative, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(&t)),
        };
        let (int, frac, decimal) = match t.split_once('.') {
            Some((i, f)) => (i, f, true),
            None => (t, "", false),
        };
        let ok = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !ok(int) || !ok(frac) {
            return Err(format!("not an amount: '{}'", text.trim()));
        }
        let digits = frac.len() as u32;
        if digits > MAX_DIGITS {
            return Err(format!("too many decimal places: '{}'", text.trim()));
        }
        let mantissa: u128 = format!("{int}{frac}")
            .trim_start_matches('0')
            .parse()
            .or_else(|e: std::num::ParseIntError| {
                if format!("{int}{frac}").chars().all(|c| c == '0') {
                    Ok(0)
                } else {
                    Err(e)
                }
            })
            .map_err(|_| format!("amount too large: '{}'", text.trim()))?;
        Ok(Amount {
            mantissa,
            digits,
            decimal,
            negative,
        })
    }

    /// In minor units at `digits` decimal places.
    pub fn to_units(&self, digits: u32) -> Result<Chips, String> {
        let shift = digits
            .checked_sub(self.digits)
            .ok_or_else(|| "an amount has more decimal places than its hand".to_string())?;
        10u128
            .checked_pow(shift)
            .and_then(|p| self.mantissa.checked_mul(p))
            .and_then(|u| Chips::try_from(u).ok())
            .ok_or_else(|| "amount too large".to_string())
    }
}

/// The scale that holds every amount of a hand exactly.
pub fn units_for(amounts: &[Amount]) -> Units {
    let digits = amounts.iter().map(|a| a.digits).max().unwrap_or(0);
    let nonzero: Vec<&Amount> = amounts.iter().filter(|a| a.mantissa > 0).collect();
    let dec = nonzero.iter().filter(|a| a.decimal).count();
    let decimals = match dec {
        0 => Decimals::None,
        d if d == nonzero.len() => Decimals::All,
        _ => Decimals::Mixed,
    };
    // A decimal hand keeps at least one place, so that written back its
    // amounts stay decimals.
    let digits = if decimals == Decimals::None {
        digits
    } else {
        digits.max(1)
    };
    Units { digits, decimals }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_the_reference() {
        let a = Amount::parse("0.50").expect("amount");
        assert_eq!((a.mantissa, a.digits, a.decimal), (50, 2, true));
        assert_eq!(a.to_units(3), Ok(500));
        let b = Amount::parse("1,000").expect("amount");
        assert_eq!((b.mantissa, b.digits, b.decimal), (1000, 0, false));
        assert!(Amount::parse("-5").expect("amount").negative);
        assert!(Amount::parse("1e3").is_err());
        assert!(Amount::parse("").is_err());
        assert!(Amount::parse(".").is_err());
        assert_eq!(Amount::parse("0").expect("zero").mantissa, 0);
        assert!(Amount::parse("99999999999999999999999999999999999999999").is_err());
        assert!(Amount::parse("5").expect("amount").to_units(30).is_err());
    }

    #[test]
    fn units_and_formatting() {
        let u = units_for(&[
            Amount::parse("0.05").expect("a"),
            Amount::parse("0").expect("a"),
            Amount::parse("10.5").expect("a"),
        ]);
        assert_eq!(
            u,
            Units {
                digits: 2,
                decimals: Decimals::All
            }
        );
        assert_eq!(u.format(1050), "10.50");
        assert_eq!(u.format(5), "0.05");
        let m = units_for(&[
            Amount::parse("10").expect("a"),
            Amount::parse("0.5").expect("a"),
        ]);
        assert_eq!(m.decimals, Decimals::Mixed);
        assert_eq!(m.format(105), "10.5");
        let w = units_for(&[Amount::parse("10").expect("a")]);
        assert_eq!(w.format(105), "105");
        let fine = Units {
            digits: 3,
            decimals: Decimals::All,
        };
        assert_eq!(fine.format(10025), "10.025");
        assert_eq!(fine.format(10500), "10.50");
    }
}
