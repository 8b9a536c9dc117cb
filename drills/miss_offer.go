package drills

import (
	"context"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// OfferMisses puts a drill's missed questions (sum's, of kind k) into a deck: deckOut, or, when
// deckOut is empty, the one the player names when offered on r (not after an interruption, nor
// when the drill did not finish, nor when the input has ended). It says on r what it added.
func (r *Runner) OfferMisses(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, k Kind, deckOut string, interrupted bool, sum Summary) error {
	p := r.P
	misses := sum.Misses()
	kinds, cards := MissOffer(lex, k, misses)
	if cards == 0 {
		return nil
	}
	kind := kinds[0]
	name := deckOut
	if name == "" {
		if interrupted || sum.Stopped != "done" {
			return nil
		}
		suggest := MissDeckName(p, kind)
		for name == "" {
			line, ok := r.Ask(ctx, p.N("drill.offer.prompt", cards, "Deck", suggest))
			if !ok {
				r.Say("")
				return nil
			}
			yes, isYesNo := i18n.Yes(line)
			switch {
			case line == "" || isYesNo && !yes:
				return nil
			case isYesNo:
				name = suggest
			case strings.ContainsAny(line, " \t"):
				r.Say(p.T("drill.offer.retry"))
			default:
				name = line
			}
		}
	}
	added, err := FileMisses(ctx, st, lex, p, k, name, misses)
	for _, a := range added {
		r.Say(DeckAddedText(p, a))
	}
	return err
}

// SessionOptions are a drill's options as its session keeps them, to say how to replay it: the
// seed and count, the deck it drew from and its time limit when there were, and extra (the
// drill's own).
func SessionOptions(seed uint64, count int, deck string, timeLimit time.Duration, extra map[string]any) map[string]any {
	opts := map[string]any{"seed": seed, "count": count}
	if deck != "" {
		opts["deck"] = deck
	}
	if timeLimit > 0 {
		opts["time_limit_ms"] = timeLimit.Milliseconds()
	}
	for k, v := range extra {
		opts[k] = v
	}
	return opts
}
