//! Edits the pages' reducers make to a document's lists (jobs, policies, organizations) alike.

/// Removes row `i` of a list that keeps at least one row: nothing happens to the last row or
/// to an index past the end.
pub fn remove_row<T>(list: &mut Vec<T>, i: usize) {
    if i < list.len() && list.len() > 1 {
        list.remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn a_row_is_removed_but_never_the_last_one() {
        let mut list = vec![1, 2, 3];
        remove_row(&mut list, 1);
        assert_eq!(list, [1, 3]);
        remove_row(&mut list, 2);
        assert_eq!(list, [1, 3], "past the end");
        remove_row(&mut list, 0);
        remove_row(&mut list, 0);
        assert_eq!(list, [3], "the last row stays");
    }
}
