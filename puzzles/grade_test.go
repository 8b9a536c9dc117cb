package puzzles

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// TestAcceptanceRule reproduces what a player met: a play of the same static equity as the
// answer (13B CHAU and 13B A[CH]U, both 39.9) turned down in a puzzle checked by simulation
// because the simulation had not tried it, and 15F MUGLE(S), 7.2 below in the simulation,
// accepted because the simulation had kept it in the running. Under the one rule (Accept)
// the figure that decides is the simulated equity where both plays have it, else static
// equity; equal is right, worse beyond the tolerance is not.
func TestAcceptanceRule(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CHAU", "ACHU")
	pz := NewAnalyzer(lex, nil, nil, AnalyzeOptions{Kinds: []Kind{KindBest}}).
		Analyze(position(t, lex, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 [CH]AEIORU/ 0/0 0")).Puzzle
	if pz == nil || pz.Kind != KindBest || len(pz.Top) < 6 {
		t.Fatalf("no best-play puzzle with 6 plays: %+v", pz)
	}
	ans := pz.Answers[0]
	// A play of the answer's static equity, spelt the other way (CHAU against A[CH]U).
	var twin *Play
	for i := range pz.Top[4:] {
		if pl := &pz.Top[4+i]; pl.Word != ans.Word && pl.Equity == ans.Equity && pl.Coords != "" {
			twin = pl
			break
		}
	}
	if twin == nil {
		t.Fatalf("no play of equal equity spelt otherwise among %+v", pz.Top)
	}
	// The simulation's figures, as Verify stores them: the answer ahead, one play 7.2 below
	// (kept in the running, so the old code listed it as accepted), one 0.6 below, one equal.
	simmed := *pz
	simEq := ans.Equity + 3
	worse, near, equal := pz.Top[1], pz.Top[2], pz.Top[3]
	simmed.Sim = &Verification{Outcome: Confirmed, Plies: 2, Iterations: 400, Plays: []SimPlay{
		{Move: ans.Move, Key: ans.Key, Static: ans.Equity, Equity: simEq},
		{Move: equal.Move, Key: equal.Key, Static: equal.Equity, Equity: simEq},
		{Move: near.Move, Key: near.Key, Static: near.Equity, Equity: simEq - 0.6},
		{Move: worse.Move, Key: worse.Key, Static: worse.Equity, Equity: simEq - 7.2},
	}}
	simmed.Accepted = []Play{worse, near, equal}
	en := i18n.For(i18n.English)
	term := &ui.Term{W: &strings.Builder{}, Mode: ui.Pipe}
	for _, tc := range []struct {
		name   string
		pz     *Puzzle
		play   Play
		right  bool
		figure Figure
		below  float64
	}{
		{"equal static equity, not simulated", &simmed, *twin, true, FigureStatic, 0},
		{"7.2 below in the simulation", &simmed, worse, false, FigureSim, 7.2},
		{"0.6 below in the simulation", &simmed, near, true, FigureSim, 0.6},
		{"equal in the simulation", &simmed, equal, true, FigureSim, 0},
		{"the answer", &simmed, ans, true, FigureSim, 0},
		{"equal static equity, no simulation", pz, *twin, true, FigureStatic, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, err := Judge(tc.pz, lex, nil, tc.play.Move)
			if err != nil {
				t.Fatal(err)
			}
			if j.Correct != tc.right || j.Grade == nil || j.Grade.Figure != tc.figure || j.Grade.Below != tc.below || j.Grade.Tolerance != DefaultAccept {
				t.Fatalf("%s: correct %v, grade %+v; want %v by %s, %.1f below", tc.play.Move, j.Correct, j.Grade, tc.right, tc.figure, tc.below)
			}
			// What the player reads says so, with the figure that decided.
			var b strings.Builder
			term.W = &b
			term.Print(TryDoc(term, en, tc.pz, &Outcome{Judgement: j}))
			want := "Right"
			if !tc.right {
				want = "below the answer's"
			}
			if !strings.Contains(b.String(), want) || !tc.right && !strings.Contains(b.String(), string(tc.figure)) {
				t.Errorf("verdict %q, want %q", b.String(), want)
			}
		})
	}
	// The solution lists what the rule accepts, not what the simulation kept in the running.
	acc := map[string]bool{}
	for _, a := range simmed.AcceptedPlays() {
		acc[a.Key] = true
	}
	if acc[worse.Key] || !acc[near.Key] || !acc[equal.Key] || !acc[twin.Key] {
		t.Errorf("accepted %v: want the near, equal and twin plays, not the worse one", acc)
	}
}

// TestAcceptTolerance: the tolerance is the puzzle's --accept; a static figure beyond it is
// wrong, at it right.
func TestAcceptTolerance(t *testing.T) {
	t.Parallel()
	zero, two := 0.0, 2.0
	ans := Play{Key: "a", Score: 20, Equity: 30}
	for _, tc := range []struct {
		accept *float64
		equity float64
		right  bool
	}{
		{nil, 29, true}, {nil, 28.99, false}, {&zero, 30, true}, {&zero, 29.99, false},
		{&two, 28, true}, {&two, 27.9, false}, {nil, 35, true},
	} {
		pz := &Puzzle{Kind: KindBest, Data: Data{Answers: []Play{ans}, Accept: tc.accept}}
		g := Accept(pz, Play{Key: "b", Score: 10, Equity: tc.equity}, ans)
		if g.Accepted != tc.right || g.Figure != FigureStatic {
			t.Errorf("accept %v, equity %.2f: %+v, want %v", tc.accept, tc.equity, g, tc.right)
		}
	}
	// A bingo puzzle takes every bingo placement and nothing else.
	bz := &Puzzle{Kind: KindBingo, Data: Data{Answers: []Play{ans, {Key: "c", Score: 70}}}}
	if !Accept(bz, Play{Key: "c", Score: 70}, ans).Accepted || Accept(bz, Play{Key: "d", Score: 90, Equity: 99}, ans).Accepted {
		t.Error("bingo puzzle: a placement refused or a non-bingo taken")
	}
}

// TestSolutionShowsThePlayersPlay: after a right play that is not the stored answer, the board
// shows the player's play, not the answer.
func TestSolutionShowsThePlayersPlay(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CHAU", "ACHU")
	pz := NewAnalyzer(lex, nil, nil, AnalyzeOptions{Kinds: []Kind{KindBest}}).
		Analyze(position(t, lex, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 [CH]AEIORU/ 0/0 0")).Puzzle
	ans := pz.Answers[0]
	var other Play
	for _, pl := range pz.Top[1:] {
		if pl.Word != ans.Word && pl.Coords != "" {
			other = pl
			break
		}
	}
	j, err := Judge(pz, lex, nil, other.Move)
	if err != nil || !j.Correct {
		t.Fatalf("%s: %+v %v", other.Move, j, err)
	}
	for _, tc := range []struct {
		mine *Play
		want string
	}{{j.Play, other.Move}, {nil, ans.Move}} {
		var drawn string
		draw := func(_ *ui.Term, _ *i18n.Printer, pos *engine.Position, last *engine.Move) string {
			if last != nil {
				drawn = engine.FormatMove(last, pz.Position.Board, lex.Tiles)
			}
			return ""
		}
		term := &ui.Term{W: &strings.Builder{}, Mode: ui.Pipe}
		term.Render(SolutionDoc(term, i18n.For(i18n.English), pz, 3, draw, tc.mine))
		if drawn != tc.want {
			t.Errorf("board after %q, want %q", drawn, tc.want)
		}
	}
}
