package game

import (
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// The self-play benchmarks play whole games on one core without simulation (macondo's "static
// games"): best equity against best equity, and best score against best score. They run on the
// shipped default lexicon always and on the official list when it is present (tests only).
// Report the median of -count 5 on a quiet machine:
//
//	go test -bench . -run '^$' -count 5 ./engine/movegen ./engine/game

func BenchmarkSelfPlayFILE2017(b *testing.B) {
	benchSelfPlay(b, file2017(b), ByEquity)
}

func BenchmarkSelfPlayScoreFILE2017(b *testing.B) {
	benchSelfPlay(b, file2017(b), ByScore)
}

func BenchmarkSelfPlayDefault(b *testing.B) {
	benchSelfPlay(b, defaultLexicon(b), ByEquity)
}

func BenchmarkSelfPlayScoreDefault(b *testing.B) {
	benchSelfPlay(b, defaultLexicon(b), ByScore)
}

func benchSelfPlay(b *testing.B, lex *lexicon.Lexicon, s Strategy) {
	p := NewPlayer(SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{s, s}, Seed: 1})
	// Warm up: the generator builds some tables lazily on first use.
	if _, err := p.PlayGame(0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	turns := 0
	for i := 1; b.Loop(); i++ {
		r, err := p.PlayGame(i)
		if err != nil {
			b.Fatal(err)
		}
		turns += r.Turns
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "games/s")
	b.ReportMetric(sec*1e6/float64(turns), "µs/turn")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(0, "ns/op")
}

// defaultLexicon is the shipped, embedded default lexicon.
func defaultLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lex, err := registry.New(func(string) string { return "" }).Open("", lexicon.DefaultTileSet())
	if err != nil {
		t.Fatal(err)
	}
	return lex
}
