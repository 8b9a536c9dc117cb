package puzzles

import (
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Defaults of AnalyzeOptions.
const (
	DefaultMargin = 10  // EQUITY and POINTS: the lead that tags a best-play puzzle
	DefaultAccept = 1.0 // plays this close to the best (equity points) are right too
	DefaultTop    = 10  // the engine's top plays a puzzle keeps
	// MinBag: turns with fewer tiles in the bag are endgames, which these puzzles leave out
	// (as Woogles does).
	MinBag = engine.RackSize
	// maxAccepted bounds the near-equal plays kept (a rack may have many equal exchanges).
	maxAccepted = 20
)

// AnalyzeOptions say which puzzle to make of a position.
type AnalyzeOptions struct {
	// Kinds: the puzzles wanted; a position with a bingo makes a bingo puzzle when KindBingo is
	// wanted, else a best-play puzzle when KindBest is. Empty: both.
	Kinds []Kind
	// Margin is the lead of the EQUITY and POINTS tags (0: DefaultMargin).
	Margin float64
	// Accept is how close to the answer's equity another play must be to count as right too
	// (0: DefaultAccept; negative: none).
	Accept float64
}

func (o AnalyzeOptions) withDefaults() AnalyzeOptions {
	if len(o.Kinds) == 0 {
		o.Kinds = Kinds
	}
	if o.Margin == 0 {
		o.Margin = DefaultMargin
	}
	if o.Accept == 0 {
		o.Accept = DefaultAccept
	}
	if o.Accept < 0 {
		o.Accept = 0
	}
	return o
}

// Analyzer turns positions into puzzles. It keeps a move generator: make one per goroutine.
type Analyzer struct {
	lex    *lexicon.Lexicon
	leaves equity.Leaves
	opts   AnalyzeOptions
	gen    *movegen.Generator
	power  [lexicon.MaxLetters + 1]bool
}

// NewAnalyzer makes an analyzer under a lexicon; leaves nil is the built-in default.
func NewAnalyzer(lex *lexicon.Lexicon, layout *engine.Layout, leaves equity.Leaves, opts AnalyzeOptions) *Analyzer {
	if layout == nil {
		layout = engine.StandardLayout()
	}
	if leaves == nil {
		leaves = equity.NewDefault(lex.Tiles)
	}
	a := &Analyzer{lex: lex, leaves: leaves, opts: opts.withDefaults(), gen: movegen.New(lex.Graph, lex.Tiles, layout)}
	for _, l := range powerTiles {
		if t, ok := lex.Tiles.Tile(l); ok && int(t) < len(a.power) {
			a.power[t] = true
		}
	}
	return a
}

// Analysis is a position's puzzle (nil when it makes none) and what generation needs besides.
type Analysis struct {
	Puzzle *Puzzle
	// Best is the engine's best play by static equity (a pass when there is nothing else): what
	// self-play plays.
	Best engine.Move
	// Top are the best plays by static equity (up to DefaultTop), the candidates a simulation
	// verifies.
	Top []engine.Move
	// Bag is the number of tiles in the bag, the opponent's rack being unknown.
	Bag    int
	scores scores
}

// Analyze makes the puzzle of position pos, the player to move's rack being pos.Racks[0] and
// the opponent's hidden. It makes none when the bag holds fewer than MinBag tiles or the rack
// is not full. The puzzle keeps pos: do not change it afterwards.
func (a *Analyzer) Analyze(pos *engine.Position) *Analysis {
	ts := a.lex.Tiles
	hidden := pos.Hidden()
	bag := pos.HiddenBag()
	rack := pos.Racks[0]
	opts := movegen.SideToMove(bag, a.leaves)
	opts.Sort = true
	a.gen.SetBoard(pos.Board)
	moves := a.gen.Generate(rack, opts)
	an := &Analysis{Bag: bag}
	if len(moves) == 0 {
		an.Best.Kind = engine.Pass
		return an
	}
	an.Best = moves[0]
	an.Top = slices.Clone(moves[:min(DefaultTop, len(moves))])
	an.scores = scoresOf(moves)
	if bag < MinBag || len(rack) != engine.RackSize {
		return an
	}
	pz := &Puzzle{Position: hidden, Lexicon: a.lex.Name, Tiles: ts.Name, Rating: NewRating()}
	pz.Bag = bag
	best := &moves[0]
	for i := range an.Top {
		pz.Top = append(pz.Top, a.play(pos.Board, &moves[i], best.Equity))
	}
	if slices.Contains(a.opts.Kinds, KindBingo) {
		var bingos []*engine.Move
		for i := range moves {
			if m := &moves[i]; m.Kind == engine.Play && m.Placed == engine.RackSize {
				pz.Answers = append(pz.Answers, a.play(pos.Board, m, best.Equity))
				bingos = append(bingos, m)
			}
		}
		if len(pz.Answers) > 0 {
			pz.Kind = KindBingo
			a.tagBingo(pz, bingos)
			an.Puzzle = pz
			return an
		}
	}
	if !slices.Contains(a.opts.Kinds, KindBest) || best.Kind == engine.Pass {
		return an
	}
	pz.Kind = KindBest
	pz.Answers = []Play{pz.Top[0]}
	tol := a.opts.Accept
	pz.Accept = &tol
	for i := 1; i < len(moves) && len(pz.Accepted) < maxAccepted; i++ {
		if best.Equity-moves[i].Equity > a.opts.Accept {
			break
		}
		pz.Accepted = append(pz.Accepted, a.play(pos.Board, &moves[i], best.Equity))
	}
	other := best.Equity - a.opts.Margin // a lone play leads by the margin
	if len(moves) > 1 {
		other = moves[1].Equity
	}
	a.tagBest(pz, best, other, an.scores)
	an.Puzzle = pz
	return an
}

// play writes a move as a puzzle keeps it; best is the best equity (for the loss).
func (a *Analyzer) play(b *engine.Board, m *engine.Move, best float64) Play {
	ts := a.lex.Tiles
	p := Play{Move: engine.FormatMove(m, b, ts), Score: int(m.Score), Equity: num.Round2(m.Equity),
		Loss: num.Round2(best - m.Equity), Leave: ts.Notation(m.LeaveTiles()), Key: playKey(m)}
	if m.Kind == engine.Play {
		p.Coords = engine.FormatCoords(m)
		p.Word = engine.FormatWord(m, b, ts)
		p.Tiles = int(m.Placed)
	}
	return p
}

// tagBingo tags a bingo puzzle and sets its difficulty.
func (a *Analyzer) tagBingo(pz *Puzzle, bingos []*engine.Move) {
	ts := a.lex.Tiles
	words := map[string]bool{}
	all8, digraph := true, false
	for i, m := range bingos {
		words[pz.Answers[i].Word] = true
		if m.Len <= engine.RackSize {
			all8 = false
		}
		// A digraph tile placed: from the rack, or a blank played as one.
		for _, t := range m.Tiles[:m.Len] {
			digraph = digraph || t != engine.PlayedThrough && ts.IsDigraph(t.Letter())
		}
	}
	blank := slices.Contains(pz.Position.Racks[0], lexicon.Blank)
	if len(words) == 1 {
		pz.Tags = append(pz.Tags, puzzletag.OnlyBingo)
	}
	if blank {
		pz.Tags = append(pz.Tags, puzzletag.BlankBingo)
	}
	if all8 {
		pz.Tags = append(pz.Tags, puzzletag.Bingo8Plus)
	}
	if digraph {
		pz.Tags = append(pz.Tags, puzzletag.Digraph)
	}
	// Difficulty: fewer words to find is harder, a bingo only through the board harder still,
	// a blank widens the search.
	d := 0.5
	switch n := len(words); {
	case n == 1:
		d += 0.15
	case n >= 4:
		d -= 0.15
	default:
		d -= 0.05 * float64(n-1)
	}
	if all8 {
		d += 0.2
	}
	if blank {
		d += 0.1
	}
	a.setDifficulty(pz, d)
}

// scores are the two highest scores among a position's moves and the key of the play with the
// first.
type scores struct {
	top, second int32
	topKey      string
}

func scoresOf(moves []engine.Move) scores {
	sc := scores{top: -1, second: -1}
	for i := range moves {
		m := &moves[i]
		switch {
		case m.Score > sc.top:
			sc.second, sc.top, sc.topKey = sc.top, m.Score, playKey(m)
		case m.Score > sc.second:
			sc.second = m.Score
		}
	}
	return sc
}

// bestOther is the highest score among plays other than m.
func (sc scores) bestOther(m *engine.Move) int32 {
	if sc.topKey == playKey(m) && m.Score == sc.top {
		return sc.second
	}
	return sc.top
}

// tagBest tags a best-play puzzle whose answer is m, other the best equity among the other
// plays and sc the position's scores, and sets its difficulty.
func (a *Analyzer) tagBest(pz *Puzzle, m *engine.Move, other float64, sc scores) {
	pz.Tags = nil
	lead := m.Equity - other
	second := sc.bestOther(m)
	if lead >= a.opts.Margin {
		pz.Tags = append(pz.Tags, puzzletag.Equity)
	}
	if m.Kind == engine.Play && float64(m.Score-second) >= a.opts.Margin {
		pz.Tags = append(pz.Tags, puzzletag.Points)
	}
	switch {
	case m.Kind == engine.Exchange:
		pz.Tags = append(pz.Tags, puzzletag.Exchange, puzzletag.NonBingo)
	case m.Placed == engine.RackSize:
		pz.Tags = append(pz.Tags, puzzletag.Bingo)
	default:
		pz.Tags = append(pz.Tags, puzzletag.NonBingo)
	}
	if m.Kind == engine.Play {
		for _, t := range m.Tiles[:m.Len] {
			if t != engine.PlayedThrough && !t.IsBlanked() && int(t) < len(a.power) && a.power[t] {
				pz.Tags = append(pz.Tags, puzzletag.PowerTile)
				break
			}
		}
	}
	// Difficulty: the top scorer is easy to find, a quieter play harder, an exchange harder
	// still; a clear lead makes it easier, a narrow one harder.
	d := 0.5
	if m.Score >= sc.top {
		d -= 0.15
	} else {
		d += 0.1 * min(2, float64(sc.top-m.Score)/10)
	}
	if m.Kind == engine.Exchange {
		d += 0.2
	}
	if m.Placed == engine.RackSize {
		d -= 0.1
	}
	switch {
	case lead >= a.opts.Margin:
		d -= 0.1
	case lead < 2:
		d += 0.1
	}
	a.setDifficulty(pz, d)
}

// setDifficulty sets the difficulty (0 easy .. 1 hard) and the rating a puzzle starts from:
// 1100 to 1900 around 1500, with Glicko-2's initial deviation, so that the first attempts move
// it quickly where players put it.
func (a *Analyzer) setDifficulty(pz *Puzzle, d float64) {
	d = max(0.05, min(0.95, d))
	pz.Difficulty = num.Round2(d)
	pz.Rating = NewRating()
	pz.Rating.Rating = InitialRating + 800*(d-0.5)
}
