package leaves

import (
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// Entry is a leave (tiles ascending, the blank first) and its value.
type Entry struct {
	Leave []lexicon.Tile
	Value float64
}

// Extremes lists a table's n best and n worst leaves of each length 1..MaxLeave (index 0 is
// empty), best first and worst first; ties go to the leave first in word order among the best
// and last in word order among the worst (the ends of one list sorted by value, then word order).
// A table has over a million leaves and n is a handful: each length keeps its n best and n
// worst so far instead of sorting them all.
func Extremes(set *equity.LeaveSet, l equity.Leaves, n int) (best, worst [equity.MaxLeave + 1][]Entry) {
	if n < 0 {
		n = 0
	}
	var seen [equity.MaxLeave + 1]bool
	for i := 0; i < set.Len(); i++ {
		w := set.Leave(i)
		k := len(w)
		if !seen[k] {
			seen[k] = true
			best[k], worst[k] = make([]Entry, 0, n), make([]Entry, 0, n)
		}
		e := Entry{w, l.LeaveValue(w)}
		// Leaves come in word order, so a later leave of equal value goes after the best kept
		// and before the worst kept.
		best[k] = keepTop(best[k], n, e, func(kept Entry) bool { return e.Value > kept.Value })
		worst[k] = keepTop(worst[k], n, e, func(kept Entry) bool { return e.Value <= kept.Value })
	}
	for k := 1; k <= equity.MaxLeave; k++ {
		if !seen[k] {
			worst[k] = []Entry{} // as JSON, an empty list (the best stay null)
		}
	}
	return best, worst
}

// keepTop inserts e into list (at most n long, ordered) before the first entry it goes before,
// dropping the last entry when the list is full.
func keepTop(list []Entry, n int, e Entry, goesBefore func(Entry) bool) []Entry {
	if len(list) == n && (n == 0 || !goesBefore(list[n-1])) {
		return list
	}
	at := len(list)
	for at > 0 && goesBefore(list[at-1]) {
		at--
	}
	if len(list) < n {
		list = append(list, Entry{})
	}
	copy(list[at+1:], list[at:len(list)-1])
	list[at] = e
	return list
}
