package gcg

import (
	"fmt"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// Turns is the number of events.
func (g *Game) Turns() int { return len(g.Events) }

// Replay plays the first n events (all when n < 0 or n > len) onto an empty board and returns
// the position then: the board, the racks (the player to move first, each as that player's
// next event in the file shows it, empty if unknown), the scores and the scoreless-turn count.
// Each play must fit the board and score what the file says under ts (words are not judged:
// a GCG may hold phonies, withdrawn with "--").
func (g *Game) Replay(ts *lexicon.TileSet, layout *engine.Layout, n int) (*engine.Position, error) {
	if n < 0 || n > len(g.Events) {
		n = len(g.Events)
	}
	b := engine.NewBoard(layout)
	var scores [2]int
	var lastPlay [2]*engine.Board // the board before each player's last play, for "--"
	var lastScoreless [2]int      // the scoreless-turn count before it
	scoreless := 0
	for i := 0; i < n; i++ {
		ev := &g.Events[i]
		bad := func(format string, a ...any) error {
			return fmt.Errorf("line %d: %s", ev.Line, fmt.Sprintf(format, a...))
		}
		switch ev.Kind {
		case Play:
			v := engine.Check(b, &ev.Move, ts, nil, nil)
			for _, p := range v.Problems {
				switch p.Kind {
				case engine.ProblemBoardMismatch, engine.ProblemNothingThrough, engine.ProblemOffBoard, engine.ProblemNoTiles, engine.ProblemTooManyTiles:
					return nil, bad("%s %s: %s", engine.FormatCoords(&ev.Move), engine.FormatPlayedTiles(&ev.Move, nil, ts), p.Message)
				}
			}
			if v.Score != ev.Score {
				return nil, bad("%s scores %d under the %s tile set, the file says %d", engine.FormatMove(&v.Move, b, ts), v.Score, ts.Name, ev.Score)
			}
			lastPlay[ev.Player] = b.Clone()
			lastScoreless[ev.Player] = scoreless
			b.Apply(&v.Move)
			scoreless = 0
		case PhonyReturned:
			if lastPlay[ev.Player] == nil {
				return nil, bad("a play withdrawn (--) but %s has made no play", g.Players[ev.Player].Nick)
			}
			b = lastPlay[ev.Player]
			lastPlay[ev.Player] = nil
			// The withdrawn play scored nothing: the run of scoreless turns goes on.
			scoreless = lastScoreless[ev.Player] + 1
		case Pass, Exchange:
			scoreless++
		}
		scores[ev.Player] = ev.Cumulative
	}
	toMove := 0
	if n < len(g.Events) {
		toMove = g.Events[n].Player
	} else if n > 0 {
		toMove = 1 - g.Events[n-1].Player
	}
	p := &engine.Position{Board: b, Tiles: ts, ScorelessTurns: scoreless}
	p.Scores = [2]int{scores[toMove], scores[1-toMove]}
	for side, player := range []int{toMove, 1 - toMove} {
		for j := n; j < len(g.Events); j++ {
			if ev := g.Events[j]; ev.Player == player && ev.Kind != EndRackPoints {
				p.Racks[side] = append([]lexicon.Tile(nil), ev.Rack...)
				break
			}
		}
	}
	if g.Lexicon != "" {
		p.SetOpcode("lex", g.Lexicon)
	}
	return p, nil
}
