package endgame

import (
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// What a solve and a pre-endgame show their reader, the same for every front end: as JSON for
// scripts (SolveJSON, PegJSON) and as a document (Result.Doc, PegResult.Doc).

// PlayJSON is one first play of a solve as --json writes it.
type PlayJSON struct {
	Play   string `json:"play"`
	Value  int    `json:"value"`
	Proven bool   `json:"proven"`
}

// SolveJSON is a solve as --json writes it.
type SolveJSON struct {
	Value   int        `json:"value"`
	Proven  bool       `json:"proven"`
	Best    string     `json:"best"`
	PV      []string   `json:"pv"`
	Plays   []PlayJSON `json:"plays"`
	Nodes   uint64     `json:"nodes"`
	Seconds float64    `json:"seconds"`
}

// PegDrawJSON is one draw of a pre-endgame play as --json writes it.
type PegDrawJSON struct {
	Tile  string `json:"tile"`
	Count int    `json:"count"`
	Value int    `json:"value"`
}

// PegPlayJSON is one pre-endgame play as --json writes it.
type PegPlayJSON struct {
	Play   string        `json:"play"`
	Score  int           `json:"score"`
	Win    float64       `json:"win"`
	Spread float64       `json:"spread"`
	Value  float64       `json:"value"`
	Proven bool          `json:"proven"`
	Draws  []PegDrawJSON `json:"draws"`
}

// PegJSON is a pre-endgame as --json writes it.
type PegJSON struct {
	Unseen   string        `json:"unseen"`
	Plays    []PegPlayJSON `json:"plays"`
	Complete bool          `json:"complete"`
	Solves   int           `json:"solves"`
	Nodes    uint64        `json:"nodes"`
	Seconds  float64       `json:"seconds"`
}

// JSON is the solve of pos as --json writes it, its moves in ts's notation.
func (res *Result) JSON(pos *engine.Position, ts *lexicon.TileSet) SolveJSON {
	out := SolveJSON{Value: res.Value, Proven: res.Proven, Best: engine.FormatMove(&res.Best.Move, pos.Board, ts),
		Nodes: res.Nodes, Seconds: num.Round2(res.Elapsed.Seconds()), PV: LineMoves(pos, res.Best.Line, ts)}
	for _, pl := range res.Plays {
		out.Plays = append(out.Plays, PlayJSON{Play: engine.FormatMove(&pl.Move, pos.Board, ts), Value: pl.Value,
			Proven: pl.Proven && pl.Bound == Exact})
	}
	return out
}

// LineMoves writes a line's moves in notation, each on the board it is played on.
func LineMoves(pos *engine.Position, l Line, ts *lexicon.TileSet) []string {
	b := pos.Board.Clone()
	out := []string{}
	for _, t := range l.Turns {
		out = append(out, engine.FormatMove(&t.Move, b, ts))
		b.Apply(&t.Move)
	}
	return out
}

// Doc is the solve of pos for a reader: the best line turn by turn with the spread after each,
// how it ends, and the first show plays.
func (res *Result) Doc(p *i18n.Printer, pos *engine.Position, show int) *ui.Doc {
	ts := pos.Tiles
	d := ui.NewDoc()
	spread := pos.Scores[0] - pos.Scores[1]
	best := &res.Best
	title := "endgame.title_proven"
	if !res.Proven {
		title = "endgame.title_unproven"
	}
	d.H2(p.T(title, "Depth", res.Depth))
	d.P(p.T("endgame.best", "Play", engine.FormatMove(&best.Move, pos.Board, ts), "Value", p.Signed(res.Value),
		"Final", p.Signed(spread+res.Value)))
	// The line, turn by turn, with the spread after each.
	tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("endgame.col.player")}, ui.Col{Header: p.T("endgame.col.move")},
		ui.Col{Header: p.T("endgame.col.score"), Right: true}, ui.Col{Header: p.T("endgame.col.spread"), Right: true})
	b := pos.Board.Clone()
	racks := [2][]lexicon.Tile{append([]lexicon.Tile(nil), pos.Racks[0]...), opponentRack(pos)}
	s := spread
	sign := [2]int{1, -1}
	for i, t := range best.Line.Turns {
		s += sign[t.Player] * int(t.Move.Score)
		who := [2]string{p.T("endgame.you"), p.T("endgame.opponent")}[t.Player]
		tb.Cells(ui.Cell{Text: p.Int(i + 1)}, ui.Cell{Text: who}, ui.Cell{Text: engine.FormatMove(&t.Move, b, ts), Style: ui.Accent},
			ui.Cell{Text: p.Int(int(t.Move.Score))}, ui.Cell{Text: p.Signed(s)})
		b.Apply(&t.Move)
		racks[t.Player] = removeTiles(racks[t.Player], &t.Move)
	}
	d.Table(tb)
	switch best.Line.End {
	case WentOut:
		last := best.Line.Turns[len(best.Line.Turns)-1].Player
		v := 2 * rackValue(ts, racks[1-last])
		d.P(p.T([2]string{"endgame.end_you_out", "endgame.end_opponent_out"}[last], "Rack", ts.Notation(racks[1-last]), "Points", v))
	case Passed:
		d.P(p.T("endgame.end_passed", "Yours", ts.Notation(racks[0]), "Theirs", ts.Notation(racks[1]),
			"Points", rackValue(ts, racks[1])-rackValue(ts, racks[0])))
	default:
		d.P(p.T("endgame.end_cut"))
	}
	// The other first plays.
	pt := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("endgame.col.play")}, ui.Col{Header: p.T("endgame.col.score"), Right: true},
		ui.Col{Header: p.T("endgame.col.value"), Right: true}, ui.Col{Header: p.T("endgame.col.final"), Right: true}, ui.Col{Shrink: true})
	for i, pl := range res.Plays {
		if i >= show {
			break
		}
		v, f := p.Signed(pl.Value), p.Signed(spread+pl.Value)
		note := ui.Cell{}
		if pl.Bound == AtMost {
			v, f = "≤ "+v, "≤ "+f
			note = ui.Cell{Text: p.T("endgame.bound"), Style: ui.Dim}
		} else if !pl.Proven {
			note = ui.Cell{Text: p.T("endgame.not_proven"), Style: ui.Dim}
		}
		play := ui.Cell{Text: engine.FormatMove(&pl.Move, pos.Board, ts)}
		if i == 0 {
			play.Style = ui.Good
		}
		pt.Cells(ui.Cell{Text: p.Int(i + 1)}, play, ui.Cell{Text: p.Int(int(pl.Move.Score))}, ui.Cell{Text: v}, ui.Cell{Text: f}, note)
	}
	d.H2(p.N("endgame.plays_title", len(res.Plays)))
	d.Table(pt)
	d.Note(p.T("endgame.stats", "Nodes", p.Int(int(res.Nodes)), "Seconds", p.Float(res.Elapsed.Seconds(), 2), "Threads", res.Threads,
		"Words", p.Int(res.Words)))
	d.Note(p.T("endgame.legend"))
	return d
}

