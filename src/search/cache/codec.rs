//! The byte layout of the search cache: little-endian integers and length-prefixed strings,
//! read back by a decoder that checks every length against the bytes left, so a damaged or
//! foreign file reads as `None` (never a panic, never a huge allocation).

/// Bytes being written.
#[derive(Default)]
pub(super) struct Encoder {
    pub bytes: Vec<u8>,
}

impl Encoder {
    pub fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    pub fn u32(&mut self, value: u32) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    pub fn u64(&mut self, value: u64) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    /// A length or count (as u64, whatever the platform).
    pub fn len(&mut self, value: usize) {
        self.u64(value as u64);
    }

    pub fn f32(&mut self, value: f32) {
        self.u32(value.to_bits());
    }

    pub fn bytes(&mut self, value: &[u8]) {
        self.len(value.len());
        self.bytes.extend_from_slice(value);
    }

    pub fn str(&mut self, value: &str) {
        self.bytes(value.as_bytes());
    }
}

/// Bytes being read; every read is `None` past the end.
pub(super) struct Decoder<'a> {
    bytes: &'a [u8],
}

impl<'a> Decoder<'a> {
    pub fn new(bytes: &'a [u8]) -> Decoder<'a> {
        Decoder { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        self.take(N)?.try_into().ok()
    }

    pub fn u8(&mut self) -> Option<u8> {
        Some(self.array::<1>()?[0])
    }

    pub fn u32(&mut self) -> Option<u32> {
        self.array().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Option<u64> {
        self.array().map(u64::from_le_bytes)
    }

    pub fn f32(&mut self) -> Option<f32> {
        self.u32().map(f32::from_bits)
    }

    /// A length or count of items of at least `item_bytes` each: `None` when the bytes left
    /// cannot hold that many (so a damaged count never allocates).
    pub fn count(&mut self, item_bytes: usize) -> Option<usize> {
        let n = usize::try_from(self.u64()?).ok()?;
        (n.checked_mul(item_bytes.max(1))? <= self.bytes.len()).then_some(n)
    }

    pub fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.count(1)?;
        self.take(n)
    }

    pub fn str(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes()?).ok()
    }

    pub fn string(&mut self) -> Option<String> {
        self.str().map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_and_reads_past_the_end_are_none() {
        let mut out = Encoder::default();
        out.u8(7);
        out.u32(70_000);
        out.u64(u64::MAX - 1);
        out.f32(0.25);
        out.str("检查点 ckpt");
        let mut read = Decoder::new(&out.bytes);
        assert_eq!(read.u8(), Some(7));
        assert_eq!(read.u32(), Some(70_000));
        assert_eq!(read.u64(), Some(u64::MAX - 1));
        assert_eq!(read.f32(), Some(0.25));
        assert_eq!(read.str(), Some("检查点 ckpt"));
        assert!(read.is_empty());
        assert_eq!(read.u8(), None);
    }

    #[test]
    fn a_count_larger_than_the_bytes_left_is_refused() {
        let mut out = Encoder::default();
        out.len(1 << 40);
        out.u32(1);
        assert_eq!(Decoder::new(&out.bytes).count(4), None);
        assert_eq!(Decoder::new(&out.bytes).bytes(), None);
        let mut out = Encoder::default();
        out.len(1);
        out.u32(1);
        assert_eq!(Decoder::new(&out.bytes).count(4), Some(1));
    }
}
