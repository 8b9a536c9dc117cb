package gcg

import (
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Turns is the number of events.
func (g *Game) Turns() int { return len(g.Events) }

// isTurn reports whether an event is a turn of its own (a play, an exchange, a pass) rather than
// something that follows one (a withdrawal, a challenge bonus, end-of-game points, a penalty).
func (k Kind) isTurn() bool { return k == Play || k == Exchange || k == Pass }

// ToMove is the player (0 or 1) to move after the first n events: the player of the next turn
// (a play, exchange or pass) in the file, or, when none follows, the opponent of the last
// player to take a turn. Events that follow a turn do not move it on: after a play that is
// then withdrawn ("--") or earns a challenge bonus, the opponent is to move (and is the one
// who challenged); after the withdrawal the turn is still the opponent's.
func (g *Game) ToMove(n int) int {
	n = g.clamp(n)
	for j := n; j < len(g.Events); j++ {
		if g.Events[j].Kind.isTurn() {
			return g.Events[j].Player
		}
	}
	for j := n - 1; j >= 0; j-- {
		if g.Events[j].Kind.isTurn() {
			return 1 - g.Events[j].Player
		}
	}
	return 0
}

func (g *Game) clamp(n int) int {
	if n < 0 || n > len(g.Events) {
		return len(g.Events)
	}
	return n
}

// Rack is what the file shows of player's rack after the first n events, nil if it does not
// show it: the rack the player's next event gives, or, after a withdrawn play with no later
// event of that player, the rack its "--" line gives. A challenge bonus is skipped (files write
// either the rack before the play or the one after it), and so is an end-of-game line. When
// the player's next event withdraws a play already on the board, its rack is the one before
// that play, so the tiles on the board are taken off it: they are not on the rack twice.
func (g *Game) Rack(player, n int) []lexicon.Tile {
	n = g.clamp(n)
	for j := n; j < len(g.Events); j++ {
		ev := &g.Events[j]
		if ev.Player != player || ev.Kind == EndRackPoints || ev.Kind == ChallengeBonus {
			continue
		}
		rack := append([]lexicon.Tile(nil), ev.Rack...)
		// The play a "--" withdraws comes before it; none of the player's events lie between
		// n and j, so it is on the board after the first n events.
		if ev.Kind == PhonyReturned {
			if play := g.lastPlay(player, j); play != nil {
				if left, ok := takeTiles(rack, play.Move.Tiles[:play.Move.Len]); ok {
					rack = left
				}
			}
		}
		return rack
	}
	// No later event: after a withdrawal the rack is the one the "--" line gives (nothing was
	// drawn for the withdrawn play).
	for j := n - 1; j >= 0; j-- {
		if ev := &g.Events[j]; ev.Player == player {
			if ev.Kind == PhonyReturned {
				return append([]lexicon.Tile(nil), ev.Rack...)
			}
			break
		}
	}
	return nil
}

// lastPlay is player's last play before event j, nil if none.
func (g *Game) lastPlay(player, j int) *Event {
	for i := j - 1; i >= 0; i-- {
		if ev := &g.Events[i]; ev.Player == player && ev.Kind == Play {
			return ev
		}
	}
	return nil
}

// takeTiles is rack without the tiles a play placed (a blank for each lower-case tile), false
// if the rack does not hold them all.
func takeTiles(rack, played []lexicon.Tile) ([]lexicon.Tile, bool) {
	left := append([]lexicon.Tile(nil), rack...)
	for _, t := range played {
		if t == engine.PlayedThrough {
			continue
		}
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		i := -1
		for k, r := range left {
			if r == t {
				i = k
				break
			}
		}
		if i < 0 {
			return nil, false
		}
		left = append(left[:i], left[i+1:]...)
	}
	return left, true
}

// Replay plays the first n events (all when n < 0 or n > len) onto an empty board and returns
// the position then: the board, the racks (the player to move first: see ToMove and Rack),
// the scores and the scoreless-turn count. Each play must fit the board and score what the
// file says under ts, and end-of-game rack points must be the rack's value (words are not
// judged: a GCG may hold phonies, withdrawn with "--"). Errors name the file and line.
func (g *Game) Replay(ts *lexicon.TileSet, layout *engine.Layout, n int) (*engine.Position, error) {
	n = g.clamp(n)
	b := engine.NewBoard(layout)
	var scores [2]int
	var lastPlay [2]*engine.Board // the board before each player's last play, for "--"
	var lastScoreless [2]int      // the scoreless-turn count before it
	scoreless := 0
	for i := 0; i < n; i++ {
		ev := &g.Events[i]
		bad := func(id string, kv ...any) error {
			return &Error{File: g.File, Line: ev.Line, Reason: i18n.E(id, kv...)}
		}
		switch ev.Kind {
		case Play:
			if _, ok := takeTiles(ev.Rack, ev.Move.Tiles[:ev.Move.Len]); len(ev.Rack) > 0 && !ok {
				return nil, bad("gcg.replay.not_on_rack", "Move", engine.FormatCoords(&ev.Move)+" "+engine.FormatPlayedTiles(&ev.Move, nil, ts),
					"Rack", ts.Notation(lexicon.Alphagram(ev.Rack)))
			}
			v := engine.Check(b, &ev.Move, ts, nil, nil)
			for _, p := range v.Problems {
				switch p.Kind {
				case engine.ProblemBoardMismatch, engine.ProblemNothingThrough, engine.ProblemOffBoard, engine.ProblemNoTiles, engine.ProblemTooManyTiles:
					return nil, bad("gcg.replay.illegal", "Move", engine.FormatCoords(&ev.Move)+" "+engine.FormatPlayedTiles(&ev.Move, nil, ts), "Err", p.Reason)
				}
			}
			if v.Score != ev.Score {
				return nil, bad("gcg.replay.score", "Move", engine.FormatMove(&v.Move, b, ts), "Score", v.Score, "Set", ts.Name, "Written", ev.Score)
			}
			lastPlay[ev.Player] = b.Clone()
			lastScoreless[ev.Player] = scoreless
			b.Apply(&v.Move)
			scoreless = 0
		case PhonyReturned:
			if lastPlay[ev.Player] == nil {
				return nil, bad("gcg.replay.no_play", "Nick", g.Players[ev.Player].Nick)
			}
			b = lastPlay[ev.Player]
			lastPlay[ev.Player] = nil
			// The withdrawn play scored nothing: the run of scoreless turns goes on.
			scoreless = lastScoreless[ev.Player] + 1
		case Pass, Exchange:
			if _, ok := takeTiles(ev.Rack, ev.Move.Tiles[:ev.Move.Len]); ev.Kind == Exchange && len(ev.Rack) > 0 && !ok {
				return nil, bad("gcg.replay.not_on_rack", "Move", "-"+ts.Notation(ev.Move.Tiles[:ev.Move.Len]), "Rack", ts.Notation(lexicon.Alphagram(ev.Rack)))
			}
			scoreless++
		case EndRackPoints, RackPenalty:
			// The rack's value under ts: won once (FILE, art. 44) or twice (NASPA, Woogles) by
			// the player who went out, lost once by the one left with it.
			value := 0
			for _, t := range ev.OtherRack {
				value += ts.Points(t)
			}
			rack := ts.Notation(lexicon.Alphagram(ev.OtherRack))
			switch {
			case ev.Kind == RackPenalty && ev.Score != -value:
				return nil, bad("gcg.replay.rack_penalty", "Rack", rack, "Value", value, "Set", ts.Name, "Written", ev.Score)
			case ev.Kind == EndRackPoints && ev.Score != value && ev.Score != 2*value:
				return nil, bad("gcg.replay.rack_points", "Rack", rack, "Value", value, "Twice", 2*value, "Set", ts.Name, "Written", ev.Score)
			}
		}
		scores[ev.Player] = ev.Cumulative
	}
	toMove := g.ToMove(n)
	p := &engine.Position{Board: b, Tiles: ts, ScorelessTurns: scoreless}
	p.Scores = [2]int{scores[toMove], scores[1-toMove]}
	p.Racks = [2][]lexicon.Tile{g.Rack(toMove, n), g.Rack(1-toMove, n)}
	if g.Lexicon != "" {
		p.SetOpcode("lex", g.Lexicon)
	}
	return p, nil
}

// Distribution is the tile distribution the file names ("#tile-distribution spanish", as
// macondo and Woogles write it), "" when it names none.
func (g *Game) Distribution() string {
	for _, p := range g.Pragmas {
		if arg, ok := strings.CutPrefix(p, "#tile-distribution "); ok {
			return strings.TrimSpace(arg)
		}
	}
	return ""
}

// ForeignDistribution reports whether the file names a tile distribution other than ts.
func (g *Game) ForeignDistribution(ts *lexicon.TileSet) bool {
	d := g.Distribution()
	return d != "" && !engine.DistributionMatches(d, ts)
}

// Notes are remarks a player should see on how the game was read, as the CGP's are
// (catalogue errors): a tile distribution other than ts, and a lexicon other than lex, the
// one atril judges with ("" when it judges no words).
func (g *Game) Notes(ts *lexicon.TileSet, lex string) []error {
	var out []error
	if g.ForeignDistribution(ts) {
		out = append(out, i18n.E("gcg.note.other_distribution", "File", g.File, "Ld", g.Distribution(), "Set", ts.Name))
	}
	if lex != "" && g.Lexicon != "" && !strings.EqualFold(g.Lexicon, lex) {
		out = append(out, i18n.E("gcg.note.other_lexicon", "File", g.File, "Lexicon", i18n.Quote(g.Lexicon), "Using", lex))
	}
	return out
}
