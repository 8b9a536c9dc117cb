package play

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Listed is a stored game as `atril games --json` lists it.
type Listed struct {
	ID          int64    `json:"id"`
	Started     string   `json:"started"`
	Finished    string   `json:"finished,omitempty"`
	Level       int      `json:"level"`
	Player      string   `json:"player"`
	PlayerScore int      `json:"player_score"`
	AtrilScore  int      `json:"atril_score"`
	Result      string   `json:"result,omitempty"`
	Turns       int      `json:"turns"`
	LossPerTurn *float64 `json:"equity_loss_per_turn,omitempty"`
	// StartedAt is Started as a time, for the reader's date format (Printer.DateTime).
	StartedAt time.Time `json:"-"`
}

// StoredGames are the games of study store st as ListGames lists them; none when st is nil
// (no store yet).
func StoredGames(ctx context.Context, st *studystore.Store, loc *time.Location) ([]Listed, error) {
	var games []studystore.GameRecord
	if st != nil {
		var err error
		if games, err = st.Games(ctx, time.Time{}, false); err != nil {
			return nil, err
		}
	}
	return ListGames(games, loc), nil
}

// ListGames is the stored games (oldest first) as `atril games` lists them, newest first,
// their times in loc.
func ListGames(games []studystore.GameRecord, loc *time.Location) []Listed {
	slices.Reverse(games)
	out := []Listed{}
	for _, gm := range games {
		j := Listed{ID: gm.ID, Started: gm.Started.In(loc).Format("2006-01-02 15:04"), StartedAt: gm.Started.In(loc), Level: gm.Level,
			Player: gm.Player, PlayerScore: gm.PlayerScore, AtrilScore: gm.EngineScore, Turns: gm.Turns}
		if !gm.Finished.IsZero() {
			j.Finished = gm.Finished.In(loc).Format("2006-01-02 15:04")
			switch {
			case gm.PlayerScore > gm.EngineScore:
				j.Result = "win"
			case gm.PlayerScore < gm.EngineScore:
				j.Result = "loss"
			default:
				j.Result = "draw"
			}
		}
		if a := gm.Analysis; a != nil && a.Turns > 0 {
			l := a.EquityLost / float64(a.Turns)
			j.LossPerTurn = &l
		}
		out = append(out, j)
	}
	return out
}

// GamesDoc is the games listed for a reader.
func GamesDoc(p *i18n.Printer, out []Listed) *ui.Doc {
	if len(out) == 0 {
		return ui.NewDoc().P(p.T("games.none"))
	}
	tb := ui.NewTable(ui.Col{Header: p.T("games.col.number"), Right: true}, ui.Col{Header: p.T("games.col.date")},
		ui.Col{Header: p.T("games.col.level"), Right: true}, ui.Col{Header: p.T("games.col.score")},
		ui.Col{Header: p.T("games.col.result")}, ui.Col{Header: p.T("games.col.turns"), Right: true},
		ui.Col{Header: p.T("games.col.loss"), Right: true})
	for _, j := range out {
		result := ui.Cell{Text: p.T("games.unfinished"), Style: ui.Dim}
		switch j.Result {
		case "win":
			result = ui.Cell{Text: p.T("games.result.win"), Style: ui.Good}
		case "loss":
			result = ui.Cell{Text: p.T("games.result.loss"), Style: ui.Bad}
		case "draw":
			result = ui.Cell{Text: p.T("games.result.draw")}
		}
		loss := "–"
		if j.LossPerTurn != nil {
			loss = p.Float(*j.LossPerTurn, 1)
		}
		tb.Cells(ui.Cell{Text: strconv.FormatInt(j.ID, 10)}, ui.Cell{Text: p.DateTime(j.StartedAt)}, ui.Cell{Text: p.Int(j.Level)},
			ui.Cell{Text: p.Int(j.PlayerScore) + "–" + p.Int(j.AtrilScore)}, result, ui.Cell{Text: p.Int(j.Turns)}, ui.Cell{Text: loss})
	}
	return ui.NewDoc().Table(tb)
}

// RecordText is stored game id's record as GCG: a finished game's as stored, an unfinished
// one's turns so far, dealt again from its seed.
func RecordText(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, id int64) (string, error) {
	rec, _, err := st.Game(ctx, id)
	if errors.Is(err, studystore.ErrNoGame) {
		return "", i18n.E("games.no_game", "ID", id)
	}
	if err != nil {
		return "", err
	}
	text := rec.GCG
	if rec.Finished.IsZero() {
		// An unfinished game's record is its turns so far, dealt again from its seed.
		se := &Session{Store: st, Lex: lex}
		state, _, err := se.Load(ctx, id)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		if err := state.Record.Write(&b, lex.Tiles); err != nil {
			return "", err
		}
		text = b.String()
	}
	return text, nil
}
