// Package equity values plays beyond their score: what the tiles kept on the rack are worth
// (leaves), from a KLV2 leave table or a simple built-in model.
//
// Equity = score + leave value. There are no pre-endgame adjustments; once the bag is empty the
// leave is valued by EndgameLeave instead (tiles kept are points the player will lose and the
// opponent may gain).
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package equity

import "github.com/atril-scrabble/atril/lexicon"

// Leaves values the tiles kept on the rack after a play (blanks as lexicon.Blank). The slice may
// be in any order and must not be kept or modified.
type Leaves interface {
	LeaveValue(leave []lexicon.Tile) float64
}

// Equity is a play's score plus its leave's value.
func Equity(score int, leave []lexicon.Tile, l Leaves) float64 {
	if l == nil || len(leave) == 0 {
		return float64(score)
	}
	return float64(score) + l.LeaveValue(leave)
}

// EndgameLeave values a leave once the bag is empty: minus twice its points, since a player who
// does not go out loses them and the one who does gains them.
func EndgameLeave(ts *lexicon.TileSet, leave []lexicon.Tile) float64 {
	p := 0
	for _, t := range leave {
		p += ts.Points(t)
	}
	return -2 * float64(p)
}
