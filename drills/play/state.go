// Package play is a whole game against atril in the terminal, under FILE's rules: the board
// drawn after every turn, the player's rack, the scores and the unseen tiles; plays typed as in
// puzzles; five engine levels; the clock of art. 34; challenges as arts. 38-41 say. Every turn
// is saved in the study store the moment it is made, and a game goes on after Ctrl-C or a crash
// (play --resume): the tiles are dealt again from the game's seed and its turns replayed. At
// the end come the result, the game record (GCG) and the analysis of the player's turns
// (engine/analysis), whose costliest mistakes become puzzles.
//
// It owns the game against atril; it must not import stats or a front end (cmd, internal/web).
package play

import (
	"math"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Turn kinds as stored.
const (
	KindPlay      = "play"
	KindExchange  = "exchange"
	KindPass      = "pass"
	KindWithdrawn = "withdrawn" // a play challenged off: the turn is lost (a pass, art. 44.2)
	KindChallenge = "challenge" // a challenge of a valid play: nothing changes (FILE has no penalty)
)

// End reasons as stored, beyond the game's own (game.EndReason).
const (
	EndWentOut   = "went_out"
	EndPasses    = "passes"
	EndScoreless = "scoreless"
	EndTime      = "time" // more than 8 minutes over the clock: the game is lost (art. 34.2)
)

// Art. 34.
const (
	PenaltyPerMinute = 10
	MaxOvertime      = 8 * time.Minute
)

// Settings are a game's, as stored with it.
type Settings struct {
	Lexicon string `json:"-"`
	Tiles   string `json:"-"`
	Leaves  string `json:"-"`
	Level   int    `json:"-"`
	Seed    uint64 `json:"-"`
	Player  string `json:"-"` // the player's name (a GCG nick: no spaces)
	Seat    int    `json:"-"` // 0: the player moves first
	Clock   time.Duration
	// Lenient lets phonies stand: the engine never challenges.
	Lenient bool `json:"lenient"`
	// NoTracking shows only how many tiles are unseen, not which.
	NoTracking bool `json:"no_tracking"`
	// Rules is the end-of-game rule set's name (game.RulesByName).
	Rules string `json:"rules,omitempty"`
}

// EngineNick is atril's name in game records.
const EngineNick = "atril"

// State is a game as it stands: the game itself, its record and the player's clock.
type State struct {
	Settings Settings
	Game     *game.Game
	Record   *gcg.Game
	Turns    []studystore.GameTurn
	// Used is the time the player has taken so far.
	Used time.Duration
	// End is why the game ended ("" while it goes on); Penalty the time penalty taken off the
	// player's score.
	End     string
	Penalty int
	// LastEngine is the index in Record.Events of atril's last play, while the player may still
	// challenge it (-1: nothing to challenge).
	LastEngine int
	lex        *lexicon.Lexicon
}

// NewState deals a new game from its settings.
func NewState(s Settings, lex *lexicon.Lexicon, layout *engine.Layout) (*State, error) {
	rules, err := game.RulesByName(s.Rules)
	if err != nil {
		return nil, err
	}
	if layout == nil {
		layout = engine.StandardLayout()
	}
	st := &State{Settings: s, Game: game.New(lex.Tiles, layout, rules, s.Seed), lex: lex, LastEngine: -1}
	st.Record = &gcg.Game{Lexicon: lex.Name}
	st.Record.Players[s.Seat] = gcg.Player{Nick: s.Player, Name: s.Player}
	st.Record.Players[1-s.Seat] = gcg.Player{Nick: EngineNick, Name: EngineNick}
	return st, nil
}

// Nick makes a name a GCG nick: no spaces, not atril's.
func Nick(name string) string {
	n := strings.Join(strings.Fields(name), "_")
	if n == "" || strings.EqualFold(n, EngineNick) {
		n = "player"
	}
	return n
}

// PlayerSeat and EngineSeat are the seats.
func (s *State) PlayerSeat() int { return s.Settings.Seat }
func (s *State) EngineSeat() int { return 1 - s.Settings.Seat }

// PlayerToMove reports whether it is the player's turn.
func (s *State) PlayerToMove() bool { return s.Game.Turn == s.Settings.Seat }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.End != "" }

// Scores are the player's and atril's scores.
func (s *State) Scores() (player, atril int) {
	return s.Game.Scores[s.PlayerSeat()], s.Game.Scores[s.EngineSeat()]
}

