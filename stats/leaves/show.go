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
	var byLen [equity.MaxLeave + 1][]Entry
	for i := 0; i < set.Len(); i++ {
		w := set.Leave(i)
		byLen[len(w)] = append(byLen[len(w)], Entry{w, l.LeaveValue(w)})
	}
	for k := 1; k <= equity.MaxLeave; k++ {
		es := byLen[k]
		slices.SortStableFunc(es, func(a, b Entry) int { return cmp.Compare(b.Value, a.Value) })
		m := min(n, len(es))
		best[k] = slices.Clone(es[:m])
		worst[k] = make([]Entry, 0, m)
		for i := len(es) - 1; i >= len(es)-m; i-- {
			worst[k] = append(worst[k], es[i])
		}
	}
	return best, worst
}
