package drills

import (
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// cardAnswers counts a fill's cards by their recorded answer, checking each against the lexicon.
func cardAnswers(t *testing.T, lex *lexicon.Lexicon, cards []studystore.NewCard) (words, non int) {
	t.Helper()
	for _, c := range cards {
		if c.Valid == nil {
			t.Fatalf("card %s does not remember its answer", c.Question)
		}
		tiles, err := lex.Tiles.Parse(c.Question, lexicon.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if lex.Contains(tiles) != *c.Valid {
			t.Errorf("card %s: recorded valid=%v, the lexicon says %v", c.Question, *c.Valid, !*c.Valid)
		}
		if *c.Valid {
			words++
		} else {
			non++
		}
	}
	return words, non
}

// A searched twos or judge deck is not all "yes": twos decks get the two-tile look-alikes the
// drill asks, judge decks as many phonies as words; the same seed gives the same deck.
func TestFillDeckSearchGivesBothAnswers(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	twos, err := FillDeck(lex, KindTwos, DeckSource{Search: "length:2", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	words, non := cardAnswers(t, lex, twos.Cards)
	if words != len(TwoTileWords(lex)) || non == 0 || non != twos.Added || twos.Words != words {
		t.Errorf("twos deck: %d words (lexicon has %d), %d non-words (Added %d)", words, len(TwoTileWords(lex)), non, twos.Added)
	}
	// the non-words are the twos drill's decoys: every one it can ask is in the deck
	isWord := map[string]bool{}
	for _, w := range TwoTileWords(lex) {
		isWord[key(w)] = true
	}
	for _, w := range twoLookalikes(lex, isWord) {
		if !slices.ContainsFunc(twos.Cards, func(c studystore.NewCard) bool { return c.Question == lex.Tiles.Notation(w) }) {
			t.Errorf("twos deck lacks the look-alike %s", lex.Tiles.Notation(w))
		}
	}
	if first := twos.Cards[:20]; !slices.ContainsFunc(first, func(c studystore.NewCard) bool { return !*c.Valid }) ||
		!slices.ContainsFunc(first, func(c studystore.NewCard) bool { return *c.Valid }) {
		t.Errorf("the first day's 20 new cards are all one answer: %v", first)
	}

	judge, err := FillDeck(lex, KindJudge, DeckSource{Search: "length:5 top:200", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	words, non = cardAnswers(t, lex, judge.Cards)
	if words != 200 || non < 150 || non > 200 {
		t.Errorf("judge deck: %d words, %d phonies; want 200 and about as many phonies", words, non)
	}
	again, _ := FillDeck(lex, KindJudge, DeckSource{Search: "length:5 top:200", Seed: 7})
	if !slices.EqualFunc(judge.Cards, again.Cards, func(a, b studystore.NewCard) bool { return a.Question == b.Question }) {
		t.Error("the same seed made another judge deck")
	}
	// Anagram decks from a search hold words alone, in the search's order.
	an, err := FillDeck(lex, KindAnagram, DeckSource{Search: "length:5 top:50"})
	if err != nil || an.Added != 0 || an.Words != 50 {
		t.Errorf("anagram deck: %+v %v", an, err)
	}
}

// A word file: bad lines are skipped and reported by line (as `atril lexicon add` does), or
// refuse the file with Strict; anagram and hooks decks refuse words the lexicon lacks.
func TestFillDeckFile(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	file := "CASA\nKIWI\nCASQO\n\nPERRO\n"
	f, err := FillDeck(lex, KindJudge, DeckSource{File: "w.txt", In: strings.NewReader(file)})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Cards) != 3 || f.Words != 3 || f.Added != 0 || len(f.Skipped) != 1 || f.Skipped[0].Line != 2 {
		t.Errorf("judge file: %d cards, %d words, skipped %+v", len(f.Cards), f.Words, f.Skipped)
	}
	if _, err := FillDeck(lex, KindJudge, DeckSource{File: "w.txt", In: strings.NewReader(file), Strict: true}); err == nil ||
		!strings.Contains(err.Error(), "w.txt:2") || !strings.Contains(err.Error(), "no deck changed") {
		t.Errorf("strict: %v", err)
	}
	if _, err := FillDeck(lex, KindAnagram, DeckSource{File: "w.txt", In: strings.NewReader(file)}); err == nil ||
		!strings.Contains(err.Error(), "CASQO not in lexicon") {
		t.Errorf("anagram deck with a phony: %v", err)
	}
	if _, err := FillDeck(lex, KindJudge, DeckSource{File: "w.txt", In: strings.NewReader("KIWI\n")}); err == nil ||
		!strings.Contains(err.Error(), "no words") {
		t.Errorf("no words: %v", err)
	}
}

// The lexicon judges a card; a card that recorded another answer when it was added says so.
func TestCardQuestionNotesAChangedLexicon(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	yes, no := true, false
	q, err := CardQuestion(lex, studystore.DeckCard{Kind: "judge", Question: "CASQO", Lexicon: "viejo", Valid: &yes})
	if err != nil || q.Valid || !strings.Contains(q.Note.String(), "when this card was added, lexicon viejo said yes") {
		t.Errorf("judge card recorded valid, now not: %+v %v", q, err)
	}
	q, _ = CardQuestion(lex, studystore.DeckCard{Kind: "twos", Question: "[CH]A", Valid: &yes})
	if !q.Valid || strings.Contains(q.Note.String(), "when this card was added") {
		t.Errorf("twos card with the same answer: %+v", q)
	}
	if q, _ = CardQuestion(lex, studystore.DeckCard{Kind: "twos", Question: "[CH]A", Valid: &no}); !q.Valid || !strings.Contains(q.Note.String(), "said no") {
		t.Errorf("twos card recorded not valid, now valid: %+v", q)
	}
}