// opponentRack is the opponent's rack: given, or the unseen tiles.
func opponentRack(pos *engine.Position) []lexicon.Tile {
	if len(pos.Racks[1]) > 0 {
		return append([]lexicon.Tile(nil), pos.Racks[1]...)
	}
	return pos.UnseenTiles()
}

// removeTiles takes the tiles m places off rack r (a blank for a blanked letter).
func removeTiles(r []lexicon.Tile, m *engine.Move) []lexicon.Tile {
	if m.Kind != engine.Play {
		return r
	}
	for _, t := range m.Tiles[:m.Len] {
		if t == engine.PlayedThrough {
			continue
		}
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		for i, x := range r {
			if x == t {
				r = append(r[:i], r[i+1:]...)
				break
			}
		}
	}
	return r
}

func rackValue(ts *lexicon.TileSet, r []lexicon.Tile) int {
	v := 0
	for _, t := range r {
		v += ts.Points(t)
	}
	return v
}

// JSON is the pre-endgame of pos as --json writes it, its moves in ts's notation.
func (res *PegResult) JSON(pos *engine.Position, ts *lexicon.TileSet) PegJSON {
	out := PegJSON{Unseen: ts.Notation(res.Unseen), Complete: res.Complete, Solves: res.Solves, Nodes: res.Nodes,
		Seconds: num.Round2(res.Elapsed.Seconds()), Plays: []PegPlayJSON{}}
	for _, pl := range res.Plays {
		j := PegPlayJSON{Play: engine.FormatMove(&pl.Move, pos.Board, ts), Score: int(pl.Move.Score), Win: num.Round2(100*pl.Win) / 100,
			Spread: num.Round2(pl.Spread), Value: num.Round2(pl.Value), Proven: pl.Proven}
		for _, d := range pl.Draws {
			j.Draws = append(j.Draws, PegDrawJSON{Tile: ts.Label(d.Tile), Count: d.Count, Value: d.Value})
		}
		out.Plays = append(out.Plays, j)
	}
	return out
}

// Doc is the pre-endgame of pos for a reader; out is its JSON (the plays' notation).
func (res *PegResult) Doc(p *i18n.Printer, pos *engine.Position, out *PegJSON) *ui.Doc {
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
			draws += label + " " + p.Signed(spread+dr.Value)
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
	// The legend names the columns by their headings.
	d.Note(p.T("peg.legend", "Win", p.T("peg.col.win"), "Spread", p.T("peg.col.spread"), "Draws", p.T("peg.col.draws")))
	return d
}

// JSON is a judgement as --json writes it: as atril endgame writes a solve, or atril peg a
// pre-endgame (a SolveJSON or a PegJSON).
func (j *Judged) JSON(pos *engine.Position, ts *lexicon.TileSet) any {
	if j.Peg != nil {
		return j.Peg.JSON(pos, ts)
	}
	return j.Endgame.JSON(pos, ts)
}

// Doc is a judgement as atril endgame or peg shows it, every candidate judged.
func (j *Judged) Doc(p *i18n.Printer, pos *engine.Position, ts *lexicon.TileSet) *ui.Doc {
	if j.Peg != nil {
		out := j.Peg.JSON(pos, ts)
		return j.Peg.Doc(p, pos, &out)
	}
	return j.Endgame.Doc(p, pos, len(j.Endgame.Plays))
}
