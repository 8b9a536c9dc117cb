package stats

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// TestWeakDeck: --deck-out puts weak questions into a deck as a drill's misses go into one
// (drills.SaveMisses): phonies become cards judged not valid; a lexicon named in another case
// or with spaces is the same lexicon; an existing deck keeps its kind when none is given, and
// refuses another; questions of another lexicon are left out.
func TestWeakDeck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	lex := testlex.Default(t)
	name := " " + lex.Name + " " // as a store might have it spelt
	words := []WeakWord{
		{Lexicon: name, Kind: "judge", Question: "CASA"},
		{Lexicon: lex.Name, Kind: "judge", Question: "CASQ"}, // a phony missed
		{Lexicon: lex.Name, Kind: "anagram", Question: "AACS"},
		{Lexicon: "OTRO", Kind: "judge", Question: "PERRO"},
		{Lexicon: lex.Name, Kind: "build", Question: "AACS"}, // a drill kind no deck has
	}
	kind, added, err := WeakDeck(ctx, st, lex, "flojas", "", words)
	if err != nil || kind != "judge" || added != 2 {
		t.Fatalf("WeakDeck: kind %q, %d added, %v; want judge, 2", kind, added, err)
	}
	d, err := st.DeckByName(ctx, "flojas")
	if err != nil || d.Kind != "judge" || d.Scheduler != "fsrs" {
		t.Fatalf("deck %+v, %v", d, err)
	}
	cards, err := st.DeckCards(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cards {
		got = append(got, c.Question)
		if c.Valid == nil || *c.Valid != (c.Question == "CASA") {
			t.Errorf("card %s: valid %v", c.Question, c.Valid)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"CASA", "CASQ"}) {
		t.Errorf("cards %v", got)
	}
	// Again without a kind, with anagrams the majority now: the deck keeps its own kind.
	more := append(slices.Clone(words), WeakWord{Lexicon: lex.Name, Kind: "judge", Question: "PERRO"})
	for _, q := range []string{"AEIRST", "AEILNOS", "CEORS"} {
		more = append(more, WeakWord{Lexicon: lex.Name, Kind: "anagram", Question: q})
	}
	if kind, added, err := WeakDeck(ctx, st, lex, "flojas", "", more); err != nil || kind != "judge" || added != 1 {
		t.Errorf("again: kind %q, %d added, %v; want judge, 1 (PERRO)", kind, added, err)
	}
	// Another kind asked for a judge deck: refused, saying so.
	_, _, err = WeakDeck(ctx, st, lex, "flojas", "anagram", more)
	var ie *i18n.Error
	if !errors.As(err, &ie) || ie.ID != "deck.err.kind_fixed" {
		t.Errorf("anagrams into a judge deck: %v", err)
	}
	// Nothing of this lexicon: nothing to put in a deck.
	if _, _, err := WeakDeck(ctx, st, lex, "otra", "", words[3:4]); !errors.Is(err, ErrNoWeakCards) {
		t.Errorf("another lexicon's words: %v", err)
	}
}
