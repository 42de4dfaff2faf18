//! Utility estimation (Section V) — being written.
