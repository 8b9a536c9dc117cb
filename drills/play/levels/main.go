// Command levels measures atril play's engine levels against each other in mirrored pairs of
// games (each deal played twice, seats swapped), the figures README gives:
//
//	go run ./drills/play/levels -a 2 -b 1 -pairs 500
//	go run ./drills/play/levels -a 5 -b 4 -pairs 25 -seed 1901 -think 60s
//
// (level 5's games are long: run them in chunks of seeds, which add up; a -think well above
// its budget keeps every turn within it, so that the games are the same from the same seeds).
//
// It prints A's share of the games won with its 95% interval (Wilson), the mean spread, and
// each level's mean and slowest turn, the turns level 5 solved exactly (endgames, pre-endgames)
// and those that reached the time cap (none, for a match that is the same from the same seed).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

func main() {
	a := flag.Int("a", 2, "level A")
	b := flag.Int("b", 1, "level B")
	pairs := flag.Int("pairs", 500, "mirrored pairs of games")
	seed := flag.Uint64("seed", 1, "seed")
	workers := flag.Int("workers", 0, "games at once (0: one per CPU)")
	think := flag.Duration("think", play.DefaultThink, "level 5's time cap on a turn (a safety net)")
	iterations := flag.Int("iterations", 0, "level 5's most simulation iterations a turn (0: the default)")
	candidates := flag.Int("candidates", 0, "level 5's plays simulated (0: the default)")
	plies := flag.Int("plies", 0, "level 5's simulation plies (0: the default)")
	lexName := flag.String("lexicon", "", "lexicon (default: the embedded one)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ts := lexicon.DefaultTileSet()
	lex, err := registry.Open(*lexName, ts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	table, err := leavetable.Open(leavetable.Builtin, ts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	start := time.Now()
	res, err := play.Match(ctx, play.MatchConfig{Lexicon: lex, Leaves: table.Leaves, A: *a, B: *b, Pairs: *pairs, Seed: *seed,
		Workers: *workers, Think: *think,
		Sim: play.SimBudget{Candidates: *candidates, Iterations: *iterations, Plies: *plies},
		OnGame: func(done int, r play.MatchResult) {
			if done%20 == 0 {
				fmt.Fprintf(os.Stderr, "\r%d/%d games, A %.1f%%", done, 2**pairs, 100*r.WinsA/float64(r.Games))
			}
		}})
	fmt.Fprintln(os.Stderr)
	if err != nil && res.Games == 0 {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lo, hi := interval.Wilson(res.WinsA, float64(res.Games))
	fmt.Printf("level %d vs level %d: %d games (seed %d), A won %.1f%% (95%% CI %.1f–%.1f%%), mean spread %+.1f, %s\n",
		*a, *b, res.Games, *seed, 100*res.WinsA/float64(res.Games), 100*lo, 100*hi, float64(res.Spread)/float64(res.Games),
		time.Since(start).Round(time.Second))
	for i, lv := range []int{*a, *b} {
		if res.Turns[i] > 0 {
			fmt.Printf("  level %d: %d turns, mean %v, slowest %v, %d solved exactly, %d capped\n", lv, res.Turns[i],
				(res.TurnTime[i] / time.Duration(res.Turns[i])).Round(time.Microsecond), res.MaxTurn[i].Round(time.Millisecond),
				res.Solved[i], res.Capped[i])
		}
	}
}
