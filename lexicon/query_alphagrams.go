package lexicon

import (
	"slices"
	"strconv"
)

// AlphagramResult is one alphagram of a search by alphagram: its words that meet the
// conditions, its probability (that of any of its words: the same tiles) and its rank among
// the alphagrams of its length (1 = most probable), as Zyzzyva's and Aerolith's lists rank
// racks.
type AlphagramResult struct {
	Alphagram   []Tile
	Words       [][]Tile
	Probability float64
	Rank        int
}

// SearchAlphagrams is Search grouped by alphagram: the words meeting q's conditions, one entry
// for each alphagram they make, most probable first (ties in alphabet order); q's top keeps
// that many alphagrams, not words ("length:7 top:1000": the 1,000 most probable seven-tile
// alphagrams). Ranks are among the alphagrams of the lexicon of that length.
func (l *Lexicon) SearchAlphagrams(q Search) ([]AlphagramResult, error) {
	top := q.Top
	q.Top = 0
	results, err := l.Search(q)
	if err != nil {
		return nil, err
	}
	out := l.groupAlphagrams(results)
	if top > 0 && len(out) > top {
		out = out[:top]
	}
	// Ranks among every alphagram of each length.
	ts := l.Tiles
	ranks := map[string]int{}
	done := map[int]bool{}
	for _, a := range out {
		n := len(a.Alphagram)
		if done[n] {
			continue
		}
		done[n] = true
		var all Search
		if err := all.Set("length", strconv.Itoa(n), ts); err != nil {
			return nil, err
		}
		words, err := l.Search(all)
		if err != nil {
			return nil, err
		}
		for i, g := range l.groupAlphagrams(words) {
			ranks[ts.Notation(g.Alphagram)] = i + 1
		}
	}
	for i := range out {
		out[i].Rank = ranks[ts.Notation(out[i].Alphagram)]
	}
	return out, nil
}

// groupAlphagrams groups results by alphagram, most probable first (ties: shorter, then in
// alphabet order), each alphagram's words in alphabet order.
func (l *Lexicon) groupAlphagrams(results []Result) []AlphagramResult {
	ts := l.Tiles
	byKey := map[string]int{}
	var out []AlphagramResult
	for _, r := range results {
		key := ts.Notation(r.Alphagram)
		i, ok := byKey[key]
		if !ok {
			i = len(out)
			byKey[key] = i
			out = append(out, AlphagramResult{Alphagram: r.Alphagram, Probability: r.Probability})
		}
		out[i].Words = append(out[i].Words, r.Word)
	}
	slices.SortFunc(out, func(a, b AlphagramResult) int {
		if a.Probability != b.Probability {
			if a.Probability > b.Probability {
				return -1
			}
			return 1
		}
		if len(a.Alphagram) != len(b.Alphagram) {
			return len(a.Alphagram) - len(b.Alphagram)
		}
		return slices.Compare(a.Alphagram, b.Alphagram)
	})
	for i := range out {
		slices.SortFunc(out[i].Words, func(a, b []Tile) int { return slices.Compare(a, b) })
	}
	return out
}
