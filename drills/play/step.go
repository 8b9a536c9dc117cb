package play

import (
	"context"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A game's turns one at a time, for a front end that is not a line stream (the web interface):
// the same steps Run takes, each saved the moment it is made.

// TurnReport is what one of the player's lines did.
type TurnReport struct {
	// Refused says why the line is no turn (a play that cannot be made, a bad move, nothing
	// to challenge): the player types again; nothing was saved.
	Refused error
	// Made: a turn was made and saved, and the turn passes to atril (or the game ended).
	Made bool
	// Text says what happened, in the reader's language, and Style how it reads.
	Text  string
	Style ui.Style
}

// Turn makes the player's turn typed as in: a play (a phony is withdrawn at once unless the
// game is lenient), an exchange, a pass, or a challenge of atril's last play (which keeps the
// turn). think is the time the player took, charged to the clock; more than MaxOvertime over
// it loses the game on the spot and the turn is not made. The error is a failure to save.
func (se *Session) Turn(ctx context.Context, st *State, id int64, in string, think time.Duration) (TurnReport, error) {
	p := se.P
	ts := se.Lex.Tiles
	in = strings.TrimSpace(in)
	if st.Over() {
		return TurnReport{Refused: i18n.E("play.over")}, nil
	}
	if se.OutOfTime(st, think) {
		return TurnReport{Made: true, Text: p.T("play.lost_on_time"), Style: ui.Bad}, nil
	}
	if isChallenge(in) {
		if st.LastEngine < 0 {
			return TurnReport{Refused: i18n.E("play.nothing_to_challenge")}, nil
		}
		// atril plays only words of its lexicon: the play is valid (art. 39 answers for the
		// play as a whole). FILE's rules take nothing from the challenger.
		if err := se.save(ctx, st, id, studystore.GameTurn{Seat: st.PlayerSeat(), Kind: KindChallenge, Move: "-"}); err != nil {
			return TurnReport{}, err
		}
		return TurnReport{Text: p.T("play.challenge_valid"), Style: ui.Good}, nil
	}
	turn, why := se.readTurn(st, in)
	if why != nil {
		return TurnReport{Refused: why}, nil
	}
	turn.Seat, turn.Think = st.PlayerSeat(), think
	board := st.Game.Board.Clone()
	phony := turn.Kind == KindWithdrawn
	if err := se.save(ctx, st, id, turn); err != nil {
		return TurnReport{}, err
	}
	pl, at := st.Scores()
	m, _ := engine.ParseMove(turn.Move, nil, ts)
	r := TurnReport{Made: true}
	switch {
	case phony:
		r.Text, r.Style = p.T("play.challenged_off", "Move", engine.FormatMove(&m, board, ts)), ui.Bad
	case turn.Kind == KindPlay:
		r.Text = p.T("play.you_played", "Move", engine.FormatMove(&m, board, ts), "Score", p.Int(turn.Score), "You", p.Int(pl), "Atril", p.Int(at))
	case turn.Kind == KindExchange:
		r.Text = p.N("play.you_exchanged", int(m.Len))
	default:
		r.Text = p.T("play.you_passed")
	}
	return r, nil
}

// OutOfTime ends the game when the player, having thought think more, is more than
// MaxOvertime over the clock (art. 34.2: the game is lost; the play typed is not made).
func (se *Session) OutOfTime(st *State, think time.Duration) bool {
	if st.Over() || st.Settings.Clock <= 0 || st.Used+think-st.Settings.Clock <= MaxOvertime {
		return false
	}
	st.Used += think
	st.LoseOnTime()
	return true
}

// EngineTurn lets atril choose its move, saves it and says what it was. Only a cancelled ctx
// makes the choice fail.
func (se *Session) EngineTurn(ctx context.Context, st *State, id int64) (engine.Move, string, error) {
	m, err := se.Bot.Choose(ctx, st.Game)
	if err != nil {
		return m, "", err
	}
	text, err := se.engineTurn(ctx, st, id, &m)
	return m, text, err
}

// Finish stores a game that has ended: its result and its record.
func (se *Session) Finish(ctx context.Context, st *State, id int64) error {
	pl, at := st.Scores()
	var gcgText strings.Builder
	if err := st.Record.Write(&gcgText, se.Lex.Tiles); err != nil {
		return err
	}
	return se.Store.FinishGame(context.WithoutCancel(ctx), id, studystore.GameResult{EndReason: st.End, PlayerScore: pl,
		EngineScore: at, TimePenalty: st.Penalty, GCG: gcgText.String()})
}

// LastEnginePlay is atril's last play, to draw as just played; nil when its last turn was not
// a play.
func (st *State) LastEnginePlay() *engine.Move { return st.lastEnginePlay() }
