package play

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// DefaultPuzzleLoss is the equity a turn of the player must have lost to become a puzzle at the
// end of a game.
const DefaultPuzzleLoss = 10.0

// ConcludeOptions say what to do once a game has ended.
type ConcludeOptions struct {
	Table equity.Table // the leave table the analysis and puzzles value leaves with
	// Endgame solves the turns played with the bag empty (nil: static equity).
	Endgame analysis.Endgame
	// GCGFile, if set, is where the record is written (else into the games directory beside the
	// study database, when puzzles are made from it).
	GCGFile string
	// PuzzleLoss: the player's turns that lost this much equity or more become puzzles, made by
	// package puzzles from the record as `atril puzzle gen --gcg FILE --player NAME` makes them
	// (checked statically: a game's end is no place for minutes of simulation). Negative: none.
	PuzzleLoss float64
}

// Conclusion is what the end of a game found.
type Conclusion struct {
	Report  *analysis.Report
	GCGFile string
	Puzzles int // puzzles stored from the player's mistakes
}

// GamesDir is where records of stored games are written for puzzle generation: "games" beside
// the study database.
func GamesDir(st *studystore.Store) string { return filepath.Join(filepath.Dir(st.Path()), "games") }

// Conclude analyses the player's turns of a finished game, keeps the analysis with the game,
// writes the record and makes puzzles of the costliest mistakes.
func Conclude(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, s *State, id int64, o ConcludeOptions) (*Conclusion, error) {
	c := &Conclusion{}
	an, err := analysis.New(analysis.Options{Lexicon: lex, Leaves: o.Table.Leaves, Endgame: o.Endgame})
	if err != nil {
		return nil, err
	}
	// The record as written, read back: what analyze reads.
	var text strings.Builder
	if err := s.Record.Write(&text, lex.Tiles); err != nil {
		return nil, err
	}
	rec, err := gcg.Read(strings.NewReader(text.String()), GameName(id), lex.Tiles)
	if err != nil {
		return nil, err
	}
	r, err := an.Game(ctx, rec, s.PlayerSeat())
	if err != nil {
		return nil, err
	}
	c.Report = r
	sum := r.Summary
	if err := st.SetGameAnalysis(context.WithoutCancel(ctx), id, studystore.GameAnalysis{Turns: sum.Turns, EquityLost: sum.TotalLoss,
		BingosPlayed: sum.BingosPlayed, BingosMissed: sum.BingosMissed, Phonies: sum.Phonies, ChallengesLost: sum.ChallengesLost}); err != nil {
		return c, err
	}
	file := o.GCGFile
	if file == "" && o.PuzzleLoss >= 0 {
		if err := os.MkdirAll(GamesDir(st), 0o755); err != nil {
			return c, i18n.Wrap(err, "play.write_gcg", "File", GamesDir(st))
		}
		file = filepath.Join(GamesDir(st), GameName(id))
	}
	if file != "" {
		if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
			return c, i18n.Wrap(err, "play.write_gcg", "File", file)
		}
		c.GCGFile = file
	}
	if o.PuzzleLoss < 0 {
		return c, nil
	}
	loss := o.PuzzleLoss
	if loss == 0 {
		loss = DefaultPuzzleLoss
	}
	c.Puzzles, err = MistakePuzzles(ctx, st, lex, o.Table, file, []byte(text.String()), s.Settings.Player, loss, nil)
	return c, err
}

// GameName is a stored game's record's file name.
func GameName(id int64) string { return "game-" + strconv.FormatInt(id, 10) + ".gcg" }

// EndDoc says how the game ended: the reason, the scores, the time penalty and who won.
func EndDoc(t *ui.Term, p *i18n.Printer, s *State) *ui.Doc {
	d := ui.NewDoc().H1(p.T("play.over"))
	pl, at := s.Scores()
	var why string
	switch s.End {
	case EndWentOut:
		why = p.T("play.end.went_out")
	case EndPasses:
		why = p.T("play.end.passes")
	case EndScoreless:
		why = p.T("play.end.scoreless")
	case EndTime:
		why = p.T("play.end.time")
	}
	d.P(why)
	kv := [][2]string{{p.T("play.scores"), p.T("play.scores_value", "You", p.Int(pl), "Atril", p.Int(at))}}
	if s.Penalty > 0 {
		kv = append(kv, [2]string{p.T("play.time_penalty"), p.T("play.time_penalty_value", "Points", p.Int(s.Penalty),
			"Over", mmss(s.Overtime()))})
	}
	d.KV(kv...)
	switch s.Result() {
	case 1:
		d.P(t.Paint(ui.Good, p.T("play.won", "Margin", p.Int(pl-at))))
	case 0:
		d.P(t.Paint(ui.Bad, p.T("play.lost", "Margin", p.Int(at-pl))))
	default:
		d.P(p.T("play.draw"))
	}
	return d
}

// ConclusionDoc shows the analysis summary, where the record is and the puzzles made.
func ConclusionDoc(t *ui.Term, p *i18n.Printer, ts *lexicon.TileSet, id int64, c *Conclusion) *ui.Doc {
	d := c.Report.Doc(t, p, ts, false)
	if c.GCGFile != "" {
		d.P(p.T("play.gcg_written", "File", c.GCGFile))
	}
	if c.Puzzles > 0 {
		d.P(p.N("play.puzzles_made", c.Puzzles))
	}
	d.Note(p.T("play.analyze_hint", "ID", id))
	return d
}
