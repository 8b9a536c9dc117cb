package drills

import (
	"context"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// DrillSession is one drill asked and saved: its kind, the deck its questions came from (0 for
// none), the options saved with it (SessionOptions) and the deck its missed questions go into
// (DeckOut, "" to offer one).
type DrillSession struct {
	Store   *studystore.Store
	Lex     *lexicon.Lexicon
	Kind    Kind
	DeckID  int64
	Options map[string]any
	DeckOut string
}

// Ask asks qs on r in a session of the store, r's Recorder saving each answer; then, after
// Ctrl-C (a cancelled ctx) too, it puts the missed questions into a deck (OfferMisses) and
// says on r what is due next. The session is ended whatever the asking returns.
func (d DrillSession) Ask(ctx context.Context, r *Runner, qs []Question) (Summary, error) {
	rec, err := StartSession(d.Store, d.Kind, d.Lex.Name, d.DeckID, d.Options)
	if err != nil {
		return Summary{}, err
	}
	r.Recorder = rec
	sum, runErr := r.Run(ctx, qs)
	endErr := rec.End()
	if runErr != nil {
		return sum, runErr
	}
	if endErr != nil {
		return sum, endErr
	}
	after := context.WithoutCancel(ctx)
	if err := r.OfferMisses(after, d.Store, d.Lex, d.Kind, d.DeckOut, ctx.Err() != nil, sum); err != nil {
		return sum, err
	}
	if up, err := DueNext(after, d.Store, r.Now(), d.Lex.Name); err == nil {
		if s := up.Text(r.P, r.Now()); s != "" {
			r.Say(s)
		}
	}
	return sum, nil
}

// Session asks qs, the cards Due picked from deck deckID (0: every deck), on r in a review
// session of the store, r's Recorder being rv: first it names the decks left waiting under other
// lexicons (elsewhere), after the last answer, Ctrl-C included, what is still due. The session
// is ended whatever the asking returns; options are saved with it.
func (rv *Review) Session(ctx context.Context, r *Runner, qs []Question, deckID int64, elsewhere []DeckDue, options any) (Summary, error) {
	if err := rv.Start(ctx, deckID, options); err != nil {
		return Summary{}, err
	}
	r.Recorder = rv
	if s := ElsewhereText(r.P, elsewhere); s != "" {
		r.Say(s)
	}
	sum, runErr := r.Run(ctx, qs) // Ctrl-C cancels ctx: the review stops, answers kept
	ctx = context.WithoutCancel(ctx)
	endErr := rv.End(ctx)
	if runErr != nil {
		return sum, runErr
	}
	if endErr != nil {
		return sum, endErr
	}
	for _, l := range rv.StillDueLines(ctx, r.P, r.Now, deckID) {
		r.Say(l)
	}
	return sum, nil
}
