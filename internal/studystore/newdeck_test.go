package studystore_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// A deck imported from another program is made by the same rules as one created empty: a
// name no deck may have, an unknown scheduler or a name already taken is refused, and nothing
// is written.
func TestImportDeckChecksTheDeck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTemp(t, &clock{t0})
	cards := []studystore.ImportedCard{{Question: "AELRT", State: srs.State{Phase: srs.Review, Box: 2, Due: t0}}}
	deck := studystore.Deck{Name: "zyzzyva", Lexicon: "x", Kind: "anagram", Scheduler: "cardbox", NewPerDay: 20}
	for _, tc := range []struct {
		what string
		edit func(d *studystore.Deck)
		id   string
	}{
		{"a control character", func(d *studystore.Deck) { d.Name = "a\x1bb" }, "store.deck_name_control"},
		{"too long a name", func(d *studystore.Deck) { d.Name = strings.Repeat("ñ", studystore.MaxDeckName+1) }, ""},
		{"an unknown scheduler", func(d *studystore.Deck) { d.Scheduler = "leitner" }, "store.deck_scheduler"},
		{"a negative new cards a day", func(d *studystore.Deck) { d.NewPerDay = -1 }, "store.deck_new_per_day"},
	} {
		d := deck
		tc.edit(&d)
		_, err := s.ImportDeck(ctx, d, "zyzzyva", cards)
		var ie *i18n.Error
		if err == nil || !errors.As(err, &ie) || tc.id != "" && ie.ID != tc.id {
			t.Errorf("%s: %v", tc.what, err)
		}
	}
	if ds, err := s.Decks(ctx); err != nil || len(ds) != 0 {
		t.Fatalf("decks after refused imports: %v, %v", ds, err)
	}
	if _, err := s.ImportDeck(ctx, deck, "zyzzyva", cards); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ImportDeck(ctx, deck, "zyzzyva", cards); !errors.Is(err, studystore.ErrDeckExists) {
		t.Errorf("the same name again: %v", err)
	}
	if _, err := s.CreateDeck(ctx, deck); !errors.Is(err, studystore.ErrDeckExists) {
		t.Errorf("created over an imported deck: %v", err)
	}
}
