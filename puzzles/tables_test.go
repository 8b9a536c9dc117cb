package puzzles

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// TestPuzzleLeaveTables: a puzzle records the leave table it was made with; its answers are
// judged with that table when atril has it (even when another is in use), and with the one in
// use, said plainly, when it does not. Puzzles stored before the table was recorded are
// recognised from their equities.
func TestPuzzleLeaveTables(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	lex := testlex.Default(t)
	ts := lex.Tiles
	hand := equity.HandSet(ts)
	builtin, err := leavetable.Open(leavetable.Builtin, ts)
	if err != nil {
		t.Fatal(err)
	}
	if hand.Info.Same(builtin.Info) || !hand.Info.Same(equity.HandSet(ts).Info) {
		t.Fatalf("checksums: hand-set %s, builtin %s", hand.Info.Checksum, builtin.Info.Checksum)
	}

	// Made with the hand-set model, as puzzles were before the learned table.
	st := openStore(t)
	plan, err := NewPlan(GenOptions{SelfPlay: 1, Seed: 4, Kinds: []Kind{KindBest}}, nil, lex, hand, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := (&Generator{Store: st, Workers: 1}).Run(ctx, plan, 0, 0, 0)
	if err != nil || len(sum.Stored) < 3 || !sum.Leaves.Same(hand.Info) {
		t.Fatalf("gen: %v, %d puzzles, table %+v", err, len(sum.Stored), sum.Leaves)
	}
	for _, pz := range sum.Stored {
		rec, err := st.Puzzle(ctx, pz.ID)
		if err != nil || rec.Leaves != "handset" || rec.LeavesChecksum != hand.Info.Checksum {
			t.Fatalf("puzzle %d stored with table %q %q (%v), want handset %s", pz.ID, rec.Leaves, rec.LeavesChecksum, err, hand.Info.Checksum)
		}
	}
	// A play that keeps tiles the two tables value differently, from a puzzle's top plays.
	var pz *Puzzle
	var other Play
	for _, cand := range sum.Stored {
		for _, pl := range cand.Top[1:] {
			leave, _ := ts.ParseRack(pl.Leave)
			if pl.Leave != "" && pl.Move != "-" && math.Abs(hand.Leaves.LeaveValue(leave)-builtin.Leaves.LeaveValue(leave)) > 1 {
				pz, other = cand, pl
				break
			}
		}
		if pz != nil {
			break
		}
	}
	if pz == nil {
		t.Fatal("no top play whose leave the two tables value apart")
	}
	leave, _ := ts.ParseRack(other.Leave)
	withBuiltin := num.Round2(float64(other.Score) + builtin.Leaves.LeaveValue(leave))

	es := i18n.For(i18n.Spanish)
	noBoard := func(*ui.Term, *i18n.Printer, *engine.Position, *engine.Move) string { return "" }
	show := func(p *Puzzle) string {
		var b strings.Builder
		term := ui.NewTerm(&b, false, 0, func(string) string { return "" })
		term.Print(PuzzleDoc(term, es, p, NewRating(), noBoard))
		term.Print(SolutionDoc(term, es, p, 3, noBoard, nil))
		return b.String()
	}
	judge := func(svc *Service, id int64) (*Puzzle, float64) {
		t.Helper()
		p, err := svc.Puzzle(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		out, err := svc.Answer(ctx, p, other.Move, 0, 0)
		if err != nil || out.Judgement.Play == nil {
			t.Fatalf("answer %s: %+v %v", other.Move, out, err)
		}
		return p, out.Judgement.Play.Equity
	}

	// The learned table in use, the hand-set model at hand: judged with the puzzle's own, and
	// said so.
	svc := &Service{Store: st, Lex: lex, Table: builtin, Known: leavetable.Known(ts)}
	p, eq := judge(svc, pz.ID)
	if !p.Valued.Own || eq != other.Equity || !p.Valued.InUse.Same(builtin.Info) {
		t.Errorf("own table at hand: valued %+v, equity %v, want the stored %v", p.Valued, eq, other.Equity)
	}
	if out := show(p); !strings.Contains(out, "Hecho con la tabla de remanentes handset, no con la que está en uso (builtin (FISE2-LIBRE))") ||
		!strings.Contains(out, "Estas cifras son las de la tabla de remanentes handset") {
		t.Errorf("no note of the puzzle's table:\n%s", out)
	}
	// Only the learned table: the puzzle's is not at hand, the one in use judges, and a warning
	// says so.
	only := &Service{Store: st, Lex: lex, Table: builtin}
	p, eq = judge(only, pz.ID)
	if p.Valued.Own || eq != withBuiltin {
		t.Errorf("own table missing: valued %+v, equity %v, want the learned table's %v", p.Valued, eq, withBuiltin)
	}
	if out := show(p); !strings.Contains(out, "que este atril no tiene") || !strings.Contains(out, hand.Info.Checksum) {
		t.Errorf("no warning that the puzzle's table is missing:\n%s", out)
	}

	// Stored before tables were recorded: recognised from the equities.
	keep := sum.Stored[0].ID // one puzzle keeps its record
	if keep == pz.ID {
		keep = sum.Stored[1].ID
	}
	if _, err := st.DB().Exec(`UPDATE puzzles SET leaves = '', leaves_checksum = '' WHERE id <> ?`, keep); err != nil {
		t.Fatal(err)
	}
	p, eq = judge(svc, pz.ID)
	if !p.Valued.Own || !p.Leaves.Same(hand.Info) || eq != other.Equity {
		t.Errorf("an unrecorded table: valued %+v, table %+v, equity %v", p.Valued, p.Leaves, eq)
	}
	p, eq = judge(only, pz.ID)
	if p.Valued.Own || eq != withBuiltin {
		t.Errorf("an unrecorded table not at hand: valued %+v, equity %v", p.Valued, eq)
	}
	if out := show(p); !strings.Contains(out, "antes de que atril anotara las tablas") {
		t.Errorf("no warning that the table is unknown:\n%s", out)
	}

	// Counted by table: all under the hand-set model, most recognised; unknown without it.
	n := len(sum.Stored)
	tc, err := svc.Tables(ctx)
	if err != nil || len(tc) != 1 || !tc[0].Table.Same(hand.Info) || tc[0].Puzzles != n || tc[0].Recognised != n-1 || tc[0].InUse || !tc[0].Available {
		t.Errorf("tables with the hand-set model at hand: %+v, %v", tc, err)
	}
	tc, err = only.Tables(ctx)
	if err != nil || len(tc) != 2 || tc[0].Table.Checksum != "" || tc[0].Puzzles != n-1 || tc[0].Available ||
		!tc[1].Table.Same(hand.Info) || tc[1].Puzzles != 1 || tc[1].Available {
		t.Errorf("tables with only the learned one: %+v, %v", tc, err)
	}
	var b strings.Builder
	term := ui.NewTerm(&b, false, 0, func(string) string { return "" })
	st2, err := only.Stats(ctx)
	if err != nil || len(st2.Tables) != 2 {
		t.Fatalf("stats tables %+v, %v", st2, err)
	}
	term.Print(StatsDoc(term, es, st2, 10))
	for _, want := range []string{"Tablas de remanentes de los problemas", "desconocida", "no disponible", hand.Info.Checksum} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("puzzle stats lacks %q:\n%s", want, b.String())
		}
	}
}

