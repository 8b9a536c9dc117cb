package drills

import (
	"slices"

	"github.com/atril-scrabble/atril/internal/i18n"

	"github.com/atril-scrabble/atril/lexicon"
)

// DigraphOptions select a digraph drill: short words built on the CH, LL and RR tiles.
type DigraphOptions struct {
	Count          int
	Seed           uint64
	MinLen, MaxLen int // tiles, 2-5 by default
}

// Digraphs makes a mix of questions on words with a digraph tile, every tile shown apart
// (CH·I·C·O):
//   - 4 in 10: a rack with a digraph tile, answered with every word of it;
//   - 2 in 10: a real word, valid;
//   - 3 in 10: the rule trap, a real word with its digraph tile split into two letter tiles
//     (C·H·I·C·O), never valid;
//   - 1 in 10: a phony with a digraph tile: a form the lexicon's morphology predicts and the
//     lexicon lacks (decoys), or a real word with one tile changed.
func Digraphs(lex *lexicon.Lexicon, opt DigraphOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	ts := lex.Tiles
	splits := digraphSplits(ts)
	if len(splits) == 0 {
		return nil, i18n.E("drill.err.no_digraph_tiles", "Set", ts.Name)
	}
	all, err := WordRange{MinLen: opt.MinLen, MaxLen: opt.MaxLen}.words(lex)
	if err != nil {
		return nil, err
	}
	var pool [][]lexicon.Tile
	for _, w := range all {
		if slices.ContainsFunc(w, func(t lexicon.Tile) bool { return splits[t] != nil }) {
			pool = append(pool, w)
		}
	}
	if len(pool) == 0 {
		return nil, i18n.E("drill.err.no_digraph_words", "Min", opt.MinLen, "Max", opt.MaxLen, "Lexicon", lex.Name)
	}
	n := opt.Count
	if n == 0 {
		n = sheetCount
	}
	rng := newRand(opt.Seed)
	pm := newPhonyMaker(lex, rng, all)
	hasDigraph := func(w []lexicon.Tile) bool {
		return slices.ContainsFunc(w, func(t lexicon.Tile) bool { return splits[t] != nil })
	}
	phonies := decoys(lex, rng, pm, pool, n/5+2, hasDigraph)
	seen := map[string]bool{}
	var qs []Question
	for tries := 0; len(qs) < n && tries < 100*n; tries++ {
		w := pool[rng.IntN(len(pool))]
		var q Question
		switch r := rng.IntN(10); {
		case r < 4:
			q = anagramQuestion(lex, lexicon.Alphagram(w))
			q.Kind = KindDigraphs
			q.Card = "rack " + q.Card
			q.Show = ShowSeparated(ts, q.rack)
		case r < 6:
			q = digraphJudge(ts, w, true, Text{})
		case r < 9:
			split, dg := splitDigraph(rng, w, splits)
			if lex.Contains(split) {
				continue // never in a real lexicon; a made-up one may hold anything
			}
			// what a trap teaches: C·H are two tiles, never the CH tile: the word is CH·I·C·O
			q = digraphJudge(ts, split, false, T("drill.note.trap", "Pair", ShowSeparated(ts, splits[dg]), "Tile", ts.Label(dg), "Word", ShowSeparated(ts, w)))
		default:
			var ph Phony
			if len(phonies) > 0 {
				ph, phonies = phonies[0], phonies[1:]
			} else if made, ok := pm.make(w); ok && hasDigraph(made.Word) {
				ph = made
			} else {
				continue
			}
			q = digraphJudge(ts, ph.Word, false, phonyNote(ts, ph, func(w []lexicon.Tile) string { return ShowSeparated(ts, w) }))
		}
		if seen[q.Card] {
			continue
		}
		seen[q.Card] = true
		qs = append(qs, q)
	}
	if len(qs) < n {
		return nil, i18n.E("drill.err.digraph_questions", "Made", len(qs), "Want", n, "Min", opt.MinLen, "Max", opt.MaxLen)
	}
	return qs, nil
}

func digraphJudge(ts *lexicon.TileSet, w []lexicon.Tile, valid bool, note Text) Question {
	return Question{
		Kind: KindDigraphs, Form: FormYesNo,
		Card: ts.Notation(w), Show: ShowSeparated(ts, w), Ask: T("drill.ask.digraph"),
		Valid: valid, Note: note, tiles: w,
	}
}

// digraphSplits maps each digraph tile whose label is two of the set's letters (CH → C, H) to
// those two tiles.
func digraphSplits(ts *lexicon.TileSet) map[lexicon.Tile][]lexicon.Tile {
	out := map[lexicon.Tile][]lexicon.Tile{}
	for t := 1; t < ts.Size(); t++ {
		tile := lexicon.Tile(t)
		if !ts.IsDigraph(tile) {
			continue
		}
		rs := []rune(ts.Label(tile))
		a, okA := ts.Tile(string(rs[0]))
		b, okB := ts.Tile(string(rs[1:]))
		if okA && okB {
			out[tile] = []lexicon.Tile{a, b}
		}
	}
	return out
}

// splitDigraph replaces one digraph tile of w, chosen at random, by its two letter tiles, and
// says which it was.
func splitDigraph(rng interface{ IntN(int) int }, w []lexicon.Tile, splits map[lexicon.Tile][]lexicon.Tile) ([]lexicon.Tile, lexicon.Tile) {
	var at []int
	for i, t := range w {
		if splits[t] != nil {
			at = append(at, i)
		}
	}
	i := at[rng.IntN(len(at))]
	out := slices.Clone(w[:i])
	out = append(out, splits[w[i]]...)
	return append(out, w[i+1:]...), w[i]
}