// Unseen are the tiles the player cannot see: the bag and atril's rack, in alphabet order.
func (s *State) Unseen() []lexicon.Tile {
	out := append([]lexicon.Tile(nil), s.Game.Bag.Tiles()...)
	out = append(out, s.Game.Racks[s.EngineSeat()].Tiles()...)
	slices.Sort(out)
	// Blanks last, as a tracking sheet lists them.
	i := 0
	for i < len(out) && out[i] == lexicon.Blank {
		i++
	}
	return append(out[i:], out[:i]...)
}

// Overtime is how far the player is over the clock (0 when within it or without a clock).
func (s *State) Overtime() time.Duration {
	if s.Settings.Clock <= 0 || s.Used <= s.Settings.Clock {
		return 0
	}
	return s.Used - s.Settings.Clock
}

// TimePenalty is art. 34.1's penalty for an overtime: 10 points per minute or part of one.
func TimePenalty(over time.Duration) int {
	if over <= 0 {
		return 0
	}
	return PenaltyPerMinute * int(math.Ceil(over.Minutes()))
}

// apply plays one turn (made now or replayed from the store) on the game and its record. A
// play must be legal on the board (its words are not judged: a phony may stand); its score must
// be t.Score when the turn was stored before (replay checks that the game deals the same).
func (s *State) apply(t studystore.GameTurn) error {
	g := s.Game
	ts := g.Tiles
	if s.Over() {
		return i18n.E("play.game_over")
	}
	if t.Kind != KindChallenge && t.Seat != g.Turn {
		return i18n.E("play.turn_order", "N", t.N+1)
	}
	rack := append([]lexicon.Tile(nil), g.Rack()...)
	if t.Kind != KindChallenge && t.Rack != "" && t.Rack != ts.Notation(lexicon.Alphagram(rack)) {
		return i18n.E("play.replay_rack", "N", t.N+1, "Stored", t.Rack, "Dealt", ts.Notation(lexicon.Alphagram(rack)))
	}
	ev := gcg.Event{Player: t.Seat, Rack: rack}
	var m engine.Move
	if t.Kind != KindChallenge {
		var err error
		if m, err = engine.ParseMove(t.Move, nil, ts); err != nil {
			return i18n.Wrap(err, "play.replay_move", "N", t.N+1, "Move", t.Move)
		}
	}
	switch t.Kind {
	case KindPlay, KindWithdrawn:
		v := engine.Check(g.Board, &m, ts, nil, rack)
		if !v.Legal {
			return i18n.Wrap(v.Problems[0].Reason, "play.replay_move", "N", t.N+1, "Move", t.Move)
		}
		if v.Score != t.Score {
			return i18n.E("play.replay_score", "N", t.N+1, "Move", t.Move, "Score", v.Score, "Stored", t.Score)
		}
		m = v.Move
		ev.Kind, ev.Move, ev.Score = gcg.Play, m, v.Score
		ev.Cumulative = g.Scores[t.Seat] + v.Score
		s.Record.Events = append(s.Record.Events, ev)
		if t.Kind == KindWithdrawn {
			// Art. 38: the play comes off the board, the tiles go back to the rack and the turn
			// is lost, which art. 44.2 counts as a pass.
			s.Record.Events = append(s.Record.Events, gcg.Event{Kind: gcg.PhonyReturned, Player: t.Seat, Rack: rack,
				Score: -v.Score, Cumulative: g.Scores[t.Seat]})
			if err := g.Apply(&engine.Move{Kind: engine.Pass}); err != nil {
				return err
			}
		} else if err := g.Apply(&m); err != nil {
			return err
		}
	case KindExchange, KindPass:
		if err := g.Apply(&m); err != nil {
			return i18n.Wrap(err, "play.replay_move", "N", t.N+1, "Move", t.Move)
		}
		ev.Kind, ev.Move = gcg.Pass, m
		if m.Kind == engine.Exchange {
			ev.Kind, ev.Exchanged = gcg.Exchange, int(m.Len)
		}
		ev.Cumulative = g.Scores[t.Seat]
		s.Record.Events = append(s.Record.Events, ev)
	case KindChallenge:
		// The challenged play was valid: the record says so with a bonus of nothing, FILE's
		// rules giving none (and taking nothing from the challenger).
		other := 1 - t.Seat
		s.Record.Events = append(s.Record.Events, gcg.Event{Kind: gcg.ChallengeBonus, Player: other,
			Rack: append([]lexicon.Tile(nil), g.Racks[other].Tiles()...), Cumulative: g.Scores[other]})
	default:
		return i18n.E("play.replay_kind", "N", t.N+1, "Kind", t.Kind)
	}
	if t.Seat == s.PlayerSeat() {
		s.Used += t.Think
	}
	s.Turns = append(s.Turns, t)
	switch {
	case t.Kind == KindChallenge:
		s.LastEngine = -1
	case t.Seat == s.EngineSeat() && t.Kind == KindPlay:
		s.LastEngine = len(s.Record.Events) - 1
	default:
		s.LastEngine = -1
	}
	if g.Over() {
		s.finish()
	}
	return nil
}

