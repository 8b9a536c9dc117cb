package puzzles

import (
	"context"
	"errors"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// DeckFilter keeps the puzzles whose answer is a word of a deck: a player drills the bingos
// they study on real boards. An anagram deck's cards are alphagrams (any anagram of the answer
// matches); the other kinds' cards are words.
type DeckFilter struct {
	Name  string
	ID    int64
	words map[string]bool
	alpha map[string]bool
}

// LoadDeckFilter reads deck name's cards from the store.
func LoadDeckFilter(ctx context.Context, st *studystore.Store, name string) (*DeckFilter, error) {
	d, err := st.DeckByName(ctx, name)
	if errors.Is(err, studystore.ErrNoDeck) {
		return nil, i18n.E("deck.err.no_deck", "Deck", name)
	}
	if err != nil {
		return nil, err
	}
	cards, err := st.DeckCards(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	f := &DeckFilter{Name: d.Name, ID: d.ID, words: map[string]bool{}, alpha: map[string]bool{}}
	for _, c := range cards {
		if c.Kind == "anagram" {
			f.alpha[c.Question] = true
		} else {
			f.words[c.Question] = true
		}
	}
	return f, nil
}

// Match reports whether one of the puzzle's answers is a word of the deck.
func (f *DeckFilter) Match(pz *Puzzle, ts *lexicon.TileSet) bool {
	for _, w := range answerWords(pz, ts) {
		if f.words[w.Word] || f.alpha[w.Alphagram] {
			return true
		}
	}
	return false
}
