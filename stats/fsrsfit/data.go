// Package fsrsfit fits FSRS-6's 21 parameters to a player's review log and measures how well
// parameters predict it. The recipe is fsrs-rs's (open-spaced-repetition's reference optimizer):
// initial stabilities from the first long-term reviews, then binary cross-entropy weighted
// towards recent reviews with an L2 pull towards the starting parameters scaled by their
// published spreads, minimised by Adam on a cosine schedule, parameters clamped to their ranges
// after every step, and the defaults when there are too few reviews. Predictions for checking
// parameters come from go-fsrs's model (package srs); the optimizer's own forward pass, which
// also yields the gradient, is tested against it.
//
// It must not import a front end (cmd, internal/web).
package fsrsfit

import (
	"cmp"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// Review is one graded review of a card.
type Review struct {
	Card   int64 // tells cards apart
	Order  int64 // the review's place in time across the whole log (a timestamp, a review number)
	DeltaT int   // whole days since the card's previous review (0 the same day); ignored for its first
	Rating int   // 1 again, 2 hard, 3 good, 4 easy
}

// Log is a review log grouped by card, each card's reviews in time order.
type Log struct {
	rating []int8
	delta  []int32 // days since the card's previous review; 0 for its first
	order  []int64
	cards  []span // each card's reviews: rating[start:end]
}

type span struct{ start, end int32 }

// Reviews is how many reviews the log holds.
func (l *Log) Reviews() int { return len(l.rating) }

// Cards is how many cards the log holds.
func (l *Log) Cards() int { return len(l.cards) }

// NewLog groups reviews by card (each card's in Order) and checks them.
func NewLog(reviews []Review) (*Log, error) {
	byCard := map[int64][]int{}
	var ids []int64
	for i, r := range reviews {
		if r.Rating < 1 || r.Rating > 4 {
			return nil, i18n.E("fsrs.err.rating", "Card", r.Card, "Rating", r.Rating)
		}
		if _, ok := byCard[r.Card]; !ok {
			ids = append(ids, r.Card)
		}
		byCard[r.Card] = append(byCard[r.Card], i)
	}
	l := &Log{
		rating: make([]int8, 0, len(reviews)),
		delta:  make([]int32, 0, len(reviews)),
		order:  make([]int64, 0, len(reviews)),
		cards:  make([]span, 0, len(ids)),
	}
	for _, id := range ids {
		idx := byCard[id]
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(reviews[a].Order, reviews[b].Order) })
		start := int32(len(l.rating))
		for k, i := range idx {
			r := reviews[i]
			d := int32(max(r.DeltaT, 0))
			if k == 0 {
				d = 0
			}
			l.rating = append(l.rating, int8(r.Rating))
			l.delta = append(l.delta, d)
			l.order = append(l.order, r.Order)
		}
		l.cards = append(l.cards, span{start, int32(len(l.rating))})
	}
	return l, nil
}

// Item is one prediction FSRS is judged on: a review that is not the card's first and comes at
// least a day after the one before (same-day reviews shape the memory but are not predicted).
type Item struct {
	Card  int32 // index in the log's cards
	Index int32 // the review's index within its card
}

