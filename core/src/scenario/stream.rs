//! One-pass reading of the common case: a valid document of the current schema version whose
//! `version` and `mechanism` come before the mechanism's own fields — every document the
//! playground, its share links and the runner write is laid out that way.
//!
//! The mechanism's fields are deserialized straight from the document as it is parsed (no first
//! pass to split the top level into raw slices), which saves a fifth of the reading time of a
//! 4 MB document of 10,000 jobs. Anything else — another field order, an older version, a field
//! of the wrong type, an over-long title — gives `None`, and the general reader takes over and
//! reports every problem with its JSON path. So this reader changes how fast a document is read,
//! never what is accepted or what an error says.

use std::marker::PhantomData;

use serde::de::{self, IntoDeserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde::Deserializer as _;
use serde_json::Value;

use super::{MechanismKind, MechanismSpec, Scenario, MAX_NOTES_CHARS, MAX_TITLE_CHARS, SCHEMA_VERSION};
use crate::registry::{KindVisitor, Registered};

/// The scenario, if `text` is a valid document laid out as described above.
pub(super) fn read(text: &str) -> Option<Scenario> {
    let mut de = serde_json::Deserializer::from_str(text);
    let (common, spec) = de.deserialize_map(Document).ok()?;
    de.end().ok()?;
    Some(Scenario {
        title: text_field(common.title, MAX_TITLE_CHARS)?,
        notes: text_field(common.notes, MAX_NOTES_CHARS)?,
        seed: match common.seed {
            None => 0,
            Some(v) => v.as_u64()?,
        },
        spec,
    })
}

/// A `title` or `notes` as the general reader accepts it.
fn text_field(value: Option<Value>, max: usize) -> Option<String> {
    match value {
        None | Some(Value::Null) => Some(String::new()),
        Some(Value::String(s)) if s.chars().count() <= max => Some(s),
        Some(_) => None,
    }
}

/// The common fields, as met.
#[derive(Default)]
struct Common {
    version: Option<Value>,
    mechanism: Option<Value>,
    title: Option<Value>,
    notes: Option<Value>,
    seed: Option<Value>,
}

impl Common {
    /// Reads the value of `key` if it is a common field; `false` if it is not.
    fn take<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        let slot = match key {
            "version" => &mut self.version,
            "mechanism" => &mut self.mechanism,
            "title" => &mut self.title,
            "notes" => &mut self.notes,
            "seed" => &mut self.seed,
            _ => return Ok(false),
        };
        *slot = Some(map.next_value::<ScalarValue>()?.0);
        Ok(true)
    }

    /// The mechanism, once the current version and a known mechanism have been met.
    fn kind(&self) -> Option<MechanismKind> {
        let current = self.version.as_ref()?.as_u64()? == SCHEMA_VERSION;
        let kind = MechanismKind::from_tag(self.mechanism.as_ref()?.as_str()?)?;
        current.then_some(kind)
    }
}

/// A common field's value, which must be a scalar: a container is refused at its first byte
/// (not buffered), and the general reader explains.
struct ScalarValue(Value);

impl<'de> Deserialize<'de> for ScalarValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Scalar;
        impl<'de> Visitor<'de> for Scalar {
            type Value = ScalarValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string, a number, a boolean or null")
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::Bool(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::from(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::from(v)))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::from(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::from(v)))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::String(v)))
            }
            fn visit_unit<E: de::Error>(self) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::Null))
            }
            fn visit_none<E: de::Error>(self) -> Result<ScalarValue, E> {
                Ok(ScalarValue(Value::Null))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<ScalarValue, A::Error> {
                Err(elsewhere())
            }
            fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<ScalarValue, A::Error> {
                Err(elsewhere())
            }
        }
        d.deserialize_any(Scalar)
    }
}

/// The error that sends a document to the general reader.
fn elsewhere<E: de::Error>() -> E {
    E::custom("read by the general reader")
}

/// The top-level object.
struct Document;

