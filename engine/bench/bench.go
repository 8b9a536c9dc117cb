// Package bench measures the engine's speed on one core, in CPU time, figure by figure, and
// compares it with other engines run through small driver programs.
//
// # Figures
//
//   - topeq: the top play by equity (exchanges and the pass included, leaves valued), as
//     self-play asks for it: CPU microseconds a position.
//   - all: every legal play (tile plays only, no exchanges): CPU microseconds a position.
//   - sim: simulation of the top 10 plays by static equity, 2 plies, one thread, 50
//     iterations a position in turn: iterations (every candidate played once) a CPU second.
//   - selfplay: whole games of the top play by equity against itself from the empty board
//     (positions unused): games a CPU second.
//   - endgame (only when asked for): exact endgame solving on one thread (engine/endgame), on
//     endgames of at most EndgameTiles tiles on the racks (Config.Endgames): CPU milliseconds
//     the median position takes. Drivers get these positions' file and solve each to the end
//     of the game (at most EndgamePlies turns deep).
//
// Each position keeps its own generator between passes (as MAGPIE's and macondo's drivers keep
// theirs), so a generator's per-rack tables are reused from one pass to the next.
//
// # Driver protocol
//
// Another engine is measured by a driver: any executable, run once per figure and round as
//
//	DRIVER FIGURE SECONDS POSITIONS
//
// FIGURE is one of topeq, all, sim, selfplay; SECONDS how long to measure (a decimal number,
// loading excluded); POSITIONS the file of positions, one CGP a line. The driver prints on
// standard output one line
//
//	FIGURE VALUE
//
// with VALUE a positive decimal number in the figure's unit (CPU µs a position for topeq and
// all, iterations a CPU second for sim, games a CPU second for selfplay), or
//
//	FIGURE unsupported
//
// when its engine cannot measure that figure. Blank lines and lines starting with # are
// ignored; any other line, a missing answer or a non-zero exit is an error that names the
// driver (and the line). Drivers should run on one core and measure their process's CPU time.
//
// Rounds interleave the engines (atril, then each driver, figure by figure), so a change of
// load hits them alike; the ratio reported is the median of the rounds' ratios atril/other,
// in the figure's unit: below 1 for times and above 1 for rates mean atril is faster.
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Figure names one measurement (and is its name in the driver protocol and in JSON).
type Figure string

const (
	TopEquity Figure = "topeq"
	AllMoves  Figure = "all"
	Sim       Figure = "sim"
	SelfPlay  Figure = "selfplay"
	Endgame   Figure = "endgame"
)

// Figures are the figures measured when none is named, in the order they are measured and shown.
var Figures = []Figure{TopEquity, AllMoves, Sim, SelfPlay}

// Endgame is measured only when asked for: it needs endgame positions (Config.Endgames) and
// takes longer than the others.
var extraFigures = []Figure{Endgame}

// ParseFigure reads a figure's name.
func ParseFigure(s string) (Figure, error) {
	for _, f := range append(Figures, extraFigures...) {
		if string(f) == s {
			return f, nil
		}
	}
	return "", i18n.E("bench.bad_figure", "Figure", i18n.Quote(s), "Want", "topeq, all, sim, selfplay, endgame")
}

