package gcg

import (
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Describe says what event i did, in p's language, as a player would tell it: "ana played 8F
// BOCA for 16", "beto's play was withdrawn". Moves are in the notation `atril score` reads,
// tiles already on the board in parentheses when before (the board before the event) is
// given, as dots when it is nil.
func (g *Game) Describe(p *i18n.Printer, i int, ts *lexicon.TileSet, before *engine.Board) string {
	ev := &g.Events[i]
	nick := g.Players[ev.Player].Nick
	rack := func(t []lexicon.Tile) string { return ts.Notation(lexicon.Alphagram(t)) }
	switch ev.Kind {
	case Play:
		return p.T("gcg.event.play", "Nick", nick, "Move", engine.FormatMove(&ev.Move, before, ts), "Score", p.Int(ev.Score))
	case Exchange:
		return p.N("gcg.event.exchange", ev.Exchanged, "Nick", nick)
	case Pass:
		return p.T("gcg.event.pass", "Nick", nick)
	case PhonyReturned:
		return p.T("gcg.event.withdrawn", "Nick", nick)
	case ChallengeBonus:
		return p.T("gcg.event.challenge_bonus", "Nick", nick, "Score", p.Int(ev.Score))
	case EndRackPoints:
		return p.T("gcg.event.rack_points", "Nick", nick, "Score", p.Int(ev.Score), "Rack", rack(ev.OtherRack))
	case RackPenalty:
		return p.T("gcg.event.rack_penalty", "Nick", nick, "Score", p.Int(-ev.Score), "Rack", rack(ev.OtherRack))
	case TimePenalty:
		return p.T("gcg.event.time_penalty", "Nick", nick, "Score", p.Int(-ev.Score))
	}
	return ""
}
