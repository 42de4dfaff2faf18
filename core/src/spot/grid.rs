//! A formula family's parameter grid: named lists of values, in the order the document writes
//! them (`{ "sigma": [0, 0.5], "b": [0.1, 0.2] }`), and its combinations — one expert each, the
//! first parameter varying slowest (as nested loops written in that order), so that a family's
//! experts come in the order of its lists.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Named values in document order, written as a JSON object (`T` is a list of values for a grid,
/// one value for an expert's parameters).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Named<T>(pub Vec<(String, T)>);

/// A parameter grid: each parameter's values.
pub type ParamGrid = Named<Vec<f64>>;

impl<T> Named<T> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(n, _)| n.as_str())
    }

    pub fn get(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

impl ParamGrid {
    /// The number of combinations (the product of the lists' lengths; 1 with no parameters),
    /// saturating.
    pub fn combinations(&self) -> usize {
        self.0.iter().fold(1usize, |acc, (_, v)| acc.saturating_mul(v.len()))
    }

    /// Combination `k` (0-based, `k < combinations()`): one value per parameter, the first
    /// parameter varying slowest.
    pub fn combination(&self, mut k: usize, out: &mut Vec<f64>) {
        out.clear();
        out.resize(self.0.len(), 0.0);
        for (slot, (_, values)) in out.iter_mut().zip(&self.0).rev() {
            let n = values.len().max(1);
            *slot = values.get(k % n).copied().unwrap_or(0.0);
            k /= n;
        }
    }
}

impl<T: Serialize> Serialize for Named<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, v) in &self.0 {
            map.serialize_entry(name, v)?;
        }
        map.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Named<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of named parameters, e.g. { \"b\": [0.1, 0.15] }")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Named<T>, A::Error> {
                let mut out: Vec<(String, T)> = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    if out.iter().any(|(n, _)| *n == name) {
                        return Err(crate::error::keyed_custom(
                            "err-parameter-name-is-given-twice",
                            vec![("name", name.to_string())],
                        ));
                    }
                    let v = map.next_value::<T>()?;
                    out.push((name, v));
                }
                Ok(Named(out))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_run_with_the_first_parameter_slowest_in_document_order() {
        let g: ParamGrid = serde_json::from_str(r#"{ "z9": [1, 2], "a": [10, 20, 30] }"#).unwrap();
        assert_eq!(g.names().collect::<Vec<_>>(), ["z9", "a"]);
        assert_eq!(g.combinations(), 6);
        let mut out = Vec::new();
        let all: Vec<Vec<f64>> = (0..6)
            .map(|k| {
                g.combination(k, &mut out);
                out.clone()
            })
            .collect();
        assert_eq!(all, [[1.0, 10.0], [1.0, 20.0], [1.0, 30.0], [2.0, 10.0], [2.0, 20.0], [2.0, 30.0]]);
        assert_eq!(serde_json::to_string(&g).unwrap(), r#"{"z9":[1.0,2.0],"a":[10.0,20.0,30.0]}"#);
        assert_eq!(ParamGrid::default().combinations(), 1);
        let twice = serde_json::from_str::<ParamGrid>(r#"{ "b": [1], "b": [2] }"#).unwrap_err();
        assert!(twice.to_string().contains("given twice"), "{twice}");
    }
}
