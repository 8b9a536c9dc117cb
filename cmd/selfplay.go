package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type selfplayOptions struct {
	Games   int
	Seed    uint64
	Players string
	Save    string
	Workers int
	Rules   string
	CGP     string
	Leaves  string
	// LeavesGiven: --leaves was given (see movesOptions).
	LeavesGiven bool
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &selfplayOptions{}
		c := &cobra.Command{
			Use:   "selfplay [--games N] [--seed S] [--players equity,score] [--cgp CGP] [--save DIR]",
			Short: "Play engine against engine and summarise the results",
			Long: `Play whole games between two engine players and print a summary: mean score,
bingos a game, player 1's win rate with its 95% Wilson interval, games per second.

Players: "equity" plays the best score plus value of the tiles kept (the leave table
of --leaves: builtin, learned from self-play, by default), "score" the best score. Players alternate who starts. Games are reproducible: game i of a run
depends only on --seed and i, whatever the number of --workers.

With --cgp every game starts from that position instead of an empty board: its
board, racks, scores and scoreless turns; the bag is the unseen tiles, shuffled by
each game's seed; an empty rack is unknown and dealt from the bag. The players take
turns at being the side to move (player 1 in games 1, 3, 5...). Such games cannot be
saved as GCG, which has no starting position.

End rules (--rules): "file" (default) is FILE art. 44: the game ends when both
players pass twice in a row, or after twelve scoreless turns in a row (passes,
withdrawn plays, exchanges), each player losing their rack's value; "six-scoreless"
is the Woogles/macondo rule (six scoreless turns in a row).

Ctrl-C stops the run: the summary of the games finished so far is printed and atril
exits 130 (128+SIGINT, as shells report an interrupt), not 0 or 2.`,
			Example: `  atril selfplay --games 1000 --seed 7
  atril selfplay --games 20 --players equity,equity --save games/ --json
  atril selfplay --games 500 --cgp "$(cat pos.cgp)"`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				opts.LeavesGiven = c.Flags().Changed("leaves")
				return runSelfplay(c.Context(), g, opts)
			},
		}
		stopsCleanly(c) // Ctrl-C: the summary of the games finished so far
		f := c.Flags()
		f.IntVar(&opts.Games, "games", 100, "number of games")
		f.Uint64Var(&opts.Seed, "seed", 1, "random seed: the same seed plays the same games")
		f.StringVar(&opts.Players, "players", "equity,score", "the two players, each equity or score")
		f.StringVar(&opts.Save, "save", "", "write each game as DIR/game-NNNN.gcg")
		f.IntVar(&opts.Workers, "workers", 0, "games played at once (default: one per CPU)")
		f.StringVar(&opts.Rules, "rules", "file", "end-of-game rules: file (FILE art. 44) or six-scoreless (Woogles)")
		f.StringVar(&opts.CGP, "cgp", "", "start every game from this position (a CGP string)")
		f.StringVar(&opts.Leaves, "leaves", leaves.Builtin, "leave table of the equity players: builtin (learned), handset, none or a KLV2 file")
		_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
		_ = c.RegisterFlagCompletionFunc("players", cobra.FixedCompletions(selfplayPairings(), cobra.ShellCompDirectiveNoFileComp))
		_ = c.RegisterFlagCompletionFunc("rules", cobra.FixedCompletions([]string{
			game.FILERules.Name + "\tFILE art. 44: two passes each, or twelve scoreless turns",
			game.SixScoreless.Name + "\tWoogles/macondo: six scoreless turns"}, cobra.ShellCompDirectiveNoFileComp))
		return c
	})
}

// selfplayPairings are the values of --players: every pair of strategies.
func selfplayPairings() []string {
	var out []string
	for _, a := range []game.Strategy{game.ByEquity, game.ByScore} {
		for _, b := range []game.Strategy{game.ByEquity, game.ByScore} {
			out = append(out, string(a)+","+string(b))
		}
	}
	return out
}

