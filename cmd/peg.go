package cmd

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type pegOptions struct {
	CGP        string
	GCG        string
	Turn       int
	Candidates int
	Plies      int
	Time       time.Duration
	Threads    int
	TableMB    int
	Rules      string
	Plays      []string
}

// newPegCmd makes `atril peg`.
func newPegCmd(g *Globals) *cobra.Command {
	opts := &pegOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("peg.use"),
		Short:   p.T("peg.short"),
		Long:    p.T("peg.long"),
		Example: p.T("peg.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Turn = -1
			if c.Flags().Changed("turn") {
				opts.Turn, _ = c.Flags().GetInt("turn")
			}
			return runPeg(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.CGP, "cgp", "", p.T("peg.flag.cgp"))
	f.StringVar(&opts.GCG, "gcg", "", p.T("endgame.flag.gcg"))
	f.Int("turn", 0, p.T("endgame.flag.turn"))
	f.IntVar(&opts.Candidates, "candidates", 10, p.T("peg.flag.candidates"))
	f.IntVar(&opts.Plies, "plies", 0, p.T("peg.flag.plies"))
	f.DurationVar(&opts.Time, "time", 0, p.T("peg.flag.time"))
	f.IntVar(&opts.Threads, "threads", 0, p.T("endgame.flag.threads"))
	f.IntVar(&opts.TableMB, "table-mb", endgame.DefaultTableBytes>>20, p.T("endgame.flag.table_mb"))
	f.StringVar(&opts.Rules, "rules", "file", p.T("endgame.flag.rules"))
	f.StringArrayVar(&opts.Plays, "play", nil, p.T("peg.flag.play"))
	return c
}

type pegDrawJSON struct {
	Tile  string `json:"tile"`
	Count int    `json:"count"`
	Value int    `json:"value"`
}

type pegPlayJSON struct {
	Play   string        `json:"play"`
	Score  int           `json:"score"`
	Win    float64       `json:"win"`
	Spread float64       `json:"spread"`
	Value  float64       `json:"value"`
	Proven bool          `json:"proven"`
	Draws  []pegDrawJSON `json:"draws"`
}

type pegJSON struct {
	Unseen   string        `json:"unseen"`
	Plays    []pegPlayJSON `json:"plays"`
	Complete bool          `json:"complete"`
	Solves   int           `json:"solves"`
	Nodes    uint64        `json:"nodes"`
	Seconds  float64       `json:"seconds"`
}

func runPeg(c *cobra.Command, g *Globals, opts *pegOptions) error {
	ctx := c.Context()
	switch {
	case opts.Turn < -1:
		return withCode(ExitError, i18n.E("endgame.negative_turn", "Turn", opts.Turn))
	case opts.Candidates < 0:
		return withCode(ExitError, i18n.E("peg.bad_candidates", "Count", opts.Candidates))
	case opts.Plies < 0:
		return withCode(ExitError, i18n.E("endgame.bad_plies", "Plies", opts.Plies))
	case opts.Time < 0:
		return withCode(ExitError, i18n.E("endgame.bad_time", "Time", opts.Time.String()))
	case opts.Threads < 0:
		return withCode(ExitError, i18n.E("endgame.bad_threads", "Threads", opts.Threads))
	case opts.TableMB < endgame.MinTableBytes>>20 || opts.TableMB > endgameMaxTableMB:
		return withCode(ExitError, i18n.E("endgame.bad_table", "MB", opts.TableMB, "Min", endgame.MinTableBytes>>20, "Max", endgameMaxTableMB))
	}
	rules, ts, pos, lex, err := endgameInput(g, opts.Rules, opts.CGP, opts.GCG, opts.Turn)
	if err != nil {
		return err
	}
	var only []engine.Move
	for _, s := range opts.Plays {
		m, err := checkedPlay(s, pos, lex)
		if err != nil {
			return err
		}
		if m.Kind != engine.Play {
			return withCode(ExitError, i18n.E("peg.only_plays", "Play", s))
		}
		only = append(only, m)
	}
	p := g.P
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 0, func(done, total int, rate float64, left time.Duration) string {
		return p.T("peg.progress", "Done", p.Int(done), "Total", p.Int(total)) + timeLeft(p, left)
	})
	cfg := endgame.Config{Lexicon: lex, Rules: rules, Threads: opts.Threads, TableBytes: int64(opts.TableMB) << 20}
	res, err := endgame.PreEndgame(ctx, cfg, pos, endgame.PegOptions{Candidates: opts.Candidates, Only: only, Plies: opts.Plies,
		Time: opts.Time, Progress: func(done, total int) {
			if done == 1 {
				bar.Restart(total)
			}
			bar.Update(done)
		}})
	bar.Finish()
	if err != nil {
		return withCode(ExitError, err)
	}
	out := pegJSON{Unseen: ts.Notation(res.Unseen), Complete: res.Complete, Solves: res.Solves, Nodes: res.Nodes,
		Seconds: round2(res.Elapsed.Seconds()), Plays: []pegPlayJSON{}}
	for _, pl := range res.Plays {
		j := pegPlayJSON{Play: engine.FormatMove(&pl.Move, pos.Board, ts), Score: int(pl.Move.Score), Win: round2(100*pl.Win) / 100,
			Spread: round2(pl.Spread), Value: round2(pl.Value), Proven: pl.Proven}
		for _, d := range pl.Draws {
			j.Draws = append(j.Draws, pegDrawJSON{Tile: ts.Label(d.Tile), Count: d.Count, Value: d.Value})
		}
		out.Plays = append(out.Plays, j)
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(pegDoc(g, pos, res, &out))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, i18n.E("peg.interrupted", "Done", res.Solves))
	}
	return nil
}