impl<'de> Visitor<'de> for Document {
    type Value = (Common, MechanismSpec);

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a scenario object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut common = Common::default();
        while let Some(key) = map.next_key::<String>()? {
            if common.take(&key, &mut map)? {
                continue;
            }
            // The first field of the mechanism: which one must be known by now.
            let kind = common.kind().ok_or_else(elsewhere)?;
            let mut rest = Rest { first: Some(key), map, common: &mut common };
            let spec = kind.visit(Fields(&mut rest, PhantomData))?;
            return Ok((common, spec));
        }
        Err(elsewhere())
    }
}

/// Reads the fields of the mechanism it visits from the rest of the object.
struct Fields<'r, 'c, 'de, A>(&'r mut Rest<'c, A>, PhantomData<&'de ()>);

impl<'de, A: MapAccess<'de>> KindVisitor for Fields<'_, '_, 'de, A> {
    type Out = Result<MechanismSpec, A::Error>;
    fn visit<M: Registered>(self) -> Self::Out {
        M::Scenario::deserialize(self.0).map(M::spec)
    }
}

/// The rest of the top-level object, from the mechanism's first field, as the mechanism's own
/// object: common fields met on the way are set aside.
struct Rest<'c, A> {
    first: Option<String>,
    map: A,
    common: &'c mut Common,
}

impl<'de, A: MapAccess<'de>> de::Deserializer<'de> for &mut Rest<'_, A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for &mut Rest<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        loop {
            let key = match self.first.take() {
                Some(key) => key,
                None => match self.map.next_key::<String>()? {
                    Some(key) => key,
                    None => return Ok(None),
                },
            };
            // A second `version` or `mechanism` after the fields: leave it to the general reader.
            if key == "version" || key == "mechanism" {
                return Err(elsewhere());
            }
            if !self.common.take(&key, &mut self.map)? {
                return seed.deserialize(IntoDeserializer::<A::Error>::into_deserializer(key)).map(Some);
            }
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn general(text: &str) -> Scenario {
        let (scenario, problems) = Scenario::read_general(text).expect("readable");
        assert!(problems.into_result().is_ok());
        scenario.expect("a scenario")
    }

    #[test]
    fn every_preset_is_read_in_one_pass_exactly_as_by_the_general_reader() {
        for preset in presets::all() {
            let scenario = preset.scenario();
            for text in [scenario.to_json(), scenario.to_json_pretty()] {
                assert_eq!(read(&text).as_ref(), Some(&general(&text)), "preset {}", preset.name);
                assert_eq!(read(&text).as_ref(), Some(&scenario), "preset {}", preset.name);
            }
        }
    }

    /// The first preset's document as `(key, value text)` pairs, to rearrange.
    fn fields() -> Vec<(String, String)> {
        let Value::Object(obj) = presets::all()[0].scenario().to_value() else { panic!("an object") };
        obj.into_iter()
            .filter(|(k, _)| k != "title" && k != "notes" && k != "seed")
            .map(|(k, v)| (k, v.to_string()))
            .collect()
    }

