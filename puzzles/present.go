package puzzles

import (
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Drawing puzzles, feedback and stats for a terminal: every text from the catalogue, every
// colour from ui.

// BoardDrawer draws a position's board as `atril show` does, the tiles of last (if any)
// highlighted; commands give theirs, so that every board looks the same.
type BoardDrawer func(t *ui.Term, p *i18n.Printer, pos *engine.Position, last *engine.Move) string

// RackText spaces a rack's tiles so that each reads as one: "A E I CH R S ?".
func RackText(ts *lexicon.TileSet, rack []lexicon.Tile) string {
	parts := make([]string, len(rack))
	for i, t := range rack {
		parts[i] = ts.Label(t)
		if t == lexicon.Blank {
			parts[i] = "?"
		}
	}
	return strings.Join(parts, " ")
}

// PuzzleDoc shows a puzzle to solve: what to find, the board, the rack, the scores and the bag.
func PuzzleDoc(t *ui.Term, p *i18n.Printer, pz *Puzzle, player Rating, draw BoardDrawer) *ui.Doc {
	ts := pz.Position.Tiles
	d := ui.NewDoc()
	title := p.T("puzzle.title_bingo", "ID", pz.ID)
	switch {
	case pz.Kind == KindBest:
		title = p.T("puzzle.title_best", "ID", pz.ID)
	case pz.Kind.Exact():
		title = exactTitle(p, pz)
	}
	d.H2(title)
	d.Pre(draw(t, p, pz.Position, nil))
	kv := [][2]string{
		{p.T("puzzle.rack"), t.Paint(ui.Accent, RackText(ts, pz.Rack()))},
	}
	if pz.Kind.Exact() {
		kv = append(kv, exactInfo(t, p, pz))
	}
	kv = append(kv, [][2]string{
		{p.T("puzzle.scores"), p.T("puzzle.scores_value", "You", pz.Position.Scores[0], "Opponent", pz.Position.Scores[1])},
		{p.T("puzzle.bag"), p.N("count.tiles", pz.Bag)},
		{p.T("puzzle.rating"), p.T("puzzle.rating_value", "Puzzle", p.Int(roundInt(pz.Rating.Rating)), "Player", p.Int(roundInt(player.Rating)))},
	}...)
	if len(pz.Tags) > 0 {
		kv = append(kv, [2]string{p.T("puzzle.tags"), puzzletag.Names(p, pz.Tags)})
	}
	if pz.Played != nil {
		kv = append(kv, [2]string{p.T("puzzle.from_game"), pz.SourceRef})
	}
	d.KV(kv...)
	tableNote(t, p, d, pz, p.T("puzzle.leaves_other", "Table", pz.Leaves.Name, "InUse", pz.Valued.InUse.Name))
	return d
}

// tableNote notes, for a puzzle served by a Service, that its plays are valued with another
// table than the one it was made with (this atril does not have it: a warning), or else other
// when that table is not the one in use.
func tableNote(t *ui.Term, p *i18n.Printer, d *ui.Doc, pz *Puzzle, other string) {
	v := pz.Valued
	switch {
	case v.leaves == nil: // not served by a Service: nothing known
	case !v.Own && pz.Leaves.Checksum == "":
		d.Note(t.Paint(ui.Warn, p.T("puzzle.leaves_unknown", "InUse", v.InUse.Name)))
	case !v.Own:
		d.Note(t.Paint(ui.Warn, p.T("puzzle.leaves_missing", "Table", pz.Leaves.Name, "Checksum", pz.Leaves.Checksum, "InUse", v.InUse.Name)))
	case !pz.Leaves.Same(v.InUse):
		d.Note(other)
	}
}

func roundInt(x float64) int {
	if x < 0 {
		return -int(-x + 0.5)
	}
	return int(x + 0.5)
}

// RatingChange says how a rated attempt moved the ratings, or that it was not rated.
func RatingChange(p *i18n.Printer, out *Outcome) string {
	if !out.Rated {
		return p.T("puzzle.not_rated", "Player", p.Int(roundInt(out.PlayerAfter.Rating)))
	}
	delta := roundInt(out.PlayerAfter.Rating) - roundInt(out.PlayerBefore.Rating)
	sign := "+"
	if delta < 0 {
		sign = "−"
		delta = -delta
	}
	return p.T("puzzle.rating_change", "Before", p.Int(roundInt(out.PlayerBefore.Rating)), "After", p.Int(roundInt(out.PlayerAfter.Rating)),
		"Delta", sign+p.Int(delta), "PuzzleBefore", p.Int(roundInt(out.PuzzleBefore.Rating)), "PuzzleAfter", p.Int(roundInt(out.PuzzleAfter.Rating)))
}

// TryDoc is the verdict on one try.
func TryDoc(t *ui.Term, p *i18n.Printer, pz *Puzzle, out *Outcome) *ui.Doc {
	j := out.Judgement
	d := ui.NewDoc()
	switch {
	case len(j.Ambiguous) > 0:
		d.P(t.Paint(ui.Warn, p.T("puzzle.ambiguous", "Word", j.Ambiguous[0].Word, "Places", j.ambiguousPlaces())))
		return d
	case j.Unplayable() != nil:
		d.P(t.Paint(ui.Warn, p.Err(j.Unplayable())+" "+p.T("puzzle.not_counted")))
		return d
	case j.Legal && j.Grade != nil && pz.Kind.Exact():
		d.P(exactTry(t, p, pz, j))
	case j.Correct && j.Grade != nil && j.Matched != nil && !isAnswer(pz, j.Matched) && j.Grade.Figure != FigureBingo:
		g := j.Grade
		d.P(t.Paint(ui.Good, p.T("puzzle.right_accepted", "Play", j.Play.Move, "Answer", pz.Answers[0].Move,
			"Figure", FigureName(p, g.Figure), "Value", p.Float(g.Value, 1), "AnswerValue", p.Float(g.Answer, 1),
			"Tolerance", p.Float(g.Tolerance, 1))))
	case j.Correct:
		d.P(t.Paint(ui.Good, p.T("puzzle.right")))
	case j.Play != nil && j.Play.Move == "" && j.Play.Word != "":
		d.P(t.Paint(ui.Bad, p.T("puzzle.wrong_word", "Word", j.Play.Word)))
	case !j.Legal:
		d.P(t.Paint(ui.Bad, p.T("puzzle.wrong_illegal", "Play", j.Input, "Why", problemText(p, j))))
	case j.Grade != nil && j.Grade.Figure == FigureBingo:
		d.P(t.Paint(ui.Bad, p.T("puzzle.wrong_not_bingo", "Play", j.Play.Move, "Score", j.Play.Score)))
	case j.Grade != nil:
		g := j.Grade
		d.P(t.Paint(ui.Bad, p.T("puzzle.wrong", "Play", j.Play.Move, "Score", j.Play.Score,
			"Figure", FigureName(p, g.Figure), "Value", p.Float(g.Value, 1), "Below", p.Float(g.Below, 1),
			"Answer", p.Float(g.Answer, 1), "Tolerance", p.Float(g.Tolerance, 1))))
	default:
		d.P(t.Paint(ui.Bad, p.T("puzzle.wrong_plain", "Play", j.Play.Move, "Score", j.Play.Score)))
	}
	d.Note(RatingChange(p, out))
	return d
}

func isAnswer(pz *Puzzle, pl *Play) bool {
	for _, a := range pz.Answers {
		if a.Key == pl.Key && a.Score == pl.Score {
			return true
		}
	}
	return false
}

// problemText says why a play is not legal, in the reader's language (the validator's reasons,
// which name the words and squares).
func problemText(p *i18n.Printer, j *Judgement) string {
	var out []string
	for _, pr := range j.Problems {
		out = append(out, p.Err(pr.Reason))
	}
	return strings.Join(slices.Compact(out), "; ")
}

// KindName is a kind in the reader's words ("" all).
func KindName(p *i18n.Printer, k Kind) string {
	switch k {
	case KindBingo:
		return p.T("puzzle.kind.bingo")
	case KindBest:
		return p.T("puzzle.kind.best")
	case KindEndgame, KindPreEndgame:
		return exactKindName(p, k)
	}
	return p.T("puzzle.stats.all")
}

// FigureName is a Figure in the reader's words.
func FigureName(p *i18n.Printer, f Figure) string {
	if f == FigureSim {
		return p.T("puzzle.figure.simulated")
	}
	return p.T("puzzle.figure.static")
}

// SolutionDoc shows the solution after a puzzle is solved or given up: the board after the
// player's play when it was right (mine, nil for none) or else after the answer, the answers,
// the engine's top plays with their loss and simulated figures, and what the simulation said.
func SolutionDoc(t *ui.Term, p *i18n.Printer, pz *Puzzle, top int, draw BoardDrawer, mine *Play) *ui.Doc {
	ts := pz.Position.Tiles
	d := ui.NewDoc()
	shown := ""
	if mine != nil && mine.Move != "" {
		shown = mine.Move
	} else if len(pz.Answers) > 0 {
		shown = pz.Answers[0].Move
	}
	if shown != "" {
		if m, err := engine.ParseMove(shown, pz.Position.Board, ts); err == nil {
			if v := engine.Check(pz.Position.Board, &m, ts, nil, nil); len(v.Problems) == 0 {
				after := *pz.Position
				after.Board = applied(pz.Position.Board, &v.Move)
				d.Pre(draw(t, p, &after, &v.Move))
			}
		}
	}
	if pz.Kind == KindBingo {
		d.P(p.N("puzzle.bingos", len(pz.Answers)))
		tb := ui.NewTable(ui.Col{Header: p.T("puzzle.col.play")}, ui.Col{Header: p.T("puzzle.col.word")},
			ui.Col{Header: p.T("puzzle.col.score"), Right: true}, ui.Col{Header: p.T("puzzle.col.equity"), Right: true})
		for _, a := range pz.Answers {
			tb.Row(a.Move, a.Word, p.Int(a.Score), p.Float(a.Equity, 1))
		}
		d.Table(tb)
	} else if pz.Kind.Exact() && pz.Exact != nil {
		exactSolution(p, d, pz, max(top, 10))
		return d
	} else {
		d.P(p.T("puzzle.answer_is", "Play", pz.Answers[0].Move, "Score", pz.Answers[0].Score, "Equity", p.Float(pz.Answers[0].Equity, 1)))
		if acc := pz.AcceptedPlays(); len(acc) > 0 {
			var moves []string
			for _, a := range acc {
				moves = append(moves, a.Move)
			}
			d.Note(p.T("puzzle.also_accepted", "Plays", strings.Join(moves, ", ")))
		}
		if pz.Sim != nil && len(pz.Sim.Plays) > 0 {
			d.Note(p.T("puzzle.rule_sim", "Tolerance", p.Float(pz.Tolerance(), 1)))
		} else {
			d.Note(p.T("puzzle.rule_static", "Tolerance", p.Float(pz.Tolerance(), 1)))
		}
	}
	if pz.Played != nil {
		d.P(p.T("puzzle.you_played", "Play", pz.Played.Move, "Loss", p.Float(pz.Played.Loss, 1)))
	}
	d.H2(p.T("puzzle.top_title"))
	d.Table(TopTable(p, pz, top))
	tableNote(t, p, d, pz, p.T("puzzle.leaves_figures", "Table", pz.Leaves.Name))
	if v := pz.Sim; v != nil {
		switch v.Outcome {
		case Replaced:
			d.Note(p.T("puzzle.sim_replaced", "Static", v.Static, "Answer", pz.Answers[0].Move, "Iterations", p.Int(v.Iterations), "Plies", v.Plies))
		default:
			d.Note(p.T("puzzle.sim_confirmed", "Iterations", p.Int(v.Iterations), "Plies", v.Plies))
		}
	}
	return d
}

// applied is the board after a play.
func applied(b *engine.Board, m *engine.Move) *engine.Board {
	c := b.Clone()
	c.Apply(m)
	return c
}

// TopTable lists the engine's top n plays with their equity loss and, where the simulation
// ran, its equity and win chance with standard errors.
func TopTable(p *i18n.Printer, pz *Puzzle, n int) *ui.Table {
	sims := map[string]SimPlay{}
	if pz.Sim != nil {
		for _, s := range pz.Sim.Plays {
			sims[s.Key] = s
		}
	}
	cols := []ui.Col{{Header: "#", Right: true}, {Header: p.T("puzzle.col.play")}, {Header: p.T("puzzle.col.score"), Right: true},
		{Header: p.T("puzzle.col.equity"), Right: true}, {Header: p.T("puzzle.col.loss"), Right: true, Drop: 1}, {Header: p.T("puzzle.col.leave")}}
	if len(sims) > 0 {
		cols = append(cols, ui.Col{Header: p.T("puzzle.col.sim_equity"), Right: true}, ui.Col{Header: p.T("puzzle.col.win"), Right: true})
	}
	tb := ui.NewTable(cols...)
	for i, pl := range pz.Top[:min(n, len(pz.Top))] {
		row := []ui.Cell{{Text: p.Int(i + 1)}, {Text: pl.Move}, {Text: p.Int(pl.Score)}, {Text: p.Float(pl.Equity, 1)},
			{Text: p.Float(pl.Loss, 1)}, {Text: pl.Leave}}
		if isAnswer(pz, &pl) {
			row[1].Style = ui.Good
		}
		if len(sims) > 0 {
			if s, ok := sims[pl.Key]; ok {
				row = append(row, ui.Cell{Text: p.Float(s.Equity, 1) + " ± " + p.Float(s.EquitySE, 1)},
					ui.Cell{Text: p.Percent(s.Win, 1) + " ± " + p.Float(100*s.WinSE, 1)})
			} else {
				row = append(row, ui.Cell{Text: "–"}, ui.Cell{Text: "–"})
			}
		}
		tb.Cells(row...)
	}
	return tb
}

// StatsDoc shows the player's puzzle rating, its recent history and the solved rates.
func StatsDoc(t *ui.Term, p *i18n.Printer, st *Stats, history int) *ui.Doc {
	d := ui.NewDoc()
	d.H1(p.T("puzzle.stats.title"))
	d.KV(
		[2]string{p.T("puzzle.stats.rating"), p.T("puzzle.stats.rating_value", "Rating", p.Int(roundInt(st.Rating.Rating)), "Deviation", p.Int(roundInt(st.Rating.Deviation)))},
		[2]string{p.T("puzzle.stats.rated"), p.Int(st.Rated)},
		[2]string{p.T("puzzle.stats.unseen"), p.Int(st.Unseen)},
	)
	ratingsDoc(p, d, st)
	tablesDoc(t, p, d, st.Tables)
	if st.All.Attempts == 0 {
		d.P(p.T("puzzle.stats.none"))
		return d
	}
	rates := func(title string, rs []SolvedRate, name func(string) string) {
		tb := ui.NewTable(ui.Col{Header: title}, ui.Col{Header: p.T("puzzle.stats.col.attempts"), Right: true},
			ui.Col{Header: p.T("puzzle.stats.col.solved"), Right: true}, ui.Col{Header: p.T("puzzle.stats.col.rate"), Right: true},
			ui.Col{Header: p.T("puzzle.stats.col.interval"), Right: true})
		for _, r := range rs {
			tb.Row(name(r.Name), p.Int(r.Attempts), p.Int(r.Solved), p.Percent(r.Rate, 0), p.Percent(r.Low, 0)+"–"+p.Percent(r.High, 0))
		}
		d.Table(tb)
	}
	kindName := func(k string) string { return KindName(p, Kind(k)) }
	d.H2(p.T("puzzle.stats.by_kind"))
	rates(p.T("puzzle.stats.col.kind"), append(append([]SolvedRate(nil), st.ByKind...), st.All), kindName)
	if len(st.ByTag) > 0 {
		d.H2(p.T("puzzle.stats.by_tag"))
		rates(p.T("puzzle.stats.col.tag"), st.ByTag, func(s string) string { return puzzletag.Name(p, puzzletag.Tag(s)) })
	}
	d.H2(p.T("puzzle.stats.history"))
	tb := ui.NewTable(ui.Col{Header: p.T("puzzle.stats.col.date")}, ui.Col{Header: p.T("puzzle.stats.col.puzzle"), Right: true},
		ui.Col{Header: p.T("puzzle.stats.col.result")}, ui.Col{Header: p.T("puzzle.stats.col.rating"), Right: true})
	from := max(0, len(st.History)-history)
	for _, h := range st.History[from:] {
		res := ui.Cell{Text: p.T("puzzle.stats.solved"), Style: ui.Good}
		if !h.Solved {
			res = ui.Cell{Text: p.T("puzzle.stats.failed"), Style: ui.Bad}
		}
		tb.Cells(ui.Cell{Text: p.DateTime(h.At)}, ui.Cell{Text: p.Int(int(h.PuzzleID))}, res,
			ui.Cell{Text: p.Int(roundInt(h.Rating)) + " ± " + p.Int(roundInt(h.Deviation))})
	}
	d.Table(tb)
	return d
}

// tablesDoc lists the leave tables the puzzles were made with, when some were not made with the
// one in use: their figures are another table's.
func tablesDoc(t *ui.Term, p *i18n.Printer, d *ui.Doc, tables []TableCount) {
	if !slices.ContainsFunc(tables, func(tc TableCount) bool { return !tc.InUse }) {
		return
	}
	d.H2(p.T("puzzle.stats.tables"))
	tb := ui.NewTable(ui.Col{Header: p.T("puzzle.stats.col.table"), Shrink: true}, ui.Col{Header: p.T("puzzle.stats.col.checksum")},
		ui.Col{Header: p.T("puzzle.stats.col.puzzles"), Right: true}, ui.Col{Header: p.T("puzzle.stats.col.judged"), Shrink: true})
	for _, tc := range tables {
		name, sum := tc.Table.Name, tc.Table.Checksum
		if sum == "" {
			name, sum = p.T("puzzle.stats.table_unknown"), "–"
		}
		judged := ui.Cell{Text: p.T("puzzle.stats.table_own")}
		switch {
		case tc.InUse:
			judged.Text = p.T("puzzle.stats.table_in_use")
		case !tc.Available:
			judged = ui.Cell{Text: p.T("puzzle.stats.table_missing"), Style: ui.Warn}
		}
		if tc.Recognised > 0 {
			judged.Text += "; " + p.N("puzzle.stats.recognised", tc.Recognised)
		}
		tb.Cells(ui.Cell{Text: name}, ui.Cell{Text: sum}, ui.Cell{Text: p.Int(tc.Puzzles)}, judged)
	}
	d.Table(tb)
}

// RunSummaryDoc sums up a solving session.
func RunSummaryDoc(t *ui.Term, p *i18n.Printer, s *RunSummary) *ui.Doc {
	d := ui.NewDoc()
	if s.Stopped == "no puzzles" {
		return d.P(p.T("puzzle.none_left"))
	}
	d.H2(p.T("puzzle.summary.title"))
	d.KV(
		[2]string{p.T("puzzle.summary.puzzles"), p.Int(s.Puzzles)},
		[2]string{p.T("puzzle.summary.solved"), p.Int(s.Solved)},
		[2]string{p.T("puzzle.summary.later"), p.Int(s.Later)},
		[2]string{p.T("puzzle.summary.gave_up"), p.Int(s.GaveUp)},
		[2]string{p.T("puzzle.rating"), p.T("puzzle.stats.rating_value", "Rating", p.Int(roundInt(s.Rating.Rating)), "Deviation", p.Int(roundInt(s.Rating.Deviation)))},
	)
	if s.Stopped != "done" {
		d.Note(p.T("puzzle.summary.saved"))
	}
	return d
}

// GenSummaryDoc sums up a generation run.
func GenSummaryDoc(t *ui.Term, p *i18n.Printer, s *Summary, elapsed time.Duration) *ui.Doc {
	d := ui.NewDoc()
	d.H2(p.T("puzzle_gen.summary.title", "Run", s.RunID))
	bingo, best, eg, peg := 0, 0, 0, 0
	for _, pz := range s.Stored {
		switch pz.Kind {
		case KindBingo:
			bingo++
		case KindEndgame:
			eg++
		case KindPreEndgame:
			peg++
		default:
			best++
		}
	}
	rate := 0.0
	if sec := elapsed.Seconds(); sec > 0 {
		rate = float64(len(s.Stored)) / sec
	}
	d.KV(
		[2]string{p.T("puzzle_gen.summary.stored"), p.T("puzzle_gen.summary.stored_value", "Count", p.Int(len(s.Stored)), "Bingo", p.Int(bingo), "Best", p.Int(best))},
		[2]string{p.T("puzzle_gen.summary.jobs"), p.T("puzzle_gen.summary.jobs_value", "Done", p.Int(s.Done), "Jobs", p.Int(s.Jobs), "Positions", p.Int(s.Positions))},
		[2]string{p.T("puzzle_gen.summary.duplicates"), p.Int(s.Duplicates)},
		[2]string{p.T("puzzle_gen.summary.filtered"), p.Int(s.Filtered)},
		[2]string{p.T("puzzle_gen.summary.sim"), p.T("puzzle_gen.summary.sim_value", "Dropped", p.Int(s.Dropped), "Replaced", p.Int(s.Replaced))},
		[2]string{p.T("puzzle_gen.summary.time"), p.T("puzzle_gen.summary.time_value", "Seconds", p.Float(elapsed.Seconds(), 1), "Rate", p.Float(rate, 1))},
		[2]string{p.T("puzzle_gen.summary.leaves"), s.Leaves.Name},
	)
	if eg+peg > 0 {
		d.KV([2]string{p.T("egpuzzle.summary.exact"), p.T("egpuzzle.summary.exact_value", "Endgame", p.Int(eg), "PreEndgame", p.Int(peg))})
	}
	if !s.Finished {
		d.Note(p.T("puzzle_gen.summary.resume"))
	}
	return d
}
