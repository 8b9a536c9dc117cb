package play

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// midgames are games of level 4 against itself stopped after turns turns (the midgame: tiles
// on the board, a full bag still).
func midgames(tb testing.TB, lex *lexicon.Lexicon, n, turns int) []*game.Game {
	tb.Helper()
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 4})
	if err != nil {
		tb.Fatal(err)
	}
	var out []*game.Game
	for i := 0; len(out) < n; i++ {
		g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, uint64(100+i))
		for t := 0; t < turns && !g.Over(); t++ {
			m, _ := bot.Choose(context.Background(), g)
			if err := g.Apply(&m); err != nil {
				tb.Fatal(err)
			}
		}
		if !g.Over() && g.Bag.Len() > 20 {
			out = append(out, g)
		}
	}
	return out
}

// BenchmarkLevelTurn is one engine turn in the midgame at each level (level 5 with its default
// budget, DefaultSim, on every CPU).
func BenchmarkLevelTurn(b *testing.B) {
	lex := testlex.Default(b)
	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		b.Fatal(err)
	}
	games := midgames(b, lex, 8, 8)
	for lv := MinLevel; lv <= MaxLevel; lv++ {
		b.Run(fmt.Sprintf("level=%d", lv), func(b *testing.B) {
			bot, err := NewBot(BotConfig{Lexicon: lex, Level: lv, Leaves: table.Leaves})
			if err != nil {
				b.Fatal(err)
			}
			bot.Choose(context.Background(), games[0]) // the generator's first call builds its tables
			b.ResetTimer()
			cpu := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := bot.Choose(context.Background(), games[i%len(games)]); err != nil {
					b.Fatal(err)
				}
			}
			// CPU time resists the load of a shared machine better than wall time does.
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkAnalyzeGame is the static analysis of both players' turns of a whole game of level 4
// against itself (about 25 turns).
func BenchmarkAnalyzeGame(b *testing.B) {
	lex := testlex.Default(b)
	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		b.Fatal(err)
	}
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 4, Leaves: table.Leaves})
	if err != nil {
		b.Fatal(err)
	}
	g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, 7)
	g.Record = &gcg.Game{Players: [2]gcg.Player{{Nick: "a"}, {Nick: "b"}}}
	for !g.Over() {
		m, _ := bot.Choose(context.Background(), g)
		if err := g.Apply(&m); err != nil {
			b.Fatal(err)
		}
	}
	an, err := analysis.New(analysis.Options{Lexicon: lex, Leaves: table.Leaves})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for p := 0; p < 2; p++ {
			if _, err := an.Game(context.Background(), g.Record, p); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(g.Turns), "turns")
}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
