package equity

import "github.com/atril-scrabble/atril/lexicon"

// SubLeaves values every sub-multiset of a rack in one walk of the table, sharing the lookups
// of common prefixes (a move generator's per-turn leave map): 2^7 leaves cost about as much as a
// dozen separate LeaveValue calls.
//
// The rack is given by its distinct tiles in increasing order (the blank, tile 0, first) and
// how many of each it holds. out[i] is set for every i below the product of (counts[j]+1): the
// value of the leave that keeps digit j of i copies of distinct[j], i read in mixed radix with
// digit 0 least significant and digit j of base counts[j]+1. The empty leave and leaves absent
// from the table are worth 0, as with LeaveValue.
func (k *KLV) SubLeaves(distinct []lexicon.Tile, counts []uint8, out []float64) {
	size := 1
	for _, c := range counts[:len(distinct)] {
		size *= int(c) + 1
	}
	clear(out[:size])
	if k.g == nil {
		return
	}
	w := subLeaveWalk{k: k, distinct: distinct, counts: counts, out: out}
	w.walk(0, k.g.DawgRoot(), 0, 0, -1, 1)
}

type subLeaveWalk struct {
	k        *KLV
	distinct []lexicon.Tile
	counts   []uint8
	out      []float64
}

// walk decides how many copies of distinct[j] and later tiles the leave keeps. list and idx
// are the DAWG list and word index the next tile continues from; word is the index of the leave
// spelled so far (-1 if it is empty or not in the table); at is its place in out and weight the
// place value of digit j.
func (w *subLeaveWalk) walk(j int, list, idx uint32, at int, word int, weight int) {
	if j == len(w.distinct) {
		if word >= 0 && word < len(w.k.values) {
			w.out[at] = float64(w.k.values[word])
		}
		return
	}
	next := weight * (int(w.counts[j]) + 1)
	w.walk(j+1, list, idx, at, word, next)
	g, counts, t := w.k.g, w.k.counts, w.distinct[j]
	for c := 1; c <= int(w.counts[j]); c++ {
		// One more copy of t: find it in the list, counting the words of earlier siblings.
		if list == 0 {
			return // no leave in the table has this prefix: its values stay 0
		}
		idx += counts[list]
		p := list
		for g.Tile(p) != t {
			if g.IsEnd(p) {
				return
			}
			p++
		}
		idx -= counts[p]
		word = -1
		if g.Accepts(p) {
			word = int(idx)
			idx++
		}
		list = g.ArcIndex(p)
		w.walk(j+1, list, idx, at+c*weight, word, next)
	}
}
