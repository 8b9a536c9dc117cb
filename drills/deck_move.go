package drills

import (
	"context"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Moved is what MoveDeck did.
type Moved struct {
	Deck    string   `json:"deck"`
	From    string   `json:"from"`
	To      string   `json:"to"`
	Kept    int      `json:"kept"`
	Dropped []string `json:"dropped"` // the cards left out, in card notation (as review --list --json)

	shown []string // Dropped as the questions show them
}

// DroppedShown are the cards left out, as their questions show them (C·H, not [C]H).
func (m Moved) DroppedShown() []string { return m.shown }

// MoveDeck carries deck name, its cards, their schedules and its answers, to lex (after
// `atril lexicon use`, decks made under the old lexicon wait under it). A card whose answer no
// longer holds under lex is dropped from the deck: an anagram card with no word left, a hooks
// card whose word is gone, a judge or twos card whose verdict changed, a card with a tile lex's
// set lacks. The rest keep their schedules.
func MoveDeck(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name string) (Moved, error) {
	d, err := OpenDeck(ctx, st, name)
	if err != nil {
		return Moved{}, err
	}
	if lexicon.SameName(d.Lexicon, lex.Name) {
		return Moved{}, i18n.E("deck.err.same_lexicon", "Deck", d.Name, "Lexicon", d.Lexicon)
	}
	cards, err := st.DeckCards(ctx, d.ID)
	if err != nil {
		return Moved{}, err
	}
	out := Moved{Deck: d.Name, From: d.Lexicon, To: lex.Name, Dropped: []string{}}
	var keep []studystore.MovedCard
	var drop []int64
	for _, c := range cards {
		valid, holds := cardHolds(lex, c)
		if !holds {
			drop = append(drop, c.CardID)
			out.Dropped = append(out.Dropped, c.Question)
			out.shown = append(out.shown, showCard(lex, c))
			continue
		}
		keep = append(keep, studystore.MovedCard{CardID: c.CardID, Valid: valid})
	}
	if err := st.MoveDeck(ctx, d.ID, lex.Name, keep, drop); err != nil {
		return Moved{}, err
	}
	out.Kept = len(keep)
	return out, nil
}

// cardHolds says whether card c still has its answer under lex, and for a valid-or-not card
// what that answer is there.
func cardHolds(lex *lexicon.Lexicon, c studystore.DeckCard) (valid *bool, holds bool) {
	tiles, err := lex.Tiles.Parse(c.Question, lexicon.ParseOptions{AllowBlank: true})
	if err != nil || len(tiles) == 0 {
		return nil, false
	}
	switch Kind(c.Kind) {
	case KindAnagram:
		return nil, len(lex.Anagrams(tiles)) > 0
	case KindHooks:
		return nil, lex.Contains(tiles)
	case KindJudge, KindTwos:
		v := lex.Contains(tiles)
		if c.Valid != nil && *c.Valid != v {
			return nil, false
		}
		return &v, Kind(c.Kind) != KindTwos || len(tiles) == 2
	}
	return nil, false
}

// showCard spells a card as its question shows it (CHA, C·H, [C][H]E), or as it is stored when
// it cannot be read under lex.
func showCard(lex *lexicon.Lexicon, c studystore.DeckCard) string {
	if q, err := CardQuestion(lex, c); err == nil {
		return q.Show
	}
	return c.Question
}
