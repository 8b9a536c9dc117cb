package puzzles

import (
	"context"
	"encoding/json"
	"math"
	"slices"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/lexicon"
)

// A puzzle's equities (its answers, the engine's top plays, their loss) are the values of the
// leave table it was made with. A play typed as an answer must be valued with the same table,
// or "12.5 below the best" compares two tables' numbers. Puzzles record their table (name and
// checksum); those stored before they did are recognised from their stored equities.

// tables are the leave tables the service can value leaves with: the one in use first (the
// hand-set model when none is given), then Known without repeats.
func (s *Service) tables() []equity.Table {
	use := s.Table
	if use.Leaves == nil {
		use = equity.HandSet(s.Lex.Tiles)
	}
	out := []equity.Table{use}
	for _, t := range s.Known {
		if t.Leaves != nil && !slices.ContainsFunc(out, func(o equity.Table) bool { return o.Info.Same(t.Info) }) {
			out = append(out, t)
		}
	}
	return out
}

// value sets how pz's answers are valued: with its own table when the service has it (and,
// for a puzzle stored without its table, recognises which it was), else with the one in use.
func (s *Service) value(pz *Puzzle) {
	tables := s.tables()
	pz.Valued = Valuation{InUse: tables[0].Info, leaves: tables[0].Leaves}
	i := -1
	if pz.Leaves.Checksum != "" {
		i = slices.IndexFunc(tables, func(t equity.Table) bool { return t.Info.Same(pz.Leaves) })
	} else if i = recognise(&pz.Data, s.Lex.Tiles, tables); i >= 0 {
		pz.Leaves = tables[i].Info
	}
	if i >= 0 {
		pz.Valued.Own, pz.Valued.leaves = true, tables[i].Leaves
	}
}

// recognise tells which of tables a puzzle stored without its table was made with: the first
// whose leave values give every stored play's equity from its score and leave (to the cent the
// equities were rounded to). A puzzle none of whose plays keeps a tile (every play a bingo)
// fits any table: the first is taken. -1 when none fits.
func recognise(d *Data, ts *lexicon.TileSet, tables []equity.Table) int {
	type kept struct {
		score  int
		equity float64
		leave  []lexicon.Tile
	}
	var plays []kept
	for _, list := range [][]Play{d.Answers, d.Accepted, d.Top} {
		for _, p := range list {
			if p.Leave == "" {
				continue
			}
			leave, err := ts.Parse(p.Leave, lexicon.ParseOptions{AllowBlank: true, LowerIsBlank: true})
			if err != nil {
				return -1 // not this tile set's: no table can be trusted
			}
			plays = append(plays, kept{p.Score, p.Equity, leave})
		}
	}
	for i, t := range tables {
		fits := true
		for _, p := range plays {
			v := float64(p.score)
			if t.Leaves != nil {
				v += t.Leaves.LeaveValue(p.leave)
			}
			if math.Abs(num.Round2(v)-p.equity) > 0.011 {
				fits = false
				break
			}
		}
		if fits {
			return i
		}
	}
	return -1
}

// TableCount is how many puzzles of the service's lexicon and tile set were made with a leave
// table.
type TableCount struct {
	// Table names and identifies the table (Name and Checksum only; both "" when not known).
	Table    equity.TableInfo `json:"-"`
	Name     string           `json:"name"`
	Checksum string           `json:"checksum"`
	// Recognised counts the puzzles stored before atril recorded tables that were found to be
	// this table's from their equities (included in Puzzles).
	Recognised int `json:"recognised,omitempty"`
	Puzzles    int `json:"puzzles"`
	// InUse: the table the commands use now; Available: this atril has it, and judges the
	// puzzles' answers with it.
	InUse     bool `json:"in_use"`
	Available bool `json:"available"`
}

// Tables counts the puzzles of the service's lexicon and tile set by the leave table they were
// made with (puzzles stored before tables were recorded under the table their equities show),
// the most puzzles first.
func (s *Service) Tables(ctx context.Context) ([]TableCount, error) {
	counts, err := s.Store.PuzzleTables(ctx, s.Lex.Name, s.Lex.Tiles.Name)
	if err != nil {
		return nil, err
	}
	tables := s.tables()
	var out []TableCount
	add := func(info equity.TableInfo, n, recognised int) {
		for i := range out {
			if out[i].Table.Checksum == info.Checksum && (info.Checksum != "" || out[i].Table.Name == info.Name) {
				out[i].Puzzles += n
				out[i].Recognised += recognised
				return
			}
		}
		tc := TableCount{Table: equity.TableInfo{Name: info.Name, Checksum: info.Checksum}, Name: info.Name, Checksum: info.Checksum,
			Puzzles: n, Recognised: recognised}
		tc.InUse = tables[0].Info.Same(info)
		tc.Available = slices.ContainsFunc(tables, func(t equity.Table) bool { return t.Info.Same(info) })
		out = append(out, tc)
	}
	for _, c := range counts {
		if c.LeavesChecksum != "" {
			add(equity.TableInfo{Name: c.Leaves, Checksum: c.LeavesChecksum}, c.Puzzles, 0)
			continue
		}
		data, err := s.Store.PuzzleDataWithoutTable(ctx, s.Lex.Name, s.Lex.Tiles.Name)
		if err != nil {
			return nil, err
		}
		for _, raw := range data {
			var d Data
			i := -1
			if json.Unmarshal(raw, &d) == nil {
				i = recognise(&d, s.Lex.Tiles, tables)
			}
			if i < 0 {
				add(equity.TableInfo{}, 1, 0)
			} else {
				add(tables[i].Info, 1, 1)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b TableCount) int { return b.Puzzles - a.Puzzles })
	return out, nil
}
