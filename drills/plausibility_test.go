package drills

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// How well do phonies pass for words? A character 4-gram model (Witten-Bell smoothing, tiles as
// characters) is trained on half the lexicon and scores held-out real words against phonies of
// the same lengths; the AUC is the chance that a real word scores above a phony (0.5: the
// model cannot tell them apart). Issue 21's target: at most 0.65 for the morphological
// phonies; the one-tile edits the judge drill used before are measured beside them.

// ngram is a Witten-Bell smoothed character model of order n.
type ngram struct {
	n      int
	counts map[uint64]float64 // context+symbol → count
	totals map[uint64]float64 // context → count
	types  map[uint64]float64 // context → distinct symbols after it
	vocab  float64
}

const (
	symStart = 62
	symEnd   = 63
)

func ctxKey(ctx []byte) uint64 {
	k := uint64(len(ctx))
	for i, c := range ctx {
		k |= uint64(c) << (4 + 6*i)
	}
	return k
}

func newNgram(n int, words [][]lexicon.Tile, vocab int) *ngram {
	g := &ngram{n: n, counts: map[uint64]float64{}, totals: map[uint64]float64{}, types: map[uint64]float64{}, vocab: float64(vocab + 1)}
	for _, w := range words {
		g.each(w, func(ctx []byte, sym byte) {
			for o := 0; o <= len(ctx); o++ {
				h := ctx[len(ctx)-o:]
				hk := ctxKey(h)
				k := hk<<8 | uint64(sym)
				if g.counts[k] == 0 {
					g.types[hk]++
				}
				g.counts[k]++
				g.totals[hk]++
			}
		})
	}
	return g
}

// each calls fn with every symbol of w (then the end) and the n-1 symbols before it.
func (g *ngram) each(w []lexicon.Tile, fn func(ctx []byte, sym byte)) {
	seq := make([]byte, 0, len(w)+g.n)
	for range g.n - 1 {
		seq = append(seq, symStart)
	}
	for _, t := range w {
		seq = append(seq, byte(t))
	}
	seq = append(seq, symEnd)
	for i := g.n - 1; i < len(seq); i++ {
		fn(seq[i-(g.n-1):i], seq[i])
	}
}

func (g *ngram) logProb(w []lexicon.Tile) float64 {
	lp := 0.0
	g.each(w, func(ctx []byte, sym byte) {
		p := 1 / g.vocab
		for o := 0; o <= len(ctx); o++ {
			hk := ctxKey(ctx[len(ctx)-o:])
			tot := g.totals[hk]
			if tot == 0 {
				break
			}
			t := g.types[hk]
			p = (g.counts[hk<<8|uint64(sym)] + t*p) / (tot + t)
		}
		lp += math.Log(p)
	})
	return lp
}

// auc is the chance that a real word's score beats a phony's (ties count half).
func auc(real, fake []float64) float64 {
	type s struct {
		v    float64
		real bool
	}
	all := make([]s, 0, len(real)+len(fake))
	for _, v := range real {
		all = append(all, s{v, true})
	}
	for _, v := range fake {
		all = append(all, s{v, false})
	}
	slices.SortFunc(all, func(a, b s) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	rankSum := 0.0
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		mid := float64(i+j+1) / 2 // ranks i+1..j, averaged
		for k := i; k < j; k++ {
			if all[k].real {
				rankSum += mid
			}
		}
		i = j
	}
	nr, nf := float64(len(real)), float64(len(fake))
	return (rankSum - nr*(nr+1)/2) / (nr * nf)
}

// phonyAUCs trains the model on half of lex and measures both kinds of phony against held-out
// words of their lengths.
func phonyAUCs(t *testing.T, lex *lexicon.Lexicon, n int) (morphAUC, editAUC float64) {
	var words [][]lexicon.Tile
	lex.Graph.Walk(func(w []lexicon.Tile) bool {
		words = append(words, slices.Clone(w))
		return true
	})
	rng := rand.New(rand.NewPCG(21, 21))
	rng.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	train, held := words[:len(words)/2], words[len(words)/2:]
	model := newNgram(4, train, lex.Tiles.NumLetters())
	byLen := map[int][][]lexicon.Tile{}
	for _, w := range held {
		byLen[len(w)] = append(byLen[len(w)], w)
	}
	measure := func(phonies [][]lexicon.Tile) float64 {
		var real, fake []float64
		for _, p := range phonies {
			same := byLen[len(p)]
			if len(same) == 0 {
				continue
			}
			fake = append(fake, model.logProb(p))
			real = append(real, model.logProb(same[rng.IntN(len(same))]))
		}
		if len(fake) < n/2 {
			t.Fatalf("only %d of %d phonies had held-out words of their length", len(fake), n)
		}
		return auc(real, fake)
	}
	var ms [][]lexicon.Tile
	for _, p := range morph.For(lex).Phonies(rand.New(rand.NewPCG(7, 7)), n, morph.Filter{}) {
		if lex.Contains(p.Word) {
			t.Fatalf("phony %s is a word", lex.Tiles.Word(p.Word))
		}
		ms = append(ms, p.Word)
	}
	var es [][]lexicon.Tile
	for _, p := range Phonies(lex, 7, words[:200000], n) {
		es = append(es, p.Word)
	}
	return measure(ms), measure(es)
}

func TestPhoniesFoolACharacterModel(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	m, e := phonyAUCs(t, lex, 2000)
	t.Logf("%s: 4-gram AUC, morphological phonies %.3f, one-tile edits %.3f", lex.Name, m, e)
	if m > 0.65 {
		t.Errorf("morphological phonies: AUC %.3f, want at most 0.65", m)
	}
	if m > e-0.1 {
		t.Errorf("morphological phonies (AUC %.3f) are not clearly harder to tell than one-tile edits (%.3f)", m, e)
	}
}

// The same measure on the official list, when it is beside the project (figures only logged).
func TestPhoniesFoolACharacterModelFILE2017(t *testing.T) {
	t.Parallel()
	lex := file2017(t)
	m, e := phonyAUCs(t, lex, 2000)
	t.Logf("%s: 4-gram AUC, morphological phonies %.3f, one-tile edits %.3f", lex.Name, m, e)
	if m > 0.65 {
		t.Errorf("morphological phonies: AUC %.3f, want at most 0.65", m)
	}
}
