package game

import (
	"testing"
)

// BenchmarkSelfPlay plays whole games on one core, equity against equity (static, no
// simulation: macondo's "static games"), on the official list when present (tests only).
func BenchmarkSelfPlay(b *testing.B) {
	lex := file2017(b)
	p := NewPlayer(SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Seed: 1})
	// Warm up: the generator builds some tables lazily on first use.
	if _, err := p.PlayGame(0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 1; b.Loop(); i++ {
		if _, err := p.PlayGame(i); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkSelfPlayScore is the same with best-score players (no leave values).
func BenchmarkSelfPlayScore(b *testing.B) {
	lex := file2017(b)
	p := NewPlayer(SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByScore, ByScore}, Seed: 1})
	// Warm up: the generator builds some tables lazily on first use.
	if _, err := p.PlayGame(0); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 1; b.Loop(); i++ {
		if _, err := p.PlayGame(i); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
