package leaves

import (
	"context"
	"math"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/lexicon"
)

// Player is one side of an evaluation: how it picks its moves and with which leave table.
type Player struct {
	Spec     string // as given: builtin, handset, none or a KLV2 path
	Strategy game.Strategy
	Leaves   equity.Leaves // nil for Strategy ByScore
}

// LoadPlayer resolves a SPEC for the tile set: builtin (the shipped learned table), handset
// (the hand-set model equity.Default), none (best score, no leave values) or the path of a
// KLV2 table.
func LoadPlayer(spec string, ts *lexicon.TileSet) (Player, error) {
	if spec == leavetable.None {
		return Player{Spec: spec, Strategy: game.ByScore}, nil
	}
	l, err := leavetable.Table(spec, ts)
	if err != nil {
		return Player{}, err
	}
	return Player{Spec: spec, Strategy: game.ByEquity, Leaves: l}, nil
}

// EvalOptions configure an evaluation: Pairs mirrored pairs of games between A and B.
type EvalOptions struct {
	Lexicon  *lexicon.Lexicon
	Rules    game.Rules // zero: game.FILERules
	A, B     Player
	Pairs    int // 1..game.MaxGames/2
	Seed     uint64
	Workers  int              // 0: one per CPU
	Now      func() time.Time // nil: time.Now
	Progress func(Progress)   // called about once a second (Phase "eval")
}

// EvalResult is what an evaluation measured, from A's side.
type EvalResult struct {
	Pairs int    `json:"pairs"`
	Games int    `json:"games"`
	A     string `json:"a"`
	B     string `json:"b"`
	AWins int    `json:"a_wins"`
	BWins int    `json:"b_wins"`
	Ties  int    `json:"ties"`
	// AWinRate is A's share of the games (a tie counts half), with its 95% Wilson interval.
	AWinRate    float64 `json:"a_win_rate"`
	WinRateLow  float64 `json:"win_rate_low"`
	WinRateHigh float64 `json:"win_rate_high"`
	// SpreadMean is A's mean score minus B's per game, with its 95% interval (from the spread
	// of the pairs' means: the two games of a pair share their luck).
	SpreadMean     float64 `json:"spread_mean"`
	SpreadLow      float64 `json:"spread_low"`
	SpreadHigh     float64 `json:"spread_high"`
	ABingosPerGame float64 `json:"a_bingos_per_game"`
	BBingosPerGame float64 `json:"b_bingos_per_game"`
}

// Eval plays opts.Pairs mirrored pairs: each deal twice, A in one seat and then in the other,
// from the same ordered bag, so the luck of the draw and the first move cancel between the two
// games. When ctx is cancelled it returns what the finished pairs measured with ctx's error.
func Eval(ctx context.Context, opts EvalOptions) (EvalResult, error) {
	if opts.Lexicon == nil {
		return EvalResult{}, i18n.E("leaves.err.no_lexicon")
	}
	if opts.Pairs < 1 || opts.Pairs > game.MaxGames/2 {
		return EvalResult{}, i18n.E("leaves.err.pairs", "Pairs", opts.Pairs, "Max", game.MaxGames/2)
	}
	if opts.Rules.Name == "" {
		opts.Rules = game.FILERules
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	var (
		half          = map[int]game.GameResult{} // the first game of a pair to finish
		pairs         int
		wins          [2]int
		ties          int
		bingos        [2]int64
		sum, sumSq    int64 // of each pair's total spread (A minus B over its two games)
		start         = opts.Now()
		last          = start
		played, total = 0, 2 * opts.Pairs
	)
	cfg := game.SelfPlayConfig{Lexicon: opts.Lexicon, Rules: opts.Rules, Players: [2]game.Strategy{opts.A.Strategy, opts.B.Strategy},
		PlayerLeaves: [2]equity.Leaves{opts.A.Leaves, opts.B.Leaves},
		Games:        total, Seed: opts.Seed, Workers: opts.Workers, Mirror: true}
	cfg.OnGame = func(r game.GameResult) error {
		played++
		if opts.Progress != nil {
			if now := opts.Now(); now.Sub(last) >= time.Second || played == total {
				last = now
				p := Progress{Phase: "eval", Generation: 1, Generations: 1, Games: played, GamesTotal: total, Done: played, Total: total}
				if el := now.Sub(start).Seconds(); el > 0 {
					p.GamesPerSec = float64(played) / el
					p.ETA = time.Duration(float64(total-played) / p.GamesPerSec * float64(time.Second))
				}
				opts.Progress(p)
			}
		}
		k := r.Index / 2
		other, ok := half[k]
		if !ok {
			half[k] = r
			return nil
		}
		delete(half, k)
		pairs++
		d := int64(0)
		for _, g := range []game.GameResult{other, r} {
			switch {
			case g.Scores[0] > g.Scores[1]:
				wins[0]++
			case g.Scores[1] > g.Scores[0]:
				wins[1]++
			default:
				ties++
			}
			d += int64(g.Scores[0] - g.Scores[1])
			bingos[0] += int64(g.Bingos[0])
			bingos[1] += int64(g.Bingos[1])
		}
		sum += d
		sumSq += d * d
		return nil
	}
	_, err := game.SelfPlay(ctx, cfg)
	res := EvalResult{Pairs: pairs, Games: 2 * pairs, A: opts.A.Spec, B: opts.B.Spec, AWins: wins[0], BWins: wins[1], Ties: ties,
		WinRateLow: 0, WinRateHigh: 1}
	if pairs > 0 {
		n := float64(res.Games)
		w := float64(wins[0]) + float64(ties)/2
		res.AWinRate = w / n
		res.WinRateLow, res.WinRateHigh = interval.Wilson(w, n)
		// Per pair, the mean spread of its two games.
		np := float64(pairs)
		mean := float64(sum) / np / 2
		res.SpreadMean, res.SpreadLow, res.SpreadHigh = mean, mean, mean
		if pairs > 1 {
			v := (float64(sumSq)/4 - np*mean*mean) / (np - 1)
			half := interval.Z95 * math.Sqrt(max(0, v)/np)
			res.SpreadLow, res.SpreadHigh = mean-half, mean+half
		}
		res.ABingosPerGame = float64(bingos[0]) / n
		res.BBingosPerGame = float64(bingos[1]) / n
	}
	return res, err
}
