//! The terminal backend: crossterm's commands, with the frame written by hand.
//!
//! ratatui's crossterm backend writes each cell through crossterm's commands, which format
//! every cursor move, colour and symbol with `core::fmt`: drawing the bundled deck's first
//! 120x40 frame took 2.2 of the start-up's 7.5 million instructions (callgrind), more than the
//! whole bare ratatui program. [`FrameBackend::draw`] writes the same bytes directly (a test
//! holds it to crossterm's output, byte for byte, on random frames); the cursor, clearing and
//! size are crossterm's commands, as in ratatui's backend.

use std::io::{self, Write};

use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::terminal::{self, Clear};
use crossterm::{execute, queue};
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};

/// A terminal backend over `writer` with a direct [`Backend::draw`].
#[derive(Debug)]
pub struct FrameBackend<W: Write> {
    writer: W,
    /// The bytes of the frame being drawn, kept between frames so a keystroke's redraw does
    /// not allocate.
    frame: Vec<u8>,
}

impl<W: Write> FrameBackend<W> {
    pub fn new(writer: W) -> Self {
        FrameBackend {
            writer,
            frame: Vec::new(),
        }
    }
}

/// What the terminal was last told, so only changes are written.
struct Pen {
    fg: Color,
    bg: Color,
    underline: Color,
    modifier: Modifier,
    last: Option<(u16, u16)>,
}

/// `ESC [ {code} m`.
fn sgr(out: &mut Vec<u8>, code: u8) {
    out.extend_from_slice(b"\x1b[");
    number(out, u16::from(code));
    out.push(b'm');
}

/// A decimal number without `core::fmt`.
fn number(out: &mut Vec<u8>, n: u16) {
    let mut digits = [0u8; 5];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A colour's SGR parameters after the layer's prefix (`38`, `48` or `58`), or its reset code
/// (`39`, `49`, `59`), as crossterm writes them (named colours as 256-colour indices).
fn color(out: &mut Vec<u8>, color: Color, layer: u8) {
    let index = match color {
        Color::Reset => {
            number(out, u16::from(layer + 1));
            return;
        }
        Color::Rgb(r, g, b) => {
            number(out, u16::from(layer));
            out.extend_from_slice(b";2;");
            for (i, part) in [r, g, b].into_iter().enumerate() {
                if i > 0 {
                    out.push(b';');
                }
                number(out, u16::from(part));
            }
            return;
        }
        Color::Indexed(i) => i,
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
    };
    number(out, u16::from(layer));
    out.extend_from_slice(b";5;");
    number(out, u16::from(index));
}

/// The attribute changes from `from` to `to`, in the order ratatui's crossterm backend writes
/// them (bold and dim share one reset, so a removed one re-applies the other).
fn modifiers(out: &mut Vec<u8>, from: Modifier, to: Modifier) {
    let removed = from - to;
    if removed.contains(Modifier::REVERSED) {
        sgr(out, 27);
    }
    let reset_intensity = removed.intersects(Modifier::BOLD | Modifier::DIM);
    if reset_intensity {
        sgr(out, 22);
        if to.contains(Modifier::DIM) {
            sgr(out, 2);
        }
        if to.contains(Modifier::BOLD) {
            sgr(out, 1);
        }
    }
    for (flag, code) in [
        (Modifier::ITALIC, 23),
        (Modifier::UNDERLINED, 24),
        (Modifier::CROSSED_OUT, 29),
        (Modifier::HIDDEN, 28),
    ] {
        if removed.contains(flag) {
            sgr(out, code);
        }
    }
    if removed.intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK) {
        sgr(out, 25);
    }
    let added = to - from;
    for (flag, code, after_reset) in [
        (Modifier::REVERSED, 7, true),
        (Modifier::BOLD, 1, false),
        (Modifier::ITALIC, 3, true),
        (Modifier::UNDERLINED, 4, true),
        (Modifier::DIM, 2, false),
        (Modifier::CROSSED_OUT, 9, true),
        (Modifier::HIDDEN, 8, true),
        (Modifier::SLOW_BLINK, 5, true),
        (Modifier::RAPID_BLINK, 6, true),
    ] {
        if added.contains(flag) && (after_reset || !reset_intensity) {
            sgr(out, code);
        }
    }
}

impl Pen {
    fn cell(&mut self, out: &mut Vec<u8>, x: u16, y: u16, cell: &Cell) {
        // A move unless the cell is just right of the last one written.
        if !matches!(self.last, Some((lx, ly)) if ly == y && lx.checked_add(1) == Some(x)) {
            out.extend_from_slice(b"\x1b[");
            number(out, y.saturating_add(1));
            out.push(b';');
            number(out, x.saturating_add(1));
            out.push(b'H');
        }
        self.last = Some((x, y));
        if cell.modifier != self.modifier {
            modifiers(out, self.modifier, cell.modifier);
            self.modifier = cell.modifier;
        }
        if cell.fg != self.fg || cell.bg != self.bg {
            out.extend_from_slice(b"\x1b[");
            color(out, cell.fg, 38);
            out.push(b';');
            color(out, cell.bg, 48);
            out.push(b'm');
            (self.fg, self.bg) = (cell.fg, cell.bg);
        }
        if cell.underline_color != self.underline {
            out.extend_from_slice(b"\x1b[");
            color(out, cell.underline_color, 58);
            out.push(b'm');
            self.underline = cell.underline_color;
        }
        out.extend_from_slice(cell.symbol().as_bytes());
    }
}