    fn text(fields: &[(String, String)]) -> String {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("{}:{v}", Value::from(k.as_str()))).collect();
        format!("{{{}}}", body.join(","))
    }

    fn with(mut f: Vec<(String, String)>, key: &str, value: &str) -> Vec<(String, String)> {
        f.push((key.into(), value.into()));
        f
    }

    #[test]
    fn common_fields_may_also_follow_the_mechanism_fields() {
        let doc = text(&with(with(with(fields(), "title", r#""Gloves""#), "seed", "7"), "notes", r#""n""#));
        let s = read(&doc).expect("one pass");
        assert_eq!((s.title.as_str(), s.seed, s.notes.as_str()), ("Gloves", 7, "n"));
        assert_eq!(s, general(&doc));
    }

    #[test]
    fn anything_unusual_is_left_to_the_general_reader() {
        let base = fields();
        let moved = |key: &str| {
            let mut f = base.clone();
            let at = f.iter().position(|(k, _)| k == key).expect("present");
            let field = f.remove(at);
            f.push(field);
            f
        };
        let replaced = |key: &str, value: &str| {
            base.iter()
                .map(|(k, v)| (k.clone(), if k == key { value.to_string() } else { v.clone() }))
                .collect::<Vec<_>>()
        };
        let cases = [
            // The mechanism after its fields; no version before the fields.
            text(&moved("mechanism")),
            text(&moved("version")),
            // A repeated mechanism.
            text(&with(base.clone(), "mechanism", r#""nope""#)),
            // A mistake: unknown field, bad seed, wrong-typed title, trailing text.
            text(&with(base.clone(), "colour", "1")),
            text(&with(base.clone(), "seed", "-1")),
            text(&with(base.clone(), "title", "7")),
            format!("{} x", text(&base)),
            // An unknown mechanism, a newer version.
            text(&replaced("mechanism", r#""nonesuch""#)),
            text(&replaced("version", "2")),
        ];
        for doc in &cases {
            assert!(read(doc).is_none(), "{doc}");
        }
        // Valid documents among them are still read (by the general reader).
        assert!(Scenario::read_json(&cases[0]).is_ok() && Scenario::read_json(&cases[1]).is_ok());
        let long_title = text(&with(base.clone(), "title", &Value::from("t".repeat(201)).to_string()));
        assert!(read(&long_title).is_none());
        assert!(Scenario::read_json(&long_title).is_err(), "the general reader reports the title");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Random documents made from the presets: fields in a random order, random common
        /// fields, sometimes a mistake. Whenever the one-pass reader reads one, it reads what the
        /// general reader reads; and it reads every valid one whose `version` and `mechanism`
        /// come before the mechanism's fields.
        #[test]
        fn random_documents_read_the_same_by_both_readers(
            preset in 0..presets::all().len(),
            order in proptest::collection::vec(0u32..1000, 16),
            title in "[a-zA-Z ]{0,12}",
            seed in proptest::prelude::any::<u64>(),
            mistake in 0u8..6,
        ) {
            let mut scenario = presets::all()[preset].scenario();
            scenario.title = title;
            scenario.seed = seed;
            let serde_json::Value::Object(obj) = scenario.to_value() else { panic!("an object") };
            let mut fields: Vec<(String, Value)> = obj.into_iter().collect();
            // Shuffle by the random keys.
            let mut keyed: Vec<(u32, (String, Value))> =
                fields.drain(..).enumerate().map(|(i, f)| (order[i % order.len()] ^ (i as u32), f)).collect();
            keyed.sort_by_key(|k| k.0);
            let mut fields: Vec<(String, Value)> = keyed.into_iter().map(|k| k.1).collect();
            match mistake {
                0 => fields.push(("colour".into(), Value::from(1))),
                1 => fields.push(("seed".into(), Value::from(-1))),
                2 => fields.push(("title".into(), Value::from(7))),
                _ => {}
            }
            let text = format!(
                "{{{}}}",
                fields.iter().map(|(k, v)| format!("{}:{}", Value::from(k.as_str()), v)).collect::<Vec<_>>().join(",")
            );
            let (general_read, problems) = Scenario::read_general(&text).expect("an object");
            let general_ok = problems.into_result().is_ok();
            match read(&text) {
                Some(one_pass) => {
                    proptest::prop_assert!(general_ok, "one pass read a document the general reader rejects: {}", text);
                    proptest::prop_assert_eq!(Some(one_pass), general_read);
                }
                None => {
                    let first = fields.iter().position(|(k, _)| !["version", "mechanism", "title", "notes", "seed"].contains(&k.as_str()));
                    let head_ok = |key: &str| fields.iter().position(|(k, _)| k == key).is_some_and(|p| first.is_none_or(|f| p < f));
                    proptest::prop_assert!(
                        !(general_ok && mistake > 2 && head_ok("version") && head_ok("mechanism")),
                        "a valid document in the usual order was left to the general reader: {}", text
                    );
                }
            }
        }
    }
}
