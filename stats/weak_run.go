package stats

import (
	"context"
	"errors"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// WeakReport is the weak questions and, when they were filed into a deck, the deck, its kind
// and how many cards went in: what `atril stats weak --json` writes.
type WeakReport struct {
	Weak
	Deck  string `json:"deck,omitempty"`
	Kind  string `json:"deck_kind,omitempty"`
	Added int    `json:"added,omitempty"`
}

// WeakRequest is what ReportWeak is asked for: the limit and, to file the weak questions into a
// deck, its name and kind (the kind may be empty) and the lexicon of its cards.
type WeakRequest struct {
	Now     time.Time
	Limit   int
	Unsaved Unsaved
	Deck    string
	Kind    string
	Lexicon *lexicon.Lexicon // required with Deck
}

// ReportWeak finds the weakest questions in st, ranked by the recall model when there are
// enough answers to fit one (by misses otherwise), and files them into r.Deck when it is given.
func ReportWeak(ctx context.Context, st *studystore.Store, r WeakRequest) (WeakReport, error) {
	var model *Model
	switch m, err := RecallModel(ctx, st, r.Unsaved); {
	case err == nil:
		model = &m
	case !errors.Is(err, ErrNoFit):
		return WeakReport{}, err
	}
	o := WeakOptions{Now: r.Now, Limit: r.Limit, Unsaved: r.Unsaved}
	if r.Deck != "" {
		o.Lexicon = r.Lexicon.Name
	}
	w, err := FindWeak(ctx, st, model, o)
	if err != nil {
		return WeakReport{}, err
	}
	out := WeakReport{Weak: w}
	if r.Deck != "" {
		kind, added, err := WeakDeck(ctx, st, r.Lexicon, r.Deck, r.Kind, w.All())
		if errors.Is(err, ErrNoWeakCards) {
			return out, i18n.E("stats.weak.no_cards", "Deck", r.Deck, "Lexicon", r.Lexicon.Name)
		}
		if err != nil {
			return out, err
		}
		out.Deck, out.Kind, out.Added = r.Deck, kind, added
	}
	return out, nil
}

// Doc is the report for a reader, in p's language.
func (r WeakReport) Doc(p *i18n.Printer) *ui.Doc {
	d := r.Weak.Doc(p)
	if r.Deck != "" {
		d.P(p.T("stats.weak.deck_added", "Deck", r.Deck, "Cards", p.N("stats.count.cards", r.Added),
			"Kind", drills.NameAs(p, drills.Kind(r.Kind), drills.InReport)))
	}
	return d
}