type selfplayJSON struct {
	stats.SelfPlay
	Seed          uint64  `json:"seed"`
	Rules         string  `json:"rules"`
	Lexicon       string  `json:"lexicon"`
	Workers       int     `json:"workers"`
	Seconds       float64 `json:"seconds"`
	GamesPerSec   float64 `json:"games_per_second"`
	SavedTo       string  `json:"saved_to,omitempty"`
	CGP           string  `json:"cgp,omitempty"`
	Leaves        string  `json:"leaves"`
	GamesFinished int     `json:"games_finished"`
}

func runSelfplay(ctx context.Context, g *Globals, opts *selfplayOptions) error {
	if opts.Games < 1 || opts.Games > game.MaxGames {
		return withCode(ExitError, fmt.Errorf("--games %d: expected at least 1 and at most %d", opts.Games, game.MaxGames))
	}
	if opts.Workers < 0 || opts.Workers > game.MaxWorkers {
		return withCode(ExitError, fmt.Errorf("--workers %d: expected 1 to %d games at once (0: one per CPU)", opts.Workers, game.MaxWorkers))
	}
	names := strings.Split(opts.Players, ",")
	if len(names) != 2 {
		return withCode(ExitError, fmt.Errorf("--players %q: expected two players separated by a comma, as equity,score", opts.Players))
	}
	var players [2]game.Strategy
	for i, n := range names {
		s, err := game.ParseStrategy(strings.TrimSpace(n))
		if err != nil {
			return withCode(ExitError, fmt.Errorf("--players: %w", err))
		}
		players[i] = s
	}
	rules, err := game.RulesByName(opts.Rules)
	if err != nil {
		return withCode(ExitError, fmt.Errorf("--rules: %w", err))
	}
	if opts.Save != "" && opts.CGP != "" {
		return withCode(ExitError, fmt.Errorf("--save with --cgp: a GCG file has no starting position, so games from a position cannot be saved"))
	}
	var startPos *engine.Position
	if opts.CGP != "" {
		ts, err := g.TileSet()
		if err != nil {
			return err
		}
		if startPos, err = engine.ParseCGP(opts.CGP, ts, engine.StandardLayout()); err != nil {
			return withCode(ExitError, fmt.Errorf("--cgp: %w", err))
		}
		if _, err := game.FromPosition(startPos, rules, 0); err != nil {
			return withCode(ExitError, fmt.Errorf("--cgp: %w", err))
		}
	}
	if opts.Save != "" {
		if err := os.MkdirAll(opts.Save, 0o755); err != nil {
			return withCode(ExitError, fmt.Errorf("--save: %w", err))
		}
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if startPos != nil && !lex.Tiles.SameAlphabet(startPos.Tiles) {
		return withCode(ExitError, fmt.Errorf("lexicon %s was built for another alphabet than tile set %s", lex.Name, startPos.Tiles.Name))
	}
	table, err := g.leavesTable(opts.Leaves, !opts.LeavesGiven)
	if err != nil {
		return err
	}
	if table == nil {
		table = leaves.Zero // --leaves none
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = min(opts.Games, runtime.GOMAXPROCS(0))
	}

	start := g.io.Now()
	bar := newProgressBar(g, opts.Games, start)
	finished := 0
	// Games stream in as they finish: each is saved then and only the totals are kept.
	onGame := func(r game.GameResult) error {
		finished++
		bar.update(finished)
		if opts.Save == "" {
			return nil
		}
		return saveGame(filepath.Join(opts.Save, fmt.Sprintf("game-%04d.gcg", r.Index+1)), r.Record, lex.Tiles)
	}
	tally, runErr := game.SelfPlay(ctx, game.SelfPlayConfig{
		Lexicon: lex, Layout: engine.StandardLayout(), Start: startPos, Rules: rules, Players: players, Leaves: table,
		Games: opts.Games, Seed: opts.Seed, Workers: workers, Record: opts.Save != "",
		OnGame: onGame,
	})
	elapsed := g.io.Now().Sub(start)
	bar.finish()
	var saveErr *saveError
	switch {
	case errors.As(runErr, &saveErr):
		return withCode(ExitError, runErr)
	case runErr != nil && ctx.Err() == nil:
		return withCode(ExitInternal, runErr)
	}

	out := selfplayJSON{
		SelfPlay: stats.SummarizeSelfPlay(&tally, players), Seed: opts.Seed, Rules: rules.Name,
		Lexicon: lex.Name, Workers: workers, Seconds: elapsed.Seconds(), SavedTo: opts.Save, Leaves: opts.Leaves,
		GamesFinished: tally.Games,
	}
	if startPos != nil {
		out.CGP = startPos.CGP()
	}
	if elapsed > 0 {
		out.GamesPerSec = float64(tally.Games) / elapsed.Seconds()
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.PrintMarkdown(selfplayMarkdown(&out))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, fmt.Errorf("interrupted after %d of %d games", tally.Games, opts.Games))
	}
	return nil
}

