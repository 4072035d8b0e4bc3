//! Sizes shared by the views and by `App::update`, which needs them to page and to clamp
//! scrolling. Kept in one place so the two never disagree.

use super::view::CHROME_ROWS;

/// Rows above a card's text in the reader: the id line, two title lines, the section tabs.
pub const READER_HEADER_ROWS: u16 = 4;

/// Rows of the body between header and footer.
pub fn body_rows(height: u16) -> usize {
    height.saturating_sub(CHROME_ROWS) as usize
}

/// Rows of card text the reader shows at once.
pub fn reader_rows(height: u16) -> usize {
    height.saturating_sub(CHROME_ROWS + READER_HEADER_ROWS) as usize
}

/// Columns the reader wraps card text to: the width less one column for the scroll marker.
pub fn reader_columns(width: u16) -> usize {
    width.saturating_sub(2).max(1) as usize
}