// Items returns every item of the log in time order.
func (l *Log) Items() []Item {
	var out []Item
	for c, s := range l.cards {
		for k := s.start + 1; k < s.end; k++ {
			if l.delta[k] > 0 {
				out = append(out, Item{Card: int32(c), Index: k - s.start})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Item) int { return cmp.Compare(l.orderOf(a), l.orderOf(b)) })
	return out
}

func (l *Log) orderOf(it Item) int64 { return l.order[l.cards[it.Card].start+it.Index] }

func (l *Log) at(it Item) int32 { return l.cards[it.Card].start + it.Index }

// Split cuts time-ordered items into the first part (train) and the last share (test).
func Split(items []Item, testShare float64) (train, test []Item) {
	n := len(items)
	cut := n - int(float64(n)*testShare+0.5)
	cut = min(max(cut, 0), n)
	return items[:cut], items[cut:]
}

// FromStore turns the store's graded reviews into a log: a card is one card in one deck, days
// are calendar days in loc, and time order is the order the reviews were logged.
func FromStore(rs []studystore.Review, loc *time.Location) []Review {
	type key struct{ deck, card int64 }
	ids := map[key]int64{}
	lastDay := map[key]int64{}
	out := make([]Review, 0, len(rs))
	for i, r := range rs {
		k := key{r.DeckID, r.CardID}
		id, ok := ids[k]
		if !ok {
			id = int64(len(ids)) + 1
			ids[k] = id
		}
		day := dayNumber(r.At, loc)
		delta := -1
		if prev, ok := lastDay[k]; ok {
			delta = int(day - prev)
		}
		lastDay[k] = day
		out = append(out, Review{Card: id, Order: int64(i), DeltaT: delta, Rating: int(r.Rating)})
	}
	return out
}

func dayNumber(t time.Time, loc *time.Location) int64 {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// Caps of a review log: a million reviews take about 30 MB, and a line is a few dozen bytes.
const (
	MaxRevlogBytes = 1 << 30
	MaxRevlogLine  = 64 << 10
)

// ReadRevlog reads a review log in the srs-benchmark (FSRS dataset) form: CSV (RFC 4180,
// quoted fields allowed) with a header line naming at least card_id, review_th, delta_t and
// rating, each once (other columns are ignored), then one review a line; delta_t in days, -1
// for a card's first review; ratings 1-4. Errors name the file and line.
func ReadRevlog(r io.Reader, name string) ([]Review, error) {
	in := fileio.LimitLines(r, name, MaxRevlogBytes, MaxRevlogLine)
	cr := csv.NewReader(in)
	cr.FieldsPerRecord = -1 // checked here, naming the line
	cr.ReuseRecord = true
	col := map[string]int{}
	need := []string{"card_id", "review_th", "delta_t", "rating"}
	var out []Review
	for {
		fields, err := cr.Read()
		if err == io.EOF {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			switch {
			case errors.As(err, new(*fileio.LineTooLongError)), errors.As(err, new(*fileio.TooBigError)):
				return nil, err
			case errors.As(err, &pe):
				return nil, i18n.Wrap(pe.Err, "fsrs.err.read", "File", name, "Line", pe.Line)
			}
			return nil, i18n.Wrap(err, "fsrs.err.read", "File", name, "Line", line)
		}
		if len(col) == 0 {
			for i, f := range fields {
				f = strings.TrimSpace(f)
				if i == 0 {
					f = strings.TrimPrefix(f, "\ufeff")
				}
				if _, dup := col[f]; dup && slices.Contains(need, f) {
					return nil, i18n.E("fsrs.err.duplicate_column", "File", name, "Line", line, "Column", f)
				}
				col[f] = i
			}
			for _, n := range need {
				if _, ok := col[n]; !ok {
					return nil, i18n.E("fsrs.err.header", "File", name, "Line", line, "Column", n)
				}
			}
			continue
		}
		if len(fields) == 1 && strings.TrimSpace(fields[0]) == "" {
			continue // a line of blanks
		}
		var v [4]int64
		for j, n := range need {
			i := col[n]
			if i >= len(fields) {
				return nil, i18n.E("fsrs.err.fields", "File", name, "Line", line, "Want", len(col), "Got", len(fields))
			}
			x, err := strconv.ParseInt(strings.TrimSpace(fields[i]), 10, 64)
			if err != nil {
				return nil, i18n.E("fsrs.err.number", "File", name, "Line", line, "Column", n, "Value", i18n.Quote(fields[i]))
			}
			v[j] = x
		}
		if v[3] < 1 || v[3] > 4 {
			return nil, i18n.E("fsrs.err.csv_rating", "File", name, "Line", line, "Value", v[3])
		}
		if v[2] < -1 {
			return nil, i18n.E("fsrs.err.delta", "File", name, "Line", line, "Value", v[2])
		}
		out = append(out, Review{Card: v[0], Order: v[1], DeltaT: int(v[2]), Rating: int(v[3])})
	}
	if len(col) == 0 {
		return nil, i18n.E("fsrs.err.empty", "File", name)
	}
	return out, nil
}
