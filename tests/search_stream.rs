//! The one-off search `infraprep search` runs (each card read once, only the query's terms
//! kept) ranks exactly as the TUI's whole index does: the same cards, order and scores.

use infraprep::content::deck::load;
use infraprep::content::glossary::Glossary;
use infraprep::content::{Card, DeckSource, Lang};
use infraprep::search::{Hit, Query, SearchIndex, search_once};

/// Queries of every kind: words, glossary terms in both languages, compounds, prefixes as
/// typed, one typo (with and without a glossary group), other forms of a word (`checkpointing`,
/// `calculation`), words no card has together, lone characters, pasted questions, stop words
/// only.
const QUERIES: &[&str] = &[
    "nvlink bandwidth",
    "nvlink 带宽",
    "nvl",
    "nv",
    "n",
    "ckpt",
    "检查点",
    "checkpiont",
    "checkpoint write interval",
    "nvlnk ib",
    "infinband",
    "all-reduce",
    "NCCL_IB_HCA",
    "ring allreduce 环形",
    "张量并行每层通信多少",
    "流水线气泡怎么算",
    "显存还有空余却报 OOM",
    "并",
    "带",
    "卡",
    "InfiniBand 拥塞怎么办",
    "how long does a checkpoint take to write",
    "ZeRO 和 FSDP 是怎么省显存的",
    "h100s",
    "gpus",
    "PFC ECN",
    "zzqqxx",
    "the",
    "checkpointing frequency",
    "MFU calculation",
    "congested links",
    "sharded optimizer states",
    "checkpoint congests",
];

fn ranked(hits: &[Hit], cards: &[Card]) -> Vec<(String, i64)> {
    hits.iter()
        .map(|h| (cards[h.card].id.clone(), h.score))
        .collect()
}

fn assert_agree(cards: &[Card], queries: impl IntoIterator<Item = String>) {
    let glossary = Glossary::bundled();
    let index = SearchIndex::build(cards);
    let mut checked = 0;
    for text in queries {
        let query = Query::parse(&text, glossary);
        let whole = ranked(&index.run(&query, 500), cards);
        let once = ranked(&search_once(cards, glossary, &query, 500), cards);
        assert_eq!(once, whole, "query {text:?}");
        checked += usize::from(!whole.is_empty());
    }
    assert!(checked > 0, "no query found anything");
}

#[test]
fn one_off_search_ranks_like_the_whole_index_on_the_bundled_deck() {
    let deck = load(&[DeckSource::Bundled]).deck;
    assert_agree(deck.cards(), QUERIES.iter().map(|q| (*q).to_owned()));
}

/// Titles typed one character at a time in both languages: every prefix, typo and lone
/// character expansion a real session meets.
#[test]
fn one_off_search_ranks_like_the_whole_index_while_typing_titles() {
    let deck = load(&[DeckSource::Bundled]).deck;
    let cards = deck.cards();
    let mut queries = Vec::new();
    for card in cards.iter().step_by(13) {
        for lang in Lang::ALL {
            let title: Vec<char> = card.title(lang).chars().collect();
            for end in [1, 2, 4, 9] {
                queries.push(title[..end.min(title.len())].iter().collect::<String>());
            }
        }
    }
    assert_agree(cards, queries);
}

/// A user deck read from disk (sections read from the files) agrees too.
#[test]
fn one_off_search_ranks_like_the_whole_index_on_a_user_deck() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/good-deck");
    let deck = load(&[DeckSource::Dir(dir.into()), DeckSource::Bundled]).deck;
    assert!(
        deck.cards()
            .iter()
            .any(|c| c.origin.path.ends_with("alpha.md"))
    );
    let queries = ["tensor parallelism", "张量并行", "nvlnk", "块", "a100"];
    assert_agree(deck.cards(), queries.iter().map(|q| (*q).to_owned()));
}
