package leaves

import (
	"cmp"
	"slices"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// Entry is a leave (tiles ascending, the blank first) and its value.
type Entry struct {
	Leave []lexicon.Tile
	Value float64
}

// Extremes lists a table's n best and n worst leaves of each length 1..MaxLeave (index 0 is
// empty), best first and worst first; ties go to the leave first in word order.
func Extremes(set *equity.LeaveSet, l equity.Leaves, n int) (best, worst [equity.MaxLeave + 1][]Entry) {
	// An entry's place in word order breaks ties: sorting by value and then place is the
	// stable sort by value, and pdqsort is several times quicker than a stable sort.
	type placed struct {
		Entry
		at int
	}
	var byLen [equity.MaxLeave + 1][]placed
	for i := 0; i < set.Len(); i++ {
		w := set.Leave(i)
		byLen[len(w)] = append(byLen[len(w)], placed{Entry{w, l.LeaveValue(w)}, i})
	}
	for k := 1; k <= equity.MaxLeave; k++ {
		es := byLen[k]
		slices.SortFunc(es, func(a, b placed) int {
			return cmp.Or(cmp.Compare(b.Value, a.Value), cmp.Compare(a.at, b.at))
		})
		m := min(n, len(es))
		if es != nil {
			best[k] = make([]Entry, 0, m)
		}
		for _, e := range es[:m] {
			best[k] = append(best[k], e.Entry)
		}
		worst[k] = make([]Entry, 0, m)
		for i := len(es) - 1; i >= len(es)-m; i-- {
			worst[k] = append(worst[k], es[i].Entry)
		}
	}
	return best, worst
}
