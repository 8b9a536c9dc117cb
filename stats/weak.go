package stats

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// WeakWord is a question the player finds hard.
type WeakWord struct {
	Lexicon     string  `json:"lexicon"`
	Kind        string  `json:"kind"` // card kind or drill
	Question    string  `json:"question"`
	CardID      int64   `json:"card_id,omitempty"`
	Answers     int     `json:"answers"`
	Misses      int     `json:"misses"`
	MissRate    float64 `json:"miss_rate"`
	MissLow     float64 `json:"miss_rate_low"` // Wilson 95%: the list is sorted by it
	MeanSeconds float64 `json:"mean_seconds"`
	// Recall is the recall model's probability of a right answer now (-1 without a model).
	Recall float64   `json:"recall"`
	Last   time.Time `json:"last"`
}

// Weak is what `atril stats weak` shows: three lists of the weakest questions.
type Weak struct {
	// MostMissed: by the lower end of the miss rate's 95% interval, so that one miss in one
	// answer does not outrank eight in ten.
	MostMissed []WeakWord `json:"most_missed"`
	// Slowest: by the mean time of the answers, among questions answered at least twice.
	Slowest []WeakWord `json:"slowest"`
	// LowestRecall: by the recall model's probability of a right answer now.
	LowestRecall []WeakWord `json:"lowest_recall"`
	Model        *Model     `json:"model,omitempty"`
}

// WeakOptions choose the lists.
type WeakOptions struct {
	Now     time.Time
	Limit   int    // per list; 0 means 20
	Lexicon string // only questions of this lexicon ("" all)
	Unsaved Unsaved
}

// FindWeak builds the lists from the stats sums (run Update first); model may be nil (no
// recall list then).
func FindWeak(ctx context.Context, st *studystore.Store, model *Model, o WeakOptions) (Weak, error) {
	qs, err := storedQuestions(ctx, st, o.Unsaved)
	if err != nil {
		return Weak{}, err
	}
	limit := o.Limit
	if limit <= 0 {
		limit = 20
	}
	var all []WeakWord
	for _, q := range qs {
		if o.Lexicon != "" && !lexicon.SameName(q.Lexicon, o.Lexicon) {
			continue
		}
		w := WeakWord{Lexicon: q.Lexicon, Kind: q.Kind, Question: q.Question, CardID: q.CardID,
			Answers: int(q.Answers), Misses: int(q.Answers - q.Correct), Last: q.LastAt, Recall: -1}
		if w.Answers > 0 {
			w.MissRate = float64(w.Misses) / float64(w.Answers)
			w.MeanSeconds = float64(q.TimeMS) / 1000 / float64(w.Answers)
		}
		w.MissLow, _ = interval.Wilson(float64(w.Misses), float64(w.Answers))
		if model != nil {
			f := Features{Tiles: q.Tiles, Digraphs: q.Digraphs, Blanks: q.Blanks, Rank: q.Rank, RankOf: q.RankOf}
			w.Recall = model.Recall(f, q.Answers, o.Now.Sub(q.LastAt).Hours()/24)
		}
		all = append(all, w)
	}
	weak := Weak{Model: model}
	missed := slices.DeleteFunc(slices.Clone(all), func(w WeakWord) bool { return w.Misses == 0 })
	slices.SortStableFunc(missed, func(a, b WeakWord) int {
		return cmp.Or(cmp.Compare(b.MissLow, a.MissLow), cmp.Compare(b.Misses, a.Misses), cmp.Compare(a.Question, b.Question))
	})
	weak.MostMissed = head(missed, limit)
	slow := slices.DeleteFunc(slices.Clone(all), func(w WeakWord) bool { return w.Answers < 2 })
	slices.SortStableFunc(slow, func(a, b WeakWord) int {
		return cmp.Or(cmp.Compare(b.MeanSeconds, a.MeanSeconds), cmp.Compare(a.Question, b.Question))
	})
	weak.Slowest = head(slow, limit)
	if model != nil {
		low := slices.Clone(all)
		slices.SortStableFunc(low, func(a, b WeakWord) int {
			return cmp.Or(cmp.Compare(a.Recall, b.Recall), cmp.Compare(a.Question, b.Question))
		})
		weak.LowestRecall = head(low, limit)
	}
	return weak, nil
}

func head(ws []WeakWord, n int) []WeakWord {
	if len(ws) > n {
		ws = ws[:n]
	}
	if ws == nil {
		return []WeakWord{}
	}
	return ws
}

// All is every question on the three lists, once each, most missed first.
func (w Weak) All() []WeakWord {
	seen := map[[3]string]bool{}
	var out []WeakWord
	for _, list := range [][]WeakWord{w.MostMissed, w.LowestRecall, w.Slowest} {
		for _, q := range list {
			k := [3]string{q.Lexicon, q.Kind, q.Question}
			if !seen[k] {
				seen[k] = true
				out = append(out, q)
			}
		}
	}
	return out
}
