//! Search ranking in both languages, over a deck built for the purpose.

use infraprep::content::Card;
use infraprep::content::parse::parse_card;
use infraprep::search::{SearchIndex, match_indices};

const TEMPLATE: &str = include_str!("fixtures/good-deck/alpha.md");

/// A card from the fixture template with its titles and short answers replaced.
fn card(id: &str, zh_title: &str, en_title: &str, tags: &str) -> Card {
    let text = TEMPLATE
        .replace("id = \"alpha\"", &format!("id = \"{id}\""))
        .replace("number = 101\n", "")
        .replace("张量并行为什么要放在节点内？", zh_title)
        .replace("Why keep tensor parallelism inside a node?", en_title)
        .replace("张量并行每层都要通信，", "")
        .replace("Tensor parallelism talks every layer.", "")
        .replace("[\"fixture\", \"nvlink\"]", tags);
    parse_card(&text, id)
        .unwrap_or_else(|p| panic!("{p:?}"))
        .card
}

fn deck() -> Vec<Card> {
    vec![
        card(
            "ckpt",
            "检查点要写多久？",
            "How long does a checkpoint take to write?",
            "[\"checkpoint\"]",
        ),
        card(
            "tp",
            "张量并行的通信量是多少？",
            "How much does tensor parallelism communicate?",
            "[\"parallelism\"]",
        ),
        card(
            "seed",
            "NVLink 和 InfiniBand 各起什么作用？",
            "What do NVLink and InfiniBand each do?",
            "[\"nvlink\", \"infiniband\"]",
        ),
        card(
            "ib",
            "InfiniBand 拥塞怎么办？",
            "What happens when InfiniBand congests?",
            "[\"infiniband\"]",
        ),
        card(
            "sp",
            "序列并行和张量并行有什么关系？",
            "How does sequence parallelism relate to tensor parallelism?",
            "[\"parallelism\"]",
        ),
    ]
}

fn ids(cards: &[Card], query: &str) -> Vec<String> {
    let index = SearchIndex::build(cards);
    index
        .search(query, 10)
        .into_iter()
        .map(|hit| cards[hit.card].id.clone())
        .collect()
}

#[test]
fn words_are_anded_in_any_order() {
    let cards = deck();
    let found = ids(&cards, "nvl ib");
    assert_eq!(found.first().map(String::as_str), Some("seed"), "{found:?}");
    assert_eq!(ids(&cards, "ib nvl").first(), found.first());
    // "infiniband" is in two cards, "congests" in one: only the card with both shows.
    assert_eq!(ids(&cards, "infiniband congests"), ["ib"]);
    assert_eq!(ids(&cards, "congests infiniband"), ["ib"]);
}

#[test]
fn other_forms_of_a_word_find_the_card() {
    let cards = deck();
    // The title says "congests" and "communicate"; people type other forms.
    assert_eq!(
        ids(&cards, "congested").first().map(String::as_str),
        Some("ib")
    );
    assert_eq!(ids(&cards, "congestion infiniband"), ["ib"]);
    assert_eq!(
        ids(&cards, "communicating").first().map(String::as_str),
        Some("tp")
    );
    assert!(ids(&cards, "writing").contains(&"ckpt".to_owned()));
    let marked = match_indices("What happens when InfiniBand congests?", "congestion");
    assert_eq!(marked.len(), "congests".len(), "{marked:?}");
}

#[test]
fn chinese_queries_find_words_inside_runs_of_characters() {
    let cards = deck();
    let found = ids(&cards, "张量");
    assert_eq!(&found[..2], ["tp", "sp"], "{found:?}");
    assert_eq!(ids(&cards, "检查点"), ["ckpt"]);
    assert_eq!(ids(&cards, "拥塞").first().map(String::as_str), Some("ib"));
}

#[test]
fn mixed_script_words_are_split_like_the_text() {
    let cards = deck();
    let found = ids(&cards, "infiniband拥塞");
    assert_eq!(found, ["ib"]);
}

#[test]
fn a_title_match_outranks_a_body_match() {
    let cards = deck();
    // Every card's body mentions "A100"; only titles distinguish "tensor".
    let found = ids(&cards, "tensor");
    assert_eq!(&found[..2], ["tp", "sp"], "{found:?}");
    assert_eq!(ids(&cards, "a100").len(), cards.len());
}

#[test]
fn empty_and_unmatched_queries_return_nothing() {
    let cards = deck();
    assert!(ids(&cards, "   ").is_empty());
    assert!(ids(&cards, "zzqqxx").is_empty());
}

#[test]
fn one_character_queries_rank_titles_first() {
    let cards = deck();
    // "块" appears in every card's body ("每块 A100") but in no title.
    assert_eq!(ids(&cards, "块").len(), cards.len());
    let mut found = ids(&cards, "并");
    found.truncate(2);
    found.sort();
    assert_eq!(found, ["sp", "tp"]);
}

#[test]
fn most_words_are_enough_when_one_misses() {
    let cards = deck();
    // "interval" is in no card: the two words that match still find the checkpoint card.
    let found = ids(&cards, "checkpoint write interval");
    assert_eq!(found.first().map(String::as_str), Some("ckpt"), "{found:?}");
    // With two words, both must match where a card has both ...
    assert_eq!(ids(&cards, "checkpoint write"), ["ckpt"]);
    // ... and where none has, the cards with either show rather than nothing.
    let mut either = ids(&cards, "checkpoint congests");
    either.sort();
    assert_eq!(either, ["ckpt", "ib"]);
}

#[test]
fn an_exact_title_phrase_ranks_first() {
    let cards = deck();
    let found = ids(&cards, "InfiniBand 拥塞怎么办");
    assert_eq!(found.first().map(String::as_str), Some("ib"), "{found:?}");
}

/// A word that names the kind of answer ("formula", "公式") is not the subject: the card about
/// the subject shows though its text never says "formula", and a card that only says
/// "formula" does not.
#[test]
fn words_for_the_kind_of_answer_do_not_outweigh_the_subject() {
    let ib = deck()
        .into_iter()
        .find(|c| c.id == "ib")
        .expect("the ib card");
    let cards = vec![
        ib,
        card(
            "formula",
            "检查点写入时间用哪个公式？",
            "Which formula gives a checkpoint's write time?",
            "[\"checkpoint\"]",
        ),
    ];
    assert_eq!(ids(&cards, "infiniband formula"), ["ib"]);
    assert_eq!(ids(&cards, "拥塞公式"), ["ib"]);
    assert_eq!(ids(&cards, "InfiniBand 拥塞 公式"), ["ib"]);
    // A card with both still comes first.
    assert_eq!(
        ids(&cards, "checkpoint formula")
            .first()
            .map(String::as_str),
        Some("formula")
    );
}