/// Puts the bytes that draw `content` in `out` (emptied first), ending with colours and
/// attributes reset.
fn frame_bytes<'a>(out: &mut Vec<u8>, content: impl Iterator<Item = (u16, u16, &'a Cell)>) {
    out.clear();
    let mut pen = Pen {
        fg: Color::Reset,
        bg: Color::Reset,
        underline: Color::Reset,
        modifier: Modifier::empty(),
        last: None,
    };
    for (x, y, cell) in content {
        pen.cell(out, x, y, cell);
    }
    out.extend_from_slice(b"\x1b[39m\x1b[49m\x1b[59m\x1b[0m");
}

impl<W: Write> Backend for FrameBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        frame_bytes(&mut self.frame, content);
        self.writer.write_all(&self.frame)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        for _ in 0..n {
            self.writer.write_all(b"\n")?;
        }
        self.writer.flush()
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        execute!(self.writer, Hide)
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        execute!(self.writer, Show)
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        crossterm::cursor::position().map(|(x, y)| Position { x, y })
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let Position { x, y } = position.into();
        execute!(self.writer, MoveTo(x, y))
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        use crossterm::terminal::ClearType as To;
        let to = match clear_type {
            ClearType::All => To::All,
            ClearType::AfterCursor => To::FromCursorDown,
            ClearType::BeforeCursor => To::FromCursorUp,
            ClearType::CurrentLine => To::CurrentLine,
            ClearType::UntilNewLine => To::UntilNewLine,
        };
        queue!(self.writer, Clear(to))?;
        self.writer.flush()
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = terminal::size()?;
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        let terminal::WindowSize {
            columns,
            rows,
            width,
            height,
        } = terminal::window_size()?;
        Ok(WindowSize {
            columns_rows: Size {
                width: columns,
                height: rows,
            },
            pixels: Size { width, height },
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ratatui::backend::CrosstermBackend;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    fn any_color() -> impl Strategy<Value = Color> {
        prop_oneof![
            Just(Color::Reset),
            (0u8..16).prop_map(|i| [
                Color::Black,
                Color::Red,
                Color::Green,
                Color::Yellow,
                Color::Blue,
                Color::Magenta,
                Color::Cyan,
                Color::Gray,
                Color::DarkGray,
                Color::LightRed,
                Color::LightGreen,
                Color::LightYellow,
                Color::LightBlue,
                Color::LightMagenta,
                Color::LightCyan,
                Color::White,
            ][usize::from(i)]),
            any::<u8>().prop_map(Color::Indexed),
            any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Color::Rgb(r, g, b)),
        ]
    }

    /// One cell's look and text: a symbol (ASCII, CJK, emoji or empty), colours, attributes.
    fn any_cell() -> impl Strategy<Value = (String, Color, Color, Color, u16)> {
        (
            prop_oneof![
                Just(String::new()),
                "[ -~]",
                Just("中".to_owned()),
                Just("🙂".to_owned())
            ],
            any_color(),
            any_color(),
            any_color(),
            0u16..512,
        )
    }

    /// What ratatui's crossterm backend writes for `content`.
    fn crossterm_bytes(content: &[(u16, u16, &Cell)]) -> Vec<u8> {
        let mut out = Vec::new();
        CrosstermBackend::new(&mut out)
            .draw(content.iter().copied())
            .expect("draws to memory");
        out
    }

    proptest! {
        /// Byte for byte what crossterm writes, for any run of cells, in any colours and
        /// attributes, with gaps between them (cursor moves). crossterm writes no colours when
        /// NO_COLOR is set, so the comparison runs with it unset.
        #[test]
        fn writes_what_crossterm_writes(
            cells in prop::collection::vec((any_cell(), 0u8..3), 0..60),
        ) {
            // Under NO_COLOR there is nothing of crossterm's to compare colours with (and the
            // app draws no colours then: `Theme`).
            if std::env::var_os("NO_COLOR").is_some() {
                return Ok(());
            }
            let mut buffer = Buffer::empty(Rect::new(0, 0, 40, 4));
            let mut at = Vec::new();
            let (mut x, mut y) = (0u16, 0u16);
            for ((symbol, fg, bg, underline, bits), skip) in &cells {
                x += u16::from(*skip);
                if x >= 40 {
                    x = 0;
                    y = (y + 1) % 4;
                }
                let style = Style::default()
                    .fg(*fg)
                    .bg(*bg)
                    .underline_color(*underline)
                    .add_modifier(Modifier::from_bits_truncate(*bits));
                buffer[(x, y)].set_symbol(symbol).set_style(style);
                at.push((x, y));
                x += 1;
            }
            let content: Vec<(u16, u16, &Cell)> =
                at.iter().map(|&(x, y)| (x, y, &buffer[(x, y)])).collect();
            let mut ours = Vec::from("stale bytes of an earlier frame");
            frame_bytes(&mut ours, content.iter().copied());
            let theirs = crossterm_bytes(&content);
            prop_assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 65535] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }
}
