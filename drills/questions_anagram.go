package drills

import (
	"strconv"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// AnagramOptions select the racks of an anagram drill.
type AnagramOptions struct {
	Count int
	Seed  uint64
	// Length and the rank range pick the words whose alphagrams become racks.
	Length           int
	MinRank, MaxRank int
	// Blanks (0-2) replace that many tiles of each rack by '?': "blank bingos", a stem plus ?.
	Blanks int
}

// Anagram makes anagram questions: a rack, answered with every word that uses all its tiles.
func Anagram(lex *lexicon.Lexicon, opt AnagramOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	if opt.Length < 2 || opt.Length > 15 {
		return nil, i18n.E("drill.err.length", "Length", opt.Length)
	}
	if opt.Blanks < 0 || opt.Blanks > 2 {
		return nil, i18n.E("drill.err.blanks", "Blanks", opt.Blanks, "Max", 2)
	}
	if opt.Blanks >= opt.Length {
		return nil, i18n.E("drill.err.blanks_stem", "Blanks", opt.Blanks, "Length", opt.Length)
	}
	wr := WordRange{MinLen: opt.Length, MaxLen: opt.Length, MinRank: opt.MinRank, MaxRank: opt.MaxRank}
	words, err := wr.words(lex)
	if err != nil {
		return nil, err
	}
	// Anagrams share a rank neighbourhood; each alphagram once, at its best rank.
	seen := map[string]bool{}
	var alphas [][]lexicon.Tile
	for _, w := range words {
		a := lexicon.Alphagram(w)
		if k := key(a); !seen[k] {
			seen[k] = true
			alphas = append(alphas, a)
		}
	}
	rng := newRand(opt.Seed)
	n := take(opt.Count, len(alphas))
	// Blank racks of two alphagrams can meet: draw a few spare.
	order := sample(rng, len(alphas), 2*n+16)
	asked := map[string]bool{}
	var qs []Question
	for _, i := range order {
		if len(qs) == n {
			break
		}
		rack := append([]lexicon.Tile(nil), alphas[i]...)
		for _, p := range rng.Perm(len(rack))[:opt.Blanks] {
			rack[p] = lexicon.Blank
		}
		lexicon.SortAlphagram(rack)
		if k := key(rack); asked[k] {
			continue // two words' stems met on the same blank rack
		} else {
			asked[k] = true
		}
		qs = append(qs, anagramQuestion(lex, rack))
	}
	return qs, nil
}

func anagramQuestion(lex *lexicon.Lexicon, rack []lexicon.Tile) Question {
	ts := lex.Tiles
	rack = lexicon.Alphagram(letters(rack))
	ask := T("drill.ask.anagram", "Tiles", len(rack))
	blanks := countBlanks(rack)
	if blanks > 0 {
		ask = N("drill.ask.anagram_blanks", blanks, "Tiles", len(rack))
	}
	q := Question{
		Kind: KindAnagram, Form: FormWords,
		Card: ts.Notation(rack),
		Show: ShowRack(ts, rack),
		Ask:  ask,
		rack: rack, minLen: len(rack),
	}
	q.Words, q.blanked = wordStrings(ts, lex.Anagrams(rack), blanks > 0)
	if q.blanked != nil {
		q.ts = ts
	}
	return q
}

// BuildOptions select the racks of a build drill.
type BuildOptions struct {
	Count int
	Seed  uint64
	// RackLen tiles are drawn from a full bag (at most Blanks of them blanks); the player
	// gives every word of at least MinLen tiles from them.
	RackLen, MinLen, Blanks int
	// MaxAnswers skips racks with more words than this (0: no limit), so a question stays one
	// line long.
	MaxAnswers int
}

// Build makes build questions: a drawn rack, answered with every word of at least MinLen of
// its tiles. Racks without such a word are drawn again.
func Build(lex *lexicon.Lexicon, opt BuildOptions) ([]Question, error) {
	if err := checkCount(opt.Count); err != nil {
		return nil, err
	}
	if opt.RackLen < 2 || opt.RackLen > 15 {
		return nil, i18n.E("drill.err.rack_length", "Tiles", opt.RackLen)
	}
	if opt.MinLen < 2 || opt.MinLen > opt.RackLen {
		return nil, i18n.E("drill.err.min_length", "Min", opt.MinLen, "Tiles", opt.RackLen)
	}
	if opt.Blanks < 0 || opt.Blanks > min(2, lex.Tiles.Blanks()) {
		return nil, i18n.E("drill.err.blanks", "Blanks", opt.Blanks, "Max", min(2, lex.Tiles.Blanks()))
	}
	ts := lex.Tiles
	full := bag(ts)
	if len(full) < opt.RackLen {
		return nil, i18n.E("drill.err.bag_too_small", "Set", ts.Name, "Bag", len(full), "Tiles", opt.RackLen)
	}
	count := opt.Count
	if count == 0 {
		count = sheetCount
	}
	rng := newRand(opt.Seed)
	asked := map[string]bool{}
	var qs []Question
	// A lexicon without words in reach would draw forever: give up after many tries.
	for tries := 0; len(qs) < count && tries < 1000*count; tries++ {
		rack := drawRack(rng, full, opt.RackLen, opt.Blanks)
		k := key(rack)
		if asked[k] {
			continue
		}
		words, blanked := wordStrings(ts, lex.Subanagrams(rack, opt.MinLen), countBlanks(rack) > 0)
		if len(words) == 0 || (opt.MaxAnswers > 0 && len(words) > opt.MaxAnswers) {
			continue
		}
		asked[k] = true
		qs = append(qs, Question{
			Kind: KindBuild, Form: FormWords,
			Card:  ts.Notation(rack) + " " + strconv.Itoa(opt.MinLen) + "+",
			Show:  ShowRack(ts, rack),
			Ask:   T("drill.ask.build", "Min", opt.MinLen),
			Words: words, blanked: blanked, ts: ts,
			rack: rack, minLen: opt.MinLen,
		})
	}
	if len(qs) < count {
		return nil, i18n.E("drill.err.build_racks", "Found", len(qs), "Tiles", opt.RackLen, "Min", opt.MinLen, "Lexicon", lex.Name)
	}
	return qs, nil
}

func countBlanks(rack []lexicon.Tile) int {
	n := 0
	for _, t := range rack {
		if t == lexicon.Blank {
			n++
		}
	}
	return n
}
