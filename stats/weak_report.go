package stats

import (
	"context"
	"errors"
	"strings"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Doc draws the weak-word lists.
func (w Weak) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().H1(p.T("stats.weak.title"))
	if len(w.MostMissed) == 0 && len(w.Slowest) == 0 && len(w.LowestRecall) == 0 {
		return d.P(p.T("stats.weak.none"))
	}
	if len(w.MostMissed) > 0 {
		d.H2(p.T("stats.weak.missed"))
		t := ui.NewTable(ui.Col{Header: p.T("stats.weak.col.question")}, ui.Col{Header: p.T("stats.weak.col.kind"), Shrink: true},
			ui.Col{Header: p.T("stats.weak.col.misses"), Right: true}, ui.Col{Header: p.T("stats.weak.col.miss_rate"), Right: true})
		for _, q := range w.MostMissed {
			t.Row(q.Question, drills.NameAs(p, drills.Kind(q.Kind), drills.InReport), p.T("stats.weak.of", "Misses", p.Int(q.Misses), "Answers", p.Int(q.Answers)),
				accuracy(p, Row{Answers: q.Answers, Accuracy: q.MissRate, AccuracyLow: q.MissLow, AccuracyHigh: missHigh(q)}))
		}
		d.Table(t)
	}
	if len(w.Slowest) > 0 {
		d.H2(p.T("stats.weak.slowest"))
		t := ui.NewTable(ui.Col{Header: p.T("stats.weak.col.question")}, ui.Col{Header: p.T("stats.weak.col.kind"), Shrink: true},
			ui.Col{Header: p.T("stats.weak.col.mean_time"), Right: true}, ui.Col{Header: p.T("stats.col.answers"), Right: true})
		for _, q := range w.Slowest {
			t.Row(q.Question, drills.NameAs(p, drills.Kind(q.Kind), drills.InReport), seconds(p, q.MeanSeconds), p.Int(q.Answers))
		}
		d.Table(t)
	}
	if len(w.LowestRecall) > 0 {
		d.H2(p.T("stats.weak.recall"))
		t := ui.NewTable(ui.Col{Header: p.T("stats.weak.col.question")}, ui.Col{Header: p.T("stats.weak.col.kind"), Shrink: true},
			ui.Col{Header: p.T("stats.weak.col.recall"), Right: true}, ui.Col{Header: p.T("stats.weak.col.last"), Right: true})
		for _, q := range w.LowestRecall {
			t.Row(q.Question, drills.NameAs(p, drills.Kind(q.Kind), drills.InReport), p.Percent(q.Recall, 0), p.Date(q.Last))
		}
		d.Table(t)
	} else if w.Model == nil {
		d.Note(p.T("stats.weak.no_model", "Min", MinModelAnswers))
	}
	return d
}

func missHigh(q WeakWord) float64 {
	_, hi := interval.Wilson(float64(q.Misses), float64(q.Answers))
	return hi
}

// ErrNoWeakCards is returned by WeakDeck when no weak question is a card of the deck's kind
// under the lexicon.
var ErrNoWeakCards = errors.New("stats: no weak question fits the deck")

// WeakDeck puts the weak questions of one deck kind (anagram, hooks, judge, twos) asked under
// lex into the deck name, as drills.SaveMisses puts a drill's misses: the deck is created if
// new (FSRS, the default settings), and one that exists must have that kind and lex. Without a
// kind, an existing deck's own is taken, else the kind with the most weak questions. It
// returns the kind and how many cards were added.
func WeakDeck(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, name, kind string, words []WeakWord) (string, int, error) {
	byKind := map[string][]drills.Miss{}
	for _, w := range words {
		if !lexicon.SameName(w.Lexicon, lex.Name) || !isDeckKind(w.Kind) {
			continue
		}
		tiles := readTiles(lex.Tiles, w.Question)
		if len(tiles) == 0 {
			continue
		}
		byKind[w.Kind] = append(byKind[w.Kind], drills.Miss{Word: w.Question, Tiles: tiles})
	}
	if kind == "" {
		if d, err := st.DeckByName(ctx, name); err == nil {
			kind = d.Kind
		} else if !errors.Is(err, studystore.ErrNoDeck) {
			return "", 0, err
		}
	}
	if kind == "" {
		for _, k := range drills.DeckKinds {
			if len(byKind[string(k)]) > len(byKind[kind]) {
				kind = string(k)
			}
		}
	}
	if kind == "" || len(byKind[kind]) == 0 {
		return kind, 0, ErrNoWeakCards
	}
	out, err := drills.SaveMisses(ctx, st, lex, name, drills.Kind(kind), byKind[kind])
	if err != nil {
		return kind, 0, err
	}
	return kind, out.Added, nil
}

func isDeckKind(k string) bool {
	for _, dk := range drills.DeckKinds {
		if string(dk) == k {
			return true
		}
	}
	return false
}

// Doc draws the recall model in words.
func (m Model) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().H1(p.T("stats.model.title"))
	d.P(p.T("stats.model.intro", "Answers", p.N("stats.count.answers", m.Answers), "Misses", p.Int(m.Misses)))
	var items []string
	for _, e := range m.Ranked() {
		verdict := p.T("stats.model.no_effect")
		if e.Matters {
			verdict = p.T("stats.model.matters")
		}
		items = append(items, p.T("stats.model.effect", "Feature", FeatureName(p, e.Feature),
			"Ratio", p.Float(e.OddsRatio, 2), "Low", p.Float(e.Low, 2), "High", p.Float(e.High, 2), "Verdict", verdict))
	}
	d.List(items...)
	if len(m.Dropped) > 0 {
		var names []string
		for _, f := range m.Dropped {
			names = append(names, FeatureName(p, f))
		}
		d.Note(p.T("stats.model.dropped", "Features", strings.Join(names, "; ")))
	}
	return d
}

// FeatureName says what one unit of a model feature is.
func FeatureName(p *i18n.Printer, f string) string {
	switch f {
	case FeatTiles:
		return p.T("stats.model.feature.tiles")
	case FeatRank:
		return p.T("stats.model.feature.rank")
	case FeatDigraphs:
		return p.T("stats.model.feature.digraphs")
	case FeatBlanks:
		return p.T("stats.model.feature.blanks")
	case FeatReviews:
		return p.T("stats.model.feature.reviews")
	case FeatDays:
		return p.T("stats.model.feature.days")
	}
	return f
}
