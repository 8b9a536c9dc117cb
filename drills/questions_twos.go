package drills

import (
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"

	"github.com/atril-scrabble/atril/lexicon"
)

// TwoTileWords lists every word of exactly two tiles in the lexicon, in alphabet order: the list
// the twos drill asks from (91 in the official list since FISE's 2016 update, CHA CHE CHO LLE
// among them).
func TwoTileWords(lex *lexicon.Lexicon) [][]lexicon.Tile {
	var out [][]lexicon.Tile
	n := lex.Tiles.NumLetters()
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			w := []lexicon.Tile{lexicon.Tile(a), lexicon.Tile(b)}
			if lex.Contains(w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// TwosOptions select a twos drill.
type TwosOptions struct {
	Count int
	Seed  uint64
	// ByTile asks, for a tile, every two-tile word with it; Tiles limits which tiles (labels,
	// any spelling), all letters when empty. Without ByTile each question is one two-tile
	// combination to judge, half of them words.
	ByTile bool
	Tiles  []string
}

// Twos makes two-tile questions.
func Twos(lex *lexicon.Lexicon, opt TwosOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	ts := lex.Tiles
	twos := TwoTileWords(lex)
	if len(twos) == 0 {
		return nil, i18n.E("drill.err.no_twos", "Lexicon", lex.Name)
	}
	rng := newRand(opt.Seed)
	if opt.ByTile || len(opt.Tiles) > 0 {
		var tiles []lexicon.Tile
		for _, s := range opt.Tiles {
			t, err := ts.ParseWord(s)
			if err != nil || len(t) != 1 {
				return nil, i18n.E("drill.err.tile", "Tile", i18n.Quote(s), "Set", ts.Name)
			}
			if !slices.Contains(tiles, t[0]) {
				tiles = append(tiles, t[0])
			}
		}
		if len(tiles) == 0 {
			for t := 1; t <= ts.NumLetters(); t++ {
				tiles = append(tiles, lexicon.Tile(t))
			}
			rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		}
		tiles = tiles[:take(opt.Count, len(tiles))]
		qs := make([]Question, 0, len(tiles))
		for _, t := range tiles {
			var with [][]lexicon.Tile
			for _, w := range twos {
				if w[0] == t || w[1] == t {
					with = append(with, w)
				}
			}
			label := ts.Label(t)
			words, _ := wordStrings(ts, with, false)
			qs = append(qs, Question{
				Kind: KindTwos, Form: FormWords,
				Card:   "with " + label,
				Show:   label,
				Ask:    T("drill.ask.twos_tile", "Tile", label),
				Words:  words,
				offWhy: T("drill.why.not_two_with", "Tile", label),
			})
		}
		return qs, nil
	}

	// Judging: the words against non-words that look like them (a vowel and a consonant, or a
	// tile changed from a word), each shown once.
	isWord := map[string]bool{}
	for _, w := range twos {
		isWord[key(w)] = true
	}
	decoys := twoLookalikes(lex, isWord)
	nWords := len(twos)
	if opt.Count > 0 {
		nWords = min((opt.Count+1)/2, len(twos))
	}
	nDecoys := nWords
	if opt.Count > 0 {
		nDecoys = opt.Count - nWords
	}
	nDecoys = min(nDecoys, len(decoys))
	pick := func(from [][]lexicon.Tile, k int) [][]lexicon.Tile {
		out := make([][]lexicon.Tile, 0, k)
		for _, i := range rng.Perm(len(from))[:k] {
			out = append(out, from[i])
		}
		return out
	}
	var qs []Question
	for _, w := range pick(twos, nWords) {
		qs = append(qs, twoQuestion(ts, w, true))
	}
	for _, w := range pick(decoys, nDecoys) {
		qs = append(qs, twoQuestion(ts, w, false))
	}
	rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	return qs, nil
}

func twoQuestion(ts *lexicon.TileSet, w []lexicon.Tile, valid bool) Question {
	// Which tiles make the two is the question, as in the digraph drill: a digraph tile or
	// letters that would read as one are shown apart (A·RR, CH·A, C·H), words and decoys alike,
	// so the dots tell nothing of the answer.
	q := Question{
		Kind: KindTwos, Form: FormYesNo,
		Card:  ts.Notation(w),
		Show:  ShowRack(ts, w),
		Ask:   T("drill.ask.twos"),
		Valid: valid,
		tiles: w,
	}
	if strings.Contains(ShowTiles(ts, w), "·") {
		q.Note = T("drill.note.digraph_pairs")
	}
	return q
}

// twoLookalikes are the two-tile combinations that are not words (isWord, by key) but look
// like them (plausibleTwo), in alphabet order: the twos drill's decoys and a twos deck's
// non-word cards.
func twoLookalikes(lex *lexicon.Lexicon, isWord map[string]bool) [][]lexicon.Tile {
	ts := lex.Tiles
	var out [][]lexicon.Tile
	n := ts.NumLetters()
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			w := []lexicon.Tile{lexicon.Tile(a), lexicon.Tile(b)}
			if isWord[key(w)] || lex.Contains(w) || !plausibleTwo(ts, w, isWord) {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

// plausibleTwo: a non-word worth asking looks like the real ones: it has a vowel, and it
// shares a tile in place with some two-tile word.
func plausibleTwo(ts *lexicon.TileSet, w []lexicon.Tile, isWord map[string]bool) bool {
	if !ts.IsVowel(w[0]) && !ts.IsVowel(w[1]) {
		return false
	}
	for t := 1; t <= ts.NumLetters(); t++ {
		if isWord[key([]lexicon.Tile{lexicon.Tile(t), w[1]})] || isWord[key([]lexicon.Tile{w[0], lexicon.Tile(t)})] {
			return true
		}
	}
	return false
}
