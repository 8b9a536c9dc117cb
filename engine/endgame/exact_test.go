package endgame

import (
	"context"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/ui/uitest"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

func TestPlayerMaker(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, strings.Fields("AL ALA ALAS AS ES EL ELLA SE LE LA MAS MES QUE")...)
	mk := PlayerMaker(lex, game.Rules{ConsecutivePasses: 2}, 3)
	a, okA := mk().(*Player)
	b, okB := mk().(*Player)
	if !okA || !okB {
		t.Fatal("not an endgame Player")
	}
	if a == b || a.Solver == b.Solver {
		t.Fatal("two players share a solver")
	}
	if a.Plies != 3 || a.Solver.cfg.Threads != 1 || a.Solver.cfg.TableBytes != SelfPlayTableBytes || a.Solver.cfg.Rules.ConsecutivePasses != 2 {
		t.Fatalf("player: plies %d, config %+v", a.Plies, a.Solver.cfg)
	}
	pos := exactPosition(t, "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/Q 0/0 0")
	m, err := a.BestMove(pos)
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := b.BestMove(pos); m2 != m {
		t.Errorf("two players disagree: %v and %v", m, m2)
	}
}

func TestJudgeCandidates(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, strings.Fields("AL ALA ALAS AS ES EL ELLA SE LE LA MAS MES QUE")...)
	ctx := context.Background()
	pass := engine.Move{Kind: engine.Pass}

	// More than one tile in the bag: not judged exactly.
	pos := exactPosition(t, "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/Q 0/0 0")
	if _, ok, err := JudgeCandidates(ctx, lex, 1, 0, pos, 2, []engine.Move{pass}); ok || err != nil {
		t.Fatalf("bag of 2: exact %t, %v", ok, err)
	}
	// The bag empty: the endgame solver ranks every candidate.
	s, _ := New(Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes})
	all, err := s.Solve(ctx, pos, Options{Rank: 100})
	if err != nil {
		t.Fatal(err)
	}
	var cands []engine.Move
	for _, p := range all.Plays {
		cands = append(cands, p.Move)
	}
	j, ok, err := JudgeCandidates(ctx, lex, 1, 0, pos, 0, cands)
	if !ok || err != nil || j.Peg != nil || j.Endgame == nil {
		t.Fatalf("bag empty: exact %t, %v, %+v", ok, err, j)
	}
	if len(j.Endgame.Plays) != len(cands) || j.Endgame.Value != all.Value {
		t.Errorf("bag empty: %d plays valued %d, want %d valued %d", len(j.Endgame.Plays), j.Endgame.Value, len(cands), all.Value)
	}
	// Shown as atril endgame shows a solve, every candidate listed.
	if js, ok := j.JSON(pos, lex.Tiles).(SolveJSON); !ok || len(js.Plays) != len(cands) || js.Value != all.Value {
		t.Errorf("bag empty: JSON %+v", j.JSON(pos, lex.Tiles))
	}
	if out := judgedText(t, &j, pos, lex.Tiles); !strings.Contains(out, j.Endgame.JSON(pos, lex.Tiles).Plays[len(cands)-1].Play) {
		t.Errorf("bag empty: the last candidate missing:\n%s", out)
	}

	// One tile in the bag: the pre-endgame solver judges the plays, and a pass alone is refused.
	peg := exactPosition(t, "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AESM/ 10/12 0", "EEEQUAAS")
	if _, ok, err := JudgeCandidates(ctx, lex, 1, 0, peg, 1, []engine.Move{pass}); !ok || err == nil {
		t.Fatalf("a pass alone: exact %t, %v", ok, err)
	}
	res, err := PreEndgame(ctx, Config{Lexicon: lex, Threads: 1}, peg, PegOptions{})
	if err != nil || len(res.Plays) == 0 {
		t.Fatal(err, len(res.Plays))
	}
	j, ok, err = JudgeCandidates(ctx, lex, 1, 0, peg, 1, []engine.Move{pass, res.Plays[0].Move})
	if !ok || err != nil || j.Endgame != nil || j.Peg == nil || len(j.Peg.Plays) != 1 || j.Peg.Plays[0].Move != res.Plays[0].Move {
		t.Fatalf("one tile: exact %t, %v, %+v", ok, err, j.Peg)
	}
	// Shown as atril peg shows a pre-endgame.
	js, isPeg := j.JSON(peg, lex.Tiles).(PegJSON)
	if !isPeg || len(js.Plays) != 1 {
		t.Fatalf("one tile: JSON %+v", j.JSON(peg, lex.Tiles))
	}
	if out := judgedText(t, &j, peg, lex.Tiles); !strings.Contains(out, js.Plays[0].Play) {
		t.Errorf("one tile: the play %q missing:\n%s", js.Plays[0].Play, out)
	}
}

// judgedText is j's document as plain English text.
func judgedText(t *testing.T, j *Judged, pos *engine.Position, ts *lexicon.TileSet) string {
	t.Helper()
	return uitest.Plain(t, j.Doc(i18n.For("en"), pos, ts), 200)
}