func pegDoc(g *Globals, pos *engine.Position, res *endgame.PegResult, out *pegJSON) *ui.Doc {
	p := g.P
	ts := pos.Tiles
	d := ui.NewDoc()
	d.H2(p.T("peg.title", "Unseen", out.Unseen))
	if len(res.Plays) == 0 {
		return d.P(p.T("peg.none"))
	}
	tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("endgame.col.play")}, ui.Col{Header: p.T("endgame.col.score"), Right: true},
		ui.Col{Header: p.T("peg.col.win"), Right: true}, ui.Col{Header: p.T("peg.col.spread"), Right: true},
		ui.Col{Header: p.T("peg.col.draws")}, ui.Col{Shrink: true})
	spread := pos.Scores[0] - pos.Scores[1]
	for i, pl := range res.Plays {
		var draws string
		for k, dr := range pl.Draws {
			if k > 0 {
				draws += " "
			}
			label := ts.Label(dr.Tile)
			if dr.Count > 1 {
				label += "×" + p.Int(dr.Count)
			}
			draws += label + " " + signed(p, spread+dr.Value)
		}
		play := ui.Cell{Text: out.Plays[i].Play}
		if i == 0 {
			play.Style = ui.Good
		}
		note := ui.Cell{}
		if !pl.Proven {
			note = ui.Cell{Text: p.T("endgame.not_proven"), Style: ui.Dim}
		}
		tb.Cells(ui.Cell{Text: p.Int(i + 1)}, play, ui.Cell{Text: p.Int(int(pl.Move.Score))}, ui.Cell{Text: p.Percent(pl.Win, 1)},
			ui.Cell{Text: p.Float(pl.Spread, 1)}, ui.Cell{Text: draws}, note)
	}
	d.Table(tb)
	if !res.Complete {
		d.Note(p.T("peg.incomplete"))
	}
	d.Note(p.T("peg.stats", "Solves", p.Int(res.Solves), "Nodes", p.Int(int(res.Nodes)), "Seconds", p.Float(res.Elapsed.Seconds(), 2)))
	d.Note(p.T("peg.legend"))
	return d
}