// ParseFigures reads figures' names (spaces around each ignored), in the order given.
func ParseFigures(names []string) ([]Figure, error) {
	var out []Figure
	for _, s := range names {
		f, err := ParseFigure(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// Unit is the figure's unit as a stable identifier (JSON).
func (f Figure) Unit() string {
	switch f {
	case Sim:
		return "iterations_per_cpu_second"
	case SelfPlay:
		return "games_per_cpu_second"
	case Endgame:
		return "cpu_ms_per_position"
	}
	return "cpu_us_per_position"
}

// LowerIsBetter: the figure is a time (µs or ms a position), not a rate.
func (f Figure) LowerIsBetter() bool { return f == TopEquity || f == AllMoves || f == Endgame }

// Settings of the sim figure (macondo's simulation benchmark's).
const (
	SimCandidates = 10
	SimPlies      = 2
	SimIterations = 50 // a position's share of a pass
)

// Limits of a run.
const (
	MaxRuns      = 100
	MaxSeconds   = 600.0
	MaxPositions = 10_000
)

// Driver is another engine's driver program (see the package doc for its protocol).
type Driver struct {
	Name string // the engine's name: "MAGPIE", "macondo"
	Path string // the executable
}

// Config says what to measure.
type Config struct {
	Lexicon   *lexicon.Lexicon
	Leaves    equity.Leaves // nil: the hand-set model
	Positions []*engine.Position
	// PositionsFile is the positions as a file for the drivers (one CGP a line); needed only
	// when Drivers are given (WritePositions writes one).
	PositionsFile string
	// Endgames are the endgame figure's positions (bag empty, both racks known) and
	// EndgamesFile the same for the drivers.
	Endgames     []*engine.Position
	EndgamesFile string
	Figures      []Figure // nil: every figure
	Runs         int      // rounds, at least 1
	Seconds      float64  // CPU seconds a figure's run lasts (at least one pass)
	Seed         uint64   // the simulations' and self-play games' seeds
	Drivers      []Driver
	// Progress, if set, is called after each measurement with the measurements done and their
	// total.
	Progress func(done, total int)
	// CPU is the clock measurements are taken with; nil: the process's CPU time (user +
	// system).
	CPU func() time.Duration
}

// Stats are a figure's runs: the median and the spread.
type Stats struct {
	Median float64   `json:"median"`
	Min    float64   `json:"min"`
	Max    float64   `json:"max"`
	Runs   []float64 `json:"runs"`
}

// Comparison is one driver's results for a figure.
type Comparison struct {
	Engine string `json:"engine"`
	Driver string `json:"driver"`
	// Supported is false when the driver said it cannot measure the figure.
	Supported bool   `json:"supported"`
	Stats     *Stats `json:"stats,omitempty"`
	// Ratio is atril's figure over the other engine's, round by round.
	Ratio *Stats `json:"ratio,omitempty"`
}

// Result is one figure's measurements.
type Result struct {
	Figure        Figure       `json:"figure"`
	Unit          string       `json:"unit"`
	LowerIsBetter bool         `json:"lower_is_better"`
	Atril         Stats        `json:"atril"`
	Others        []Comparison `json:"others,omitempty"`
}

// Report is a whole run.
type Report struct {
	Lexicon   string   `json:"lexicon"`
	Positions int      `json:"positions"`
	Runs      int      `json:"runs"`
	Seconds   float64  `json:"seconds"`
	Seed      uint64   `json:"seed"`
	Results   []Result `json:"results"`
}

// Run measures every figure cfg asks for, Runs rounds, on one core (it sets GOMAXPROCS to 1
// while it runs). When ctx is cancelled it stops and returns ctx's error.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Lexicon == nil || cfg.Lexicon.Graph == nil {
		return nil, i18n.E("bench.no_lexicon")
	}
	if cfg.Runs < 1 || cfg.Runs > MaxRuns {
		return nil, i18n.E("bench.runs_range", "Runs", cfg.Runs, "Max", MaxRuns)
	}
	if !(cfg.Seconds > 0 && cfg.Seconds <= MaxSeconds) {
		return nil, i18n.E("bench.seconds_range", "Seconds", cfg.Seconds, "Max", MaxSeconds)
	}
	if len(cfg.Positions) == 0 {
		return nil, i18n.E("bench.no_positions")
	}
	if len(cfg.Drivers) > 0 && cfg.PositionsFile == "" {
		return nil, i18n.E("bench.no_positions_file")
	}
	if cfg.Leaves == nil {
		cfg.Leaves = equity.NewDefault(cfg.Lexicon.Tiles)
	}
	if cfg.CPU == nil {
		cfg.CPU = CPUTime
	}
	figs := cfg.Figures
	if len(figs) == 0 {
		figs = Figures
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))

	rep := &Report{Lexicon: cfg.Lexicon.Name, Positions: len(cfg.Positions), Runs: cfg.Runs, Seconds: cfg.Seconds, Seed: cfg.Seed}
	type series struct {
		atril  []float64
		others [][]float64 // per driver; nil once a driver said unsupported
		unsup  []bool
	}
	all := make([]series, len(figs))
	meters := make([]meter, len(figs))
	for i, f := range figs {
		m, err := newMeter(f, &cfg)
		if err != nil {
			return nil, err
		}
		meters[i] = m
		all[i].others = make([][]float64, len(cfg.Drivers))
		all[i].unsup = make([]bool, len(cfg.Drivers))
	}
	done, total := 0, cfg.Runs*len(figs)*(1+len(cfg.Drivers))
	step := func() {
		done++
		if cfg.Progress != nil {
			cfg.Progress(done, total)
		}
	}
	for r := 0; r < cfg.Runs; r++ {
		for i, f := range figs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			v, err := meters[i].measure(cfg.Seconds, cfg.CPU)
			if err != nil {
				return nil, err
			}
			all[i].atril = append(all[i].atril, v)
			step()
			for d, drv := range cfg.Drivers {
				if all[i].unsup[d] {
					step()
					continue
				}
				file := cfg.PositionsFile
				if f == Endgame {
					file = cfg.EndgamesFile
				}
				v, ok, err := RunDriver(ctx, drv, f, cfg.Seconds, file)
				if err != nil {
					if ctx.Err() != nil {
						return nil, ctx.Err()
					}
					return nil, err
				}
				if !ok {
					all[i].unsup[d] = true
				} else {
					all[i].others[d] = append(all[i].others[d], v)
				}
				step()
			}
		}
	}
	for i, f := range figs {
		res := Result{Figure: f, Unit: f.Unit(), LowerIsBetter: f.LowerIsBetter(), Atril: summarize(all[i].atril)}
		for d, drv := range cfg.Drivers {
			c := Comparison{Engine: drv.Name, Driver: drv.Path, Supported: !all[i].unsup[d]}
			if c.Supported {
				st := summarize(all[i].others[d])
				ratios := make([]float64, len(all[i].atril))
				for k, a := range all[i].atril {
					ratios[k] = a / all[i].others[d][k]
				}
				rt := summarize(ratios)
				c.Stats, c.Ratio = &st, &rt
			}
			res.Others = append(res.Others, c)
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

func summarize(v []float64) Stats {
	s := slices.Clone(v)
	slices.Sort(s)
	st := Stats{Runs: v, Min: s[0], Max: s[len(s)-1]}
	if n := len(s); n%2 == 1 {
		st.Median = s[n/2]
	} else {
		st.Median = (s[n/2-1] + s[n/2]) / 2
	}
	return st
}

// CPUTime is the process's user+system CPU time: on a shared machine it is steadier than the
// wall clock, which also counts time spent waiting for a core.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// meter measures one figure: prepared once, then run for a number of CPU seconds at a time.
type meter interface {
	// measure runs whole passes until seconds of CPU time have passed and returns the figure.
	measure(seconds float64, cpu func() time.Duration) (float64, error)
}

func newMeter(f Figure, cfg *Config) (meter, error) {
	switch f {
	case TopEquity, AllMoves:
		return newGenMeter(f, cfg), nil
	case Sim:
		return newSimMeter(cfg)
	case SelfPlay:
		return newSelfPlayMeter(cfg)
	case Endgame:
		return newEndgameMeter(cfg)
	}
	return nil, i18n.E("bench.bad_figure", "Figure", i18n.Quote(string(f)), "Want", "topeq, all, sim, selfplay, endgame")
}

// genMeter times move generation: one generator a position, asked about its rack each pass.
type genMeter struct {
	gens  []*movegen.Generator
	racks [][]lexicon.Tile
	opts  []movegen.Options
}

func newGenMeter(f Figure, cfg *Config) *genMeter {
	m := &genMeter{}
	for _, p := range cfg.Positions {
		g := movegen.New(cfg.Lexicon.Graph, cfg.Lexicon.Tiles, p.Board.Layout)
		g.SetBoard(p.Board)
		o := movegen.Options{}
		if f == TopEquity {
			o = movegen.SideToMove(p.BagCount(), cfg.Leaves)
			o.Top = 1
		}
		m.gens = append(m.gens, g)
		m.racks = append(m.racks, p.Racks[0])
		m.opts = append(m.opts, o)
	}
	for range 2 { // warm up: slices grow, lazy tables are built
		m.pass()
	}
	return m
}

//go:noinline
func (m *genMeter) pass() int {
	n := 0
	for i, g := range m.gens {
		n += len(g.Generate(m.racks[i], m.opts[i]))
	}
	return n
}

func (m *genMeter) measure(seconds float64, cpu func() time.Duration) (float64, error) {
	c0 := cpu()
	passes := 0
	for {
		m.pass()
		passes++
		if el := cpu() - c0; el.Seconds() >= seconds {
			return float64(el.Nanoseconds()) / 1e3 / float64(passes*len(m.gens)), nil
		}
	}
}

// simMeter times simulation: each position's top SimCandidates plays, SimIterations
// iterations a position in turn.
type simMeter struct {
	sims  []*sim.Simulator
	pos   []*engine.Position
	cands [][]engine.Move
}

func newSimMeter(cfg *Config) (*simMeter, error) {
	m := &simMeter{}
	for i, p := range cfg.Positions {
		g := movegen.New(cfg.Lexicon.Graph, cfg.Lexicon.Tiles, p.Board.Layout)
		g.SetBoard(p.Board)
		o := movegen.SideToMove(p.BagCount(), cfg.Leaves)
		o.Top = SimCandidates
		cands := slices.Clone(g.Generate(p.Racks[0], o))
		if len(cands) == 0 {
			continue
		}
		s, err := sim.New(sim.Config{Lexicon: cfg.Lexicon, Layout: p.Board.Layout, Leaves: cfg.Leaves, Plies: SimPlies,
			MaxIterations: SimIterations, Workers: 1, Seed: cfg.Seed + uint64(i)})
		if err != nil {
			return nil, err
		}
		m.sims, m.pos, m.cands = append(m.sims, s), append(m.pos, p), append(m.cands, cands)
	}
	if len(m.sims) == 0 {
		return nil, i18n.E("bench.nothing_to_simulate")
	}
	if _, err := m.pass(); err != nil { // warm up
		return nil, err
	}
	return m, nil
}

func (m *simMeter) pass() (int, error) {
	n := 0
	for i, s := range m.sims {
		res, err := s.Run(context.Background(), m.pos[i], m.cands[i])
		if err != nil {
			return n, err
		}
		n += res.Iterations
	}
	return n, nil
}

func (m *simMeter) measure(seconds float64, cpu func() time.Duration) (float64, error) {
	c0 := cpu()
	iters := 0
	for {
		n, err := m.pass()
		if err != nil {
			return 0, err
		}
		iters += n
		if el := cpu() - c0; el.Seconds() >= seconds {
			return float64(iters) / el.Seconds(), nil
		}
	}
}

// selfPlayMeter times static self-play: every run plays the same games, from game 1 on.
type selfPlayMeter struct {
	p *game.Player
}

func newSelfPlayMeter(cfg *Config) (*selfPlayMeter, error) {
	p := game.NewPlayer(game.SelfPlayConfig{Lexicon: cfg.Lexicon, Rules: game.FILERules, Leaves: cfg.Leaves,
		Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Seed: cfg.Seed})
	if _, err := p.PlayGame(0); err != nil { // warm up
		return nil, err
	}
	return &selfPlayMeter{p: p}, nil
}

func (m *selfPlayMeter) measure(seconds float64, cpu func() time.Duration) (float64, error) {
	c0 := cpu()
	for i := 1; ; i++ {
		if _, err := m.p.PlayGame(i); err != nil {
			return 0, err
		}
		if el := cpu() - c0; el.Seconds() >= seconds {
			return float64(i) / el.Seconds(), nil
		}
	}
}

// RunDriver runs a driver for one figure (see the package doc) and returns its value, or ok
// false when it answered that it cannot measure the figure.
func RunDriver(ctx context.Context, d Driver, f Figure, seconds float64, positionsFile string) (value float64, ok bool, err error) {
	cmd := exec.CommandContext(ctx, d.Path, string(f), strconv.FormatFloat(seconds, 'f', -1, 64), positionsFile)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return 0, false, i18n.E("bench.driver_exit", "Engine", d.Name, "Driver", d.Path, "Figure", string(f),
				"Code", exit.ExitCode(), "Stderr", lastLine(stderr.String()))
		}
		return 0, false, i18n.Wrap(err, "bench.driver_start", "Engine", d.Name, "Driver", d.Path)
	}
	found := false
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		bad := func() error {
			return i18n.E("bench.driver_line", "Engine", d.Name, "Driver", d.Path, "Line", line, "Text", i18n.Quote(clip(text)),
				"Want", fmt.Sprintf("%s NUMBER", f), "Unsupported", fmt.Sprintf("%s unsupported", f))
		}
		if len(fields) != 2 || fields[0] != string(f) || found {
			return 0, false, bad()
		}
		found = true
		if fields[1] == "unsupported" {
			continue
		}
		v, perr := strconv.ParseFloat(fields[1], 64)
		if perr != nil || !(v > 0) || math.IsInf(v, 0) {
			return 0, false, bad()
		}
		value, ok = v, true
	}
	if err := sc.Err(); err != nil {
		return 0, false, i18n.Wrap(err, "bench.driver_start", "Engine", d.Name, "Driver", d.Path)
	}
	if !found {
		return 0, false, i18n.E("bench.driver_silent", "Engine", d.Name, "Driver", d.Path, "Figure", string(f))
	}
	return value, ok, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return clip(s)
}

