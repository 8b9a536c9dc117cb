package bench

import (
	"context"
	"os"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Settings of the endgame figure: endgames whose racks hold at most EndgameTiles tiles between
// them, each solved exactly (to the end of the game, at most EndgamePlies turns deep) on one
// thread, its transposition table emptied before each solve so that every pass does the same
// work.
const (
	EndgameTiles      = 8
	EndgamePlies      = 25
	endgameTableBytes = 256 << 20
)

// BuiltinEndgames is a set of n endgames from seeded self-play (top play by equity against
// itself under FILE rules): in each game, the first position with the bag empty and at most
// EndgameTiles tiles on the racks, both racks known. The same seed gives the same set.
func BuiltinEndgames(lex *lexicon.Lexicon, leaves equity.Leaves, n int, seed uint64) ([]*engine.Position, error) {
	if n < 1 || n > MaxPositions {
		return nil, i18n.E("bench.count_range", "Count", n, "Max", i18n.Int(MaxPositions))
	}
	var out []*engine.Position
	taken := false
	p := game.NewPlayer(game.SelfPlayConfig{Lexicon: lex, Rules: game.FILERules, Leaves: leaves,
		Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Seed: seed})
	p.OnTurn = func(g *game.Game, _ *engine.Move) {
		if !taken && len(out) < n && g.Bag.Len() == 0 && g.Racks[0].Len() > 0 && g.Racks[1].Len() > 0 &&
			g.Racks[0].Len()+g.Racks[1].Len() <= EndgameTiles {
			out = append(out, g.Position())
			taken = true
		}
	}
	for i := 0; len(out) < n; i++ {
		if i > 10*n+10 {
			return nil, i18n.E("bench.few_positions", "Count", len(out), "Games", i)
		}
		taken = false
		if _, err := p.PlayGame(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Endgames keeps the positions that are endgames: both racks given and nothing else unseen.
func Endgames(ps []*engine.Position) []*engine.Position {
	var out []*engine.Position
	for _, p := range ps {
		if len(p.Racks[0]) > 0 && len(p.Racks[1]) > 0 && len(p.UnseenTiles()) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// MaxBuiltinEndgames bounds the built-in endgame set a run measures.
const MaxBuiltinEndgames = 20

// EndgamePositions are the endgame figure's positions: the endgames among positions when they
// were read from a file (fromFile), else the built-in set of min(n, MaxBuiltinEndgames)
// endgames from seed.
func EndgamePositions(fromFile bool, positions []*engine.Position, lex *lexicon.Lexicon, leaves equity.Leaves, n int, seed uint64) ([]*engine.Position, error) {
	if fromFile {
		return Endgames(positions), nil
	}
	return BuiltinEndgames(lex, leaves, min(n, MaxBuiltinEndgames), seed)
}

// WriteTempPositions writes ps (WritePositions) to a new temporary file, for the drivers of
// outside engines, and returns its name; the caller removes it.
func WriteTempPositions(ps []*engine.Position, lexName string) (string, error) {
	f, err := os.CreateTemp("", "atril-bench-endgames-*.cgp")
	if err != nil {
		return "", err
	}
	werr := WritePositions(f, ps, lexName)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(f.Name())
		return "", werr
	}
	return f.Name(), nil
}

// endgameMeter times exact endgame solving: CPU milliseconds a position.
type endgameMeter struct {
	solver *endgame.Solver
	pos    []*engine.Position
}

func newEndgameMeter(cfg *Config) (*endgameMeter, error) {
	if len(cfg.Endgames) == 0 {
		return nil, i18n.E("bench.no_endgames")
	}
	s, err := endgame.New(endgame.Config{Lexicon: cfg.Lexicon, Threads: 1, TableBytes: endgameTableBytes})
	if err != nil {
		return nil, err
	}
	m := &endgameMeter{solver: s, pos: cfg.Endgames}
	if err := m.pass(); err != nil { // warm up, and refuse a position the solver cannot take
		return nil, err
	}
	return m, nil
}

func (m *endgameMeter) pass() error {
	_, err := m.timedPass(nil)
	return err
}

// timedPass solves every position once, adding each one's CPU time to per (when not nil).
func (m *endgameMeter) timedPass(cpu func() time.Duration) ([]time.Duration, error) {
	per := make([]time.Duration, len(m.pos))
	for i, p := range m.pos {
		m.solver.Reset()
		var c0 time.Duration
		if cpu != nil {
			c0 = cpu()
		}
		if _, err := m.solver.Solve(context.Background(), p, endgame.Options{Plies: EndgamePlies}); err != nil {
			return nil, err
		}
		if cpu != nil {
			per[i] = cpu() - c0
		}
	}
	return per, nil
}

// measure is the median position's CPU time (each position's mean over the passes), the
// figure endgame solvers are compared by: a set of endgames mixes quick ones and a few that
// take most of the time.
func (m *endgameMeter) measure(seconds float64, cpu func() time.Duration) (float64, error) {
	c0 := cpu()
	sum := make([]time.Duration, len(m.pos))
	passes := 0
	for {
		per, err := m.timedPass(cpu)
		if err != nil {
			return 0, err
		}
		for i, d := range per {
			sum[i] += d
		}
		passes++
		if el := cpu() - c0; el.Seconds() >= seconds {
			break
		}
	}
	ms := make([]float64, len(sum))
	for i, d := range sum {
		ms[i] = float64(d.Nanoseconds()) / 1e6 / float64(passes)
	}
	slices.Sort(ms)
	n := len(ms)
	return max((ms[(n-1)/2]+ms[n/2])/2, 1e-6), nil
}