// finish records the end of the game: the racks' values (game.Game has settled the scores),
// then the time penalty.
func (s *State) finish() {
	g := s.Game
	ts := g.Tiles
	switch g.End {
	case game.WentOut:
		s.End = EndWentOut
		p := 1 - g.Turn // the player who went out moved last
		opp := g.Racks[1-p].Tiles()
		v := g.Racks[1-p].Value(ts)
		s.Record.Events = append(s.Record.Events,
			gcg.Event{Kind: gcg.EndRackPoints, Player: p, Score: v, Cumulative: g.Scores[p], OtherRack: slices.Clone(opp)},
			gcg.Event{Kind: gcg.RackPenalty, Player: 1 - p, Score: -v, Cumulative: g.Scores[1-p], Rack: slices.Clone(opp), OtherRack: slices.Clone(opp)})
	case game.ConsecutivePasses, game.ScorelessTurns:
		s.End = EndPasses
		if g.End == game.ScorelessTurns {
			s.End = EndScoreless
		}
		for q := 0; q < 2; q++ {
			r := g.Racks[q].Tiles()
			s.Record.Events = append(s.Record.Events, gcg.Event{Kind: gcg.RackPenalty, Player: q, Score: -g.Racks[q].Value(ts),
				Cumulative: g.Scores[q], Rack: slices.Clone(r), OtherRack: slices.Clone(r)})
		}
	}
	s.penalise(false)
}

// penalise takes the time penalty off the player's score (art. 34.1); lost says the player went
// more than 8 minutes over, which loses the game (art. 34.2): 80 points off, and a score still
// level or ahead is brought to one point below atril's.
func (s *State) penalise(lost bool) {
	p := s.PlayerSeat()
	over := s.Overtime()
	pen := TimePenalty(over)
	if lost {
		pen = PenaltyPerMinute * int(MaxOvertime/time.Minute)
		if s.Game.Scores[p]-pen >= s.Game.Scores[1-p] {
			pen = s.Game.Scores[p] - s.Game.Scores[1-p] + 1
		}
		s.End = EndTime
	}
	if pen == 0 {
		return
	}
	s.Penalty = pen
	s.Game.Scores[p] -= pen
	s.Record.Events = append(s.Record.Events, gcg.Event{Kind: gcg.TimePenalty, Player: p, Score: -pen,
		Cumulative: s.Game.Scores[p], Rack: slices.Clone(s.Game.Racks[p].Tiles())})
}

// LoseOnTime ends the game: the player is more than 8 minutes over the clock.
func (s *State) LoseOnTime() {
	if !s.Over() {
		s.penalise(true)
	}
}

// lastEnginePlay is atril's play when it made the last turn (nil when it did not play then).
func (s *State) lastEnginePlay() *engine.Move {
	for i := len(s.Record.Events) - 1; i >= 0; i-- {
		ev := &s.Record.Events[i]
		switch ev.Kind {
		case gcg.Play, gcg.Exchange, gcg.Pass, gcg.PhonyReturned:
			if ev.Kind == gcg.Play && ev.Player == s.EngineSeat() {
				m := ev.Move
				return &m
			}
			return nil
		}
	}
	return nil
}

// Result is the player's result: 1 a win, 0.5 a draw, 0 a loss.
func (s *State) Result() float64 {
	p, a := s.Scores()
	switch {
	case p > a:
		return 1
	case p < a:
		return 0
	}
	return 0.5
}

// Replay deals a stored game again and replays its turns.
func Replay(rec studystore.GameRecord, settings Settings, turns []studystore.GameTurn, lex *lexicon.Lexicon, layout *engine.Layout) (*State, error) {
	s, err := NewState(settings, lex, layout)
	if err != nil {
		return nil, err
	}
	for _, t := range turns {
		if err := s.apply(t); err != nil {
			return nil, i18n.Wrap(err, "play.replay_failed", "ID", rec.ID)
		}
	}
	return s, nil
}