func clip(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// Builtin is a set of n midgame positions from seeded self-play (top play by equity against
// itself under FILE rules): the turns 6 to 12 of each game with tiles in the bag, as the
// player to move sees them (the opponent's rack unknown). The same seed gives the same set.
func Builtin(lex *lexicon.Lexicon, leaves equity.Leaves, n int, seed uint64) ([]*engine.Position, error) {
	if n < 1 || n > MaxPositions {
		return nil, i18n.E("bench.count_range", "Count", n, "Max", i18n.Int(MaxPositions))
	}
	var out []*engine.Position
	p := game.NewPlayer(game.SelfPlayConfig{Lexicon: lex, Rules: game.FILERules, Leaves: leaves,
		Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Seed: seed})
	p.OnTurn = func(g *game.Game, _ *engine.Move) {
		if len(out) < n && g.Turns >= 6 && g.Turns <= 12 && g.Bag.Len() > 0 && len(g.Rack()) > 0 {
			pos := g.Position()
			pos.Racks[1] = nil
			out = append(out, pos)
		}
	}
	for i := 0; len(out) < n; i++ {
		if i > 10*n+10 {
			return nil, i18n.E("bench.few_positions", "Count", len(out), "Games", i)
		}
		if _, err := p.PlayGame(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ReadPositions reads positions, one CGP a line (blank lines and lines starting with # are
// skipped); name is the file's name for errors.
func ReadPositions(r io.Reader, name string, ts *lexicon.TileSet, layout *engine.Layout) ([]*engine.Position, error) {
	var out []*engine.Position
	sc := fileio.NewScanner(r, name, maxPositionsBytes, 1<<20)
	for sc.Scan() {
		line := sc.Line()
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := engine.ParseCGP(text, ts, layout)
		if err != nil {
			return nil, i18n.Wrap(err, "bench.positions_line", "File", name, "Line", line)
		}
		if len(p.Racks[0]) == 0 {
			return nil, i18n.E("bench.positions_no_rack", "File", name, "Line", line)
		}
		if len(out) == MaxPositions {
			return nil, i18n.E("bench.positions_many", "File", name, "Max", i18n.Int(MaxPositions))
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, err // names the file (and the line)
	}
	if len(out) == 0 {
		return nil, i18n.E("bench.positions_empty", "File", name)
	}
	return out, nil
}

// maxPositionsBytes bounds a file of positions: MaxPositions lines of a full board's CGP and
// more, so that an endless input (comments for ever) ends.
const maxPositionsBytes = 64 << 20

// ReadPositionsFile reads a file of positions (see ReadPositions).
func ReadPositionsFile(path string, ts *lexicon.TileSet, layout *engine.Layout) ([]*engine.Position, error) {
	f, err := fileio.Open(path)
	if err != nil {
		return nil, i18n.Wrap(err, "bench.positions_read", "File", path)
	}
	defer f.Close()
	return ReadPositions(f, path, ts, layout)
}

// WritePositions writes positions one CGP a line, with the lexicon's name (the "lex" opcode)
// when the position does not name one, for the drivers.
func WritePositions(w io.Writer, ps []*engine.Position, lexName string) error {
	bw := bufio.NewWriter(w)
	for _, p := range ps {
		s := p.CGP()
		if _, named := p.Opcode("lex"); !named && lexName != "" {
			s += " lex " + lexName + ";"
		}
		if _, err := bw.WriteString(s + "\n"); err != nil {
			return err
		}
	}
	return bw.Flush()
}
