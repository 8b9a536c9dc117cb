package play

import (
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/lexicon"
)

// FirstSeat is the player's seat for who moves first as asked for: you (0), atril (1) or
// random, drawn from the game's seed; false for none of these.
func FirstSeat(first string, seed uint64) (int, bool) {
	switch first {
	case "you", "tú", "tu", "yo":
		return 0, true
	case "atril":
		return 1, true
	case "random", "azar":
		return int(game.GameSeed(seed, 1) & 1), true
	}
	return 0, false
}

// GameJSON is a game's end as `atril play --json` prints it (the game itself is played on
// stderr).
type GameJSON struct {
	Game     int64                `json:"game"`
	Stopped  string               `json:"stopped"`
	End      string               `json:"end,omitempty"`
	Scores   map[string]int       `json:"scores"`
	Penalty  int                  `json:"time_penalty"`
	Result   string               `json:"result,omitempty"`
	Analysis *analysis.ReportJSON `json:"analysis,omitempty"`
	Puzzles  int                  `json:"puzzles"`
}

// NewGameJSON is game id as the session res left it in state: the result only when finished.
func NewGameJSON(id int64, res *Outcome, state *State) *GameJSON {
	o := &GameJSON{Game: id, Stopped: res.Stopped, End: state.End, Penalty: state.Penalty}
	pl, at := state.Scores()
	o.Scores = map[string]int{state.Settings.Player: pl, EngineNick: at}
	if res.Stopped == StoppedFinished {
		o.Result = [...]string{"loss", "draw", "win"}[int(state.Result()*2)]
	}
	return o
}

// Concluded adds the game's analysis and the puzzles made of it, words in ts's notation.
func (o *GameJSON) Concluded(con *Conclusion, ts *lexicon.TileSet) {
	rj := con.Report.JSON(ts)
	o.Analysis, o.Puzzles = &rj, con.Puzzles
}
