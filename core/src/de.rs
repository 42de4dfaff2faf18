//! Deserialisation helpers shared by the mechanisms' documents: fields that are "a list or an
//! object", read without losing JSON paths (an untagged enum would say only "did not match any
//! variant", and would buffer the content).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

/// A visitor reading a list of `T`, or an object read as `G`; `expecting` names both forms.
pub struct ListOr<T, G>(PhantomData<(T, G)>, &'static str);

impl<T, G> ListOr<T, G> {
    pub fn new(expecting: &'static str) -> Self {
        ListOr(PhantomData, expecting)
    }
}

/// What [`ListOr`] read.
pub enum Either<T, G> {
    List(Vec<T>),
    Object(G),
}

impl<'de, T: DeserializeOwned, G: DeserializeOwned> Visitor<'de> for ListOr<T, G> {
    type Value = Either<T, G>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.1)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(Either::List)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Deserialize::deserialize(de::value::MapAccessDeserializer::new(map)).map(Either::Object)
    }
}