// saveError is a game that could not be written: the user's directory, not a bug.
type saveError struct{ err error }

func (e *saveError) Error() string { return e.err.Error() }
func (e *saveError) Unwrap() error { return e.err }

func saveGame(path string, rec *gcg.Game, ts *lexicon.TileSet) error {
	f, err := os.Create(path)
	if err != nil {
		return &saveError{fmt.Errorf("--save: %w", err)}
	}
	werr := rec.Write(f, ts)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return &saveError{fmt.Errorf("--save: %s: %w", path, werr)}
	}
	return nil
}

func selfplayMarkdown(s *selfplayJSON) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## Self-play: %d games, seed %d, lexicon %s, %s end rules, leaves %s\n\n", s.Games, s.Seed, s.Lexicon, s.Rules, s.Leaves)
	if s.CGP != "" {
		fmt.Fprintf(&sb, "From the position `%s` (player 1 moves first in odd games, player 2 in even ones).\n\n", s.CGP)
	}
	sb.WriteString("| player | mean score | bingos a game | wins |\n|:---|---:|---:|---:|\n")
	for p := 0; p < 2; p++ {
		fmt.Fprintf(&sb, "| %d: %s | %.1f | %.2f | %d |\n", p+1, s.Players[p], s.MeanScore[p], s.BingosPerGame[p], s.Wins[p])
	}
	fmt.Fprintf(&sb, "\nTies: %d. Player 1 wins %.1f%% of games (95%% Wilson interval %.1f%%–%.1f%%; a tie counts half).\n\n",
		s.Ties, 100*s.WinRate, 100*s.WinLow, 100*s.WinHigh)
	workers := "workers"
	if s.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(&sb, "%.1f turns a game; %.1f games per second (%.2f s, %d %s).\n", s.MeanTurns, s.GamesPerSec, s.Seconds, s.Workers, workers)
	if s.SavedTo != "" {
		fmt.Fprintf(&sb, "\nGames saved in %s.\n", s.SavedTo)
	}
	return sb.String()
}

// progressBar draws "[#####.....] 45/100" on stderr when it is a terminal; otherwise nothing
// (scripts often read stderr with stdout, and the summary already says how long it took).
type progressBar struct {
	g     *Globals
	total int
	start time.Time
	last  time.Time
}

func newProgressBar(g *Globals, total int, start time.Time) *progressBar {
	return &progressBar{g: g, total: total, start: start}
}

func (b *progressBar) update(done int) {
	if !b.g.io.ErrTTY {
		return
	}
	now := b.g.io.Now()
	if done < b.total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 30
	fill := width * done / b.total
	rate := 0.0
	if s := now.Sub(b.start).Seconds(); s > 0 {
		rate = float64(done) / s
	}
	fmt.Fprintf(b.g.io.Err, "\r[%s%s] %d/%d games  %.1f games/s ", strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, b.total, rate)
}

func (b *progressBar) finish() {
	if b.g.io.ErrTTY {
		fmt.Fprintln(b.g.io.Err)
	}
}
