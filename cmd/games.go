package cmd

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// newGamesCmd makes `atril games`.
func newGamesCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("games.use"),
		Short:   p.T("games.short"),
		Long:    p.T("games.long"),
		Example: p.T("games.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runGames(c.Context(), g)
		},
	}
	c.AddCommand(gamesExportCmd(g))
	return c
}

type gameJSON struct {
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
}

func runGames(ctx context.Context, g *Globals) error {
	if ctx == nil {
		ctx = context.Background()
	}
	p := g.P
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	var games []studystore.GameRecord
	if st != nil {
		defer st.Close()
		if games, err = st.Games(ctx, time.Time{}, false); err != nil {
			return withCode(ExitError, err)
		}
	}
	slices.Reverse(games)
	out := []gameJSON{}
	for _, gm := range games {
		j := gameJSON{ID: gm.ID, Started: gm.Started.In(g.io.Now().Location()).Format("2006-01-02 15:04"), Level: gm.Level,
			Player: gm.Player, PlayerScore: gm.PlayerScore, AtrilScore: gm.EngineScore, Turns: gm.Turns}
		if !gm.Finished.IsZero() {
			j.Finished = gm.Finished.In(g.io.Now().Location()).Format("2006-01-02 15:04")
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
	if g.JSON {
		return g.PrintJSON(out)
	}
	if len(out) == 0 {
		return g.Print(ui.NewDoc().P(p.T("games.none")))
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
		tb.Cells(ui.Cell{Text: strconv.FormatInt(j.ID, 10)}, ui.Cell{Text: j.Started}, ui.Cell{Text: p.Int(j.Level)},
			ui.Cell{Text: p.Int(j.PlayerScore) + "–" + p.Int(j.AtrilScore)}, result, ui.Cell{Text: p.Int(j.Turns)}, ui.Cell{Text: loss})
	}
	return g.Print(ui.NewDoc().Table(tb))
}

type gamesExportOptions struct {
	Out string
}

func gamesExportCmd(g *Globals) *cobra.Command {
	opts := &gamesExportOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("games.export.use"),
		Short:   p.T("games.export.short"),
		Long:    p.T("games.export.long"),
		Example: p.T("games.export.example"),
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runGamesExport(c.Context(), g, opts, args[0])
		},
	}
	c.Flags().StringVar(&opts.Out, "out", "", p.T("games.export.flag.out"))
	return c
}

func runGamesExport(ctx context.Context, g *Globals, opts *gamesExportOptions, arg string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(arg, "#"), 10, 64)
	if err != nil || id <= 0 {
		return withCode(ExitError, i18n.E("games.bad_id", "Value", arg))
	}
	if err := checkOutput(opts.Out); err != nil { // a device or a FIFO, refused before any work
		return err
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	st, err := openStudyStoreToRead(g)
	if err != nil {
		return err
	}
	defer st.Close()
	rec, _, err := st.Game(ctx, id)
	if errors.Is(err, studystore.ErrNoGame) {
		return withCode(ExitError, i18n.E("games.no_game", "ID", id))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	text := rec.GCG
	if rec.Finished.IsZero() {
		// An unfinished game's record is its turns so far, dealt again from its seed.
		se := &play.Session{Store: st, Lex: lex}
		state, _, err := se.Load(ctx, id)
		if err != nil {
			return withCode(ExitError, err)
		}
		var b strings.Builder
		if err := state.Record.Write(&b, lex.Tiles); err != nil {
			return withCode(ExitError, err)
		}
		text = b.String()
	}
	if opts.Out == "" {
		_, err := g.io.Out.Write([]byte(text))
		return err
	}
	if err := fileio.WriteFile(opts.Out, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
		return withCode(ExitError, err)
	}
	return g.Print(ui.NewDoc().Note(g.P.T("games.written", "ID", id, "File", opts.Out)))
}
