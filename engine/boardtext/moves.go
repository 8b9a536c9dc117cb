package boardtext

import (
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// MoveJSON is one move as `atril moves --json` writes it.
type MoveJSON struct {
	Coords string  `json:"coords"`
	Word   string  `json:"word"`
	Move   string  `json:"move"`
	Score  int     `json:"score"`
	Equity float64 `json:"equity"`
	Leave  string  `json:"leave"`
}

// MoveList is the moves of a position as `atril moves` presents them; its JSON is what
// --json writes.
type MoveList struct {
	NMoves int        `json:"n_moves"`
	Moves  []MoveJSON `json:"moves"`
	// NoTilePlay: no word can be played; moves are the exchanges and the pass.
	NoTilePlay bool `json:"no_tile_play,omitempty"`

	moves []engine.Move
	bag   int
	ts    *lexicon.TileSet
}

// ListMoves is moves of pos for a reader; noTilePlay says no word can be played (the moves are
// then the exchanges and the pass).
func ListMoves(pos *engine.Position, moves []engine.Move, noTilePlay bool) *MoveList {
	ts := pos.Tiles
	out := &MoveList{NMoves: len(moves), Moves: make([]MoveJSON, 0, len(moves)), NoTilePlay: noTilePlay,
		moves: moves, bag: pos.BagCount(), ts: ts}
	for i := range moves {
		m := &moves[i]
		// Display: plain letters, single tiles bracketed only where they would read as a digraph
		// tile ([L][L]), so a script parsing the leave gets the right tiles.
		j := MoveJSON{Move: engine.FormatMove(m, pos.Board, ts), Score: int(m.Score), Equity: num.Round2(m.Equity), Leave: ts.Display(m.LeaveTiles())}
		if m.Kind == engine.Play {
			j.Coords = engine.FormatCoords(m)
			j.Word = engine.FormatWord(m, pos.Board, ts)
		}
		out.Moves = append(out.Moves, j)
	}
	return out
}

// Doc is the moves for a reader on t, the legend only on a terminal.
func (out *MoveList) Doc(t *ui.Term, p *i18n.Printer) *ui.Doc {
	if len(out.moves) == 0 {
		return ui.NewDoc().P(p.T("moves.none"))
	}
	// People read the move in the notation they type into "atril score --play" ([RR] one
	// tile, lower case a blank, (C) on the board), the whole word plainly, and the leave in
	// the move's notation. No column is ever cut: a move or a word must be read whole.
	tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("engine.col.move")},
		ui.Col{Header: p.T("engine.col.word")}, ui.Col{Header: p.T("engine.col.score"), Right: true},
		ui.Col{Header: p.T("engine.col.equity"), Right: true}, ui.Col{Header: p.T("engine.col.leave")})
	for i, m := range out.Moves {
		tb.Row(p.Int(i+1), m.Move, m.Word, p.Int(m.Score), p.Float(m.Equity, 2), out.ts.Notation(out.moves[i].LeaveTiles()))
	}
	doc := ui.NewDoc()
	if out.NoTilePlay {
		if out.bag > 0 {
			doc.P(p.T("moves.no_tile_play_exchange"))
		} else {
			doc.P(p.T("moves.no_tile_play_pass"))
		}
	}
	doc.Table(tb)
	if t.TTY() {
		doc.Note(p.T("moves.legend"))
	}
	return doc
}