// TestRecognise: the first table that gives every stored equity; any table for a puzzle whose
// plays keep nothing; none when no table fits.
func TestRecognise(t *testing.T) {
	t.Parallel()
	ts := testlex.Default(t).Tiles
	hand := equity.HandSet(ts)
	builtin, err := leavetable.Open(leavetable.Builtin, ts)
	if err != nil {
		t.Fatal(err)
	}
	tables := []equity.Table{builtin, hand}
	leave := "QÑV"
	tiles, _ := ts.ParseRack(leave)
	play := func(l equity.Leaves) Play {
		return Play{Move: "8H X", Score: 20, Leave: leave, Equity: num.Round2(20 + l.LeaveValue(tiles))}
	}
	for name, tc := range map[string]struct {
		d    Data
		want int
	}{
		"hand-set":       {Data{Answers: []Play{play(hand.Leaves)}, Top: []Play{play(hand.Leaves)}}, 1},
		"learned":        {Data{Answers: []Play{play(builtin.Leaves)}}, 0},
		"bingos only":    {Data{Answers: []Play{{Move: "8H ABCDEFG", Score: 80, Equity: 80}}}, 0},
		"neither":        {Data{Top: []Play{{Move: "8H X", Score: 20, Leave: leave, Equity: 99}}}, -1},
		"mixed evidence": {Data{Answers: []Play{play(hand.Leaves)}, Top: []Play{play(builtin.Leaves)}}, -1},
	} {
		if got := recognise(&tc.d, ts, tables); got != tc.want {
			t.Errorf("%s: %d, want %d", name, got, tc.want)
		}
	}
}
