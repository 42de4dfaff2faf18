//! A dense row-major `rows × cols` matrix of `f64`, stored flat.
//!
//! Results such as an auction's shares and sub-budgets are `n × m` tables with `n` up to 100,000; one
//! flat vector instead of a vector per row keeps them to one allocation each. On the wire a
//! matrix is a JSON array of rows (`[[…], […]]`), exactly as a `Vec<Vec<f64>>` would be, and
//! `matrix[i]` is row `i` as a slice, so `matrix[i][j]` reads as usual.
//!
//! Invariant: `data.len() == rows · cols`; a matrix with no rows has `cols == 0`.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matrix {
    cols: usize,
    data: Vec<f64>,
}

impl Matrix {
    /// `rows × cols` zeros.
    pub fn zeros(rows: usize, cols: usize) -> Self {
        Matrix { cols: if rows == 0 { 0 } else { cols }, data: vec![0.0; rows * cols] }
    }

    /// From flat row-major data; `None` unless `data.len()` is a multiple of `cols` (`cols > 0`,
    /// or `data` empty).
    pub fn from_flat(cols: usize, data: Vec<f64>) -> Option<Self> {
        match (cols, data.len()) {
            (_, 0) => Some(Matrix::default()),
            (0, _) => None,
            (c, len) if len % c == 0 => Some(Matrix { cols: c, data }),
            _ => None,
        }
    }

    /// From rows of equal length; `None` if they differ.
    pub fn from_rows<R: AsRef<[f64]>>(rows: &[R]) -> Option<Self> {
        let cols = rows.first().map_or(0, |r| r.as_ref().len());
        let mut data = Vec::with_capacity(rows.len() * cols);
        for r in rows {
            let r = r.as_ref();
            if r.len() != cols {
                return None;
            }
            data.extend_from_slice(r);
        }
        Matrix::from_flat(cols, data)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.cols).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Number of columns (0 when there are no rows).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The rows, as slices.
    pub fn iter(&self) -> std::slice::ChunksExact<'_, f64> {
        // A zero-row matrix has cols 0; chunks_exact needs a non-zero size.
        self.data.chunks_exact(self.cols.max(1))
    }

    /// The rows, as mutable slices.
    pub fn iter_mut(&mut self) -> std::slice::ChunksExactMut<'_, f64> {
        self.data.chunks_exact_mut(self.cols.max(1))
    }

    /// Row-major data.
    pub fn as_flat(&self) -> &[f64] {
        &self.data
    }

    /// Column `j`, top to bottom.
    pub fn column(&self, j: usize) -> impl Iterator<Item = f64> + '_ {
        self.iter().map(move |row| row[j])
    }
}

impl Index<usize> for Matrix {
    type Output = [f64];
    fn index(&self, i: usize) -> &[f64] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }
}

impl IndexMut<usize> for Matrix {
    fn index_mut(&mut self, i: usize) -> &mut [f64] {
        &mut self.data[i * self.cols..(i + 1) * self.cols]
    }
}

impl<'a> IntoIterator for &'a Matrix {
    type Item = &'a [f64];
    type IntoIter = std::slice::ChunksExact<'a, f64>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Serialize for Matrix {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for row in self {
            seq.serialize_element(row)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Matrix {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Rows;
        impl<'de> Visitor<'de> for Rows {
            type Value = Matrix;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array of equally long arrays of numbers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Matrix, A::Error> {
                let mut data = Vec::new();
                let mut cols = None;
                while let Some(row) = seq.next_element::<Vec<f64>>()? {
                    match cols {
                        None => cols = Some(row.len()),
                        Some(c) if c != row.len() => {
                            return Err(crate::error::keyed_custom(
                                "err-row-has-count-entries-expected-c",
                                vec![("count", row.len().to_string()), ("c", c.to_string())],
                            ))
                        }
                        Some(_) => {}
                    }
                    data.extend(row);
                }
                let cols = cols.unwrap_or(0);
                if cols == 0 && !data.is_empty() {
                    return Err(crate::error::keyed_custom("err-rows-must-not-be-empty", vec![]));
                }
                Matrix::from_flat(cols, data)
                    .or_else(|| (cols == 0).then(Matrix::default))
                    .ok_or_else(|| crate::error::keyed_custom("err-rows-of-unequal-length", vec![]))
            }
        }
        deserializer.deserialize_seq(Rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_json_like_nested_vectors() {
        let rows = vec![vec![1.0, 2.5], vec![-3.0, 0.1]];
        let m = Matrix::from_rows(&rows).unwrap();
        assert_eq!((m.len(), m.cols()), (2, 2));
        assert_eq!(m[1][0], -3.0);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, serde_json::to_string(&rows).unwrap());
        assert_eq!(serde_json::from_str::<Matrix>(&json).unwrap(), m);
        assert_eq!(m.column(1).collect::<Vec<_>>(), vec![2.5, 0.1]);
    }

    #[test]
    fn empty_and_ragged_inputs() {
        let empty: Matrix = serde_json::from_str("[]").unwrap();
        assert!(empty.is_empty() && empty.iter().count() == 0);
        assert_eq!(serde_json::to_string(&empty).unwrap(), "[]");
        assert!(serde_json::from_str::<Matrix>("[[1,2],[3]]").is_err());
        assert!(Matrix::from_rows(&[vec![1.0], vec![]]).is_none());
        assert!(Matrix::from_flat(3, vec![1.0; 4]).is_none());
        assert_eq!(Matrix::zeros(2, 3).iter().count(), 2);
    }
}
