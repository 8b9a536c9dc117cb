package drills

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Due is the questions to review at now (at most max, of the deck deckID or of every deck when
// it is 0), how many more are due under other lexicons, and the decks they are in.
func (r *Review) Due(ctx context.Context, now time.Time, deckID int64, max int) (qs []Question, other int, elsewhere []DeckDue, err error) {
	qs, other, err = r.Questions(ctx, now, deckID, max)
	if err != nil || other == 0 {
		return qs, other, nil, err
	}
	elsewhere, err = Elsewhere(ctx, r.Store, now, r.Lex.Name)
	return qs, other, elsewhere, err
}

// NothingDueText is what to say when nothing is due under the review's lexicon: that, or that
// there are no cards yet, and what is due elsewhere.
func (r *Review) NothingDueText(ctx context.Context, p *i18n.Printer, elsewhere []DeckDue) string {
	msg := p.T("review.nothing_due", "Lexicon", r.Lex.Name)
	if empty, err := NoDecks(ctx, r.Store); err == nil && empty {
		msg = p.T("review.no_cards_yet")
	}
	if s := ElsewhereText(p, elsewhere); s != "" {
		msg += "\n" + s
	}
	return msg
}

// StillDueLines says what is still due after the review (of the deck deckID, or of every deck
// when it is 0) and when the next learning step comes; none when that cannot be read.
func (r *Review) StillDueLines(ctx context.Context, p *i18n.Printer, now func() time.Time, deckID int64) []string {
	left, err := StillDue(ctx, r.Store, now(), deckID, r.Lex.Name)
	if err != nil {
		return nil
	}
	_, left.Next = r.Learning()
	left.Now = now()
	return left.Lines(p)
}
