package puzzles

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func openStore(t testing.TB) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return t0 }, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// fingerprint is what makes two runs' puzzles the same: ids, positions, kinds, tags and answers.
func fingerprint(ps []*Puzzle) []string {
	var out []string
	for _, p := range ps {
		var ans []string
		for _, a := range p.Answers {
			ans = append(ans, fmt.Sprintf("%s=%d/%.2f", a.Move, a.Score, a.Equity))
		}
		sim := ""
		if p.Sim != nil {
			sim = fmt.Sprintf("%s %d %v", p.Sim.Outcome, p.Sim.Iterations, p.Sim.Plays)
		}
		out = append(out, fmt.Sprintf("%d %s %s %v %s %s | %s", p.ID, p.Kind, p.Position.CGP(), p.Tags, p.SourceRef, strings.Join(ans, ","), sim))
	}
	return out
}

func generate(t *testing.T, st *studystore.Store, lex *lexicon.Lexicon, o GenOptions, gcgs []Input, workers int) *Summary {
	t.Helper()
	plan, err := NewPlan(o, gcgs, lex, equity.Table{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := (&Generator{Store: st, Workers: workers}).Run(context.Background(), plan, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Finished {
		t.Fatalf("run not finished: %+v", sum)
	}
	return sum
}

// TestSelfPlaySameForAnyWorkers: the same seed makes the same puzzles, with the same ids and
// the same simulated figures, on one worker or three.
func TestSelfPlaySameForAnyWorkers(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	o := GenOptions{SelfPlay: 2, Seed: 5, Verify: true, Sim: VerifyOptions{Iterations: 24, Candidates: 3}}
	a := generate(t, openStore(t), lex, o, nil, 1)
	b := generate(t, openStore(t), lex, o, nil, 3)
	fa, fb := fingerprint(a.Stored), fingerprint(b.Stored)
	if len(fa) < 20 || !slices.Equal(fa, fb) {
		t.Fatalf("1 worker: %d puzzles, 3 workers: %d; first differences:\n%s", len(fa), len(fb), firstDiff(fa, fb))
	}
	kinds := map[Kind]int{}
	for _, p := range a.Stored {
		kinds[p.Kind]++
		if p.Source != SourceSelfPlay || p.Bag < MinBag || len(p.Top) == 0 || len(p.Answers) == 0 || p.Lexicon != lex.Name {
			t.Errorf("puzzle %d: source %s, bag %d, %d top, %d answers, lexicon %s", p.ID, p.Source, p.Bag, len(p.Top), len(p.Answers), p.Lexicon)
		}
		if p.Kind == KindBest && (p.Sim == nil || len(p.Sim.Plays) != 3) {
			t.Errorf("best-play puzzle %d not simulated: %+v", p.ID, p.Sim)
		}
		if p.Kind == KindBingo && p.Sim != nil {
			t.Errorf("bingo puzzle %d simulated", p.ID)
		}
	}
	if kinds[KindBest] == 0 || kinds[KindBingo] == 0 {
		t.Errorf("kinds %v", kinds)
	}
	// Another seed makes other games.
	c := generate(t, openStore(t), lex, GenOptions{SelfPlay: 3, Seed: 6}, nil, 2)
	if slices.Equal(fingerprint(c.Stored)[:3], fa[:3]) {
		t.Error("seeds 5 and 6 made the same puzzles")
	}
}

func firstDiff(a, b []string) string {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return a[i] + "\n" + b[i]
		}
	}
	return ""
}

// TestResume: a run interrupted after a few commits and resumed stores the same puzzles as a
// run left alone, and a stored position is never stored twice.
func TestResume(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	o := GenOptions{SelfPlay: 6, Seed: 9}
	whole := generate(t, openStore(t), lex, o, nil, 2)

	st := openStore(t)
	plan, err := NewPlan(o, nil, lex, equity.Table{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	commits := 0
	// One worker, so that a slow first game cannot let the other finish every game before the
	// second commit (a loaded machine did).
	gn := &Generator{Store: st, Workers: 1, CommitEvery: time.Nanosecond, Progress: func(done, jobs, stored int) {
		if commits++; commits == 2 {
			cancel()
		}
	}}
	first, err := gn.Run(ctx, plan, 0, 0, 0)
	if err != context.Canceled || first.Finished || first.Done == 0 || first.Done >= 6 {
		t.Fatalf("interrupted run: %v, %+v", err, first)
	}
	run, err := st.LastUnfinishedPuzzleRun(context.Background())
	if err != nil || run.Done != first.Done || run.Stored != len(first.Stored) {
		t.Fatalf("checkpoint %+v, %v; the run did %d jobs, stored %d", run, err, first.Done, len(first.Stored))
	}
	gn.Progress, gn.Workers = nil, 2
	rest, err := gn.Run(context.Background(), plan, run.ID, run.Done, run.Stored)
	if err != nil || !rest.Finished {
		t.Fatalf("resumed: %v, %+v", err, rest)
	}
	got := fingerprint(append(first.Stored, rest.Stored...))
	if want := fingerprint(whole.Stored); !slices.Equal(got, want) {
		t.Fatalf("interrupted and resumed: %d puzzles, straight: %d\n%s", len(got), len(want), firstDiff(got, want))
	}
	if _, err := st.LastUnfinishedPuzzleRun(context.Background()); err != studystore.ErrNoPuzzleRun {
		t.Errorf("the run is still unfinished: %v", err)
	}
	// The same games again: every position is already stored.
	again := generate(t, st, lex, o, nil, 2)
	if len(again.Stored) != 0 || again.Duplicates != len(whole.Stored) {
		t.Errorf("a second run stored %d, %d duplicates (want 0 and %d)", len(again.Stored), again.Duplicates, len(whole.Stored))
	}
}

// selfPlayGCG plays a recorded self-play game and returns it as GCG.
func selfPlayGCG(t *testing.T, lex *lexicon.Lexicon, seed uint64) []byte {
	t.Helper()
	var out []byte
	_, err := game.SelfPlay(context.Background(), game.SelfPlayConfig{Lexicon: lex, Games: 1, Seed: seed, Workers: 1, Record: true,
		Players: [2]game.Strategy{game.ByEquity, game.ByScore},
		OnGame: func(r game.GameResult) error {
			var buf bytes.Buffer
			err := r.Record.Write(&buf, lex.Tiles)
			out = buf.Bytes()
			return err
		}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGCG: a game record makes the same puzzles every time; --player keeps that player's
// costly turns; a bad file is refused, naming the file and line, with nothing stored.
func TestGCG(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	in := []Input{{Name: "a.gcg", Data: selfPlayGCG(t, lex, 1)}, {Name: "b.gcg", Data: selfPlayGCG(t, lex, 2)}}
	o := GenOptions{GCG: []string{"a.gcg", "b.gcg"}}
	first := generate(t, openStore(t), lex, o, in, 2)
	second := generate(t, openStore(t), lex, o, in, 1)
	if f1, f2 := fingerprint(first.Stored), fingerprint(second.Stored); len(f1) < 10 || !slices.Equal(f1, f2) {
		t.Fatalf("the same files made %d and %d puzzles:\n%s", len(f1), len(f2), firstDiff(f1, f2))
	}
	for _, p := range first.Stored {
		if p.Source != SourceGCG || !strings.HasPrefix(p.SourceRef, "a.gcg:") && !strings.HasPrefix(p.SourceRef, "b.gcg:") || p.Played != nil {
			t.Errorf("puzzle %d: source %s %q, played %v", p.ID, p.Source, p.SourceRef, p.Played)
		}
	}

	// Player 2 of a self-play game plays the top scorer, not the best equity: their costly turns.
	mine := generate(t, openStore(t), lex, GenOptions{GCG: o.GCG, Player: "score2", MinLoss: 3}, in, 2)
	if len(mine.Stored) == 0 || len(mine.Stored) >= len(first.Stored) {
		t.Fatalf("--player kept %d of %d", len(mine.Stored), len(first.Stored))
	}
	for _, p := range mine.Stored {
		if p.Player != "score2" || p.Played == nil || p.Played.Loss < 3 || p.Played.Equity > p.Top[0].Equity-3 {
			t.Errorf("puzzle %d: player %q, played %+v", p.ID, p.Player, p.Played)
		}
	}
	if _, err := NewPlan(GenOptions{GCG: o.GCG, Player: "nadie"}, in, lex, equity.Table{}, nil); err == nil || !strings.Contains(err.Error(), "a.gcg") {
		t.Errorf("unknown player: %v", err)
	}

	// A bad line in the second file: the error names it and nothing at all is stored.
	lines := strings.Split(string(in[1].Data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ">") && i > 12 {
			lines[i] = strings.Replace(l, "+", "+9", 1) // a score the play does not make
			bad := []Input{in[0], {Name: "b.gcg", Data: []byte(strings.Join(lines, "\n"))}}
			st := openStore(t)
			_, err := NewPlan(GenOptions{GCG: o.GCG}, bad, lex, equity.Table{}, nil)
			msg := ""
			if err != nil {
				msg = i18n.For(i18n.English).Err(err)
			}
			if err == nil || !strings.Contains(msg, fmt.Sprintf("b.gcg:%d:", i+1)) {
				t.Errorf("bad line %d: %q", i+1, msg)
			}
			if n, _ := st.CountPuzzles(context.Background(), studystore.PuzzleQuery{Lexicon: lex.Name, Tiles: lex.Tiles.Name}); n != 0 {
				t.Errorf("%d puzzles stored", n)
			}
			break
		}
	}
	if _, err := NewPlan(GenOptions{GCG: []string{"c.gcg"}}, []Input{{Name: "c.gcg", Data: []byte("#player1 a A\n#player2 b B\n>a: ABC 8H ??? +1 1\n")}}, lex, equity.Table{}, nil); err == nil || !strings.Contains(err.Error(), "c.gcg:3") {
		t.Errorf("unreadable move: %v", err)
	}
	// A file changed since its run started.
	o2 := GenOptions{GCG: []string{"a.gcg"}, GCGSHA256: []string{"0000"}}
	if _, err := NewPlan(o2, in[:1], lex, equity.Table{}, nil); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("changed file: %v", err)
	}
}

// TestCGP: one position makes one puzzle; a bad CGP or an endgame makes none.
func TestCGP(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	st := openStore(t)
	cgp := "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEIRSTN/ 0/16 0"
	s := generate(t, st, lex, GenOptions{CGP: cgp, Verify: true, Sim: VerifyOptions{Iterations: 32}}, nil, 1)
	if len(s.Stored) != 1 || s.Stored[0].Source != SourceCGP {
		t.Fatalf("%+v", s)
	}
	if _, err := NewPlan(GenOptions{CGP: "15/15 AEI/ 0/0 0"}, nil, lex, equity.Table{}, nil); err == nil || !strings.Contains(i18n.For(i18n.Spanish).Err(err), "CGP, tablero: 2 filas") {
		t.Errorf("bad CGP: %v", err)
	}
	// Everything on the board but a few tiles: fewer than 7 in the bag, no puzzle.
	end := generate(t, openStore(t), lex, GenOptions{CGP: endgameCGP(t, lex)}, nil, 1)
	if len(end.Stored) != 0 || end.Positions != 1 {
		t.Errorf("endgame: %+v", end)
	}
}

// endgameCGP is a self-play position with fewer than 7 tiles in the bag.
func endgameCGP(t *testing.T, lex *lexicon.Lexicon) string {
	g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, 3)
	a := NewAnalyzer(lex, nil, nil, AnalyzeOptions{})
	for g.Bag.Len() >= 4 {
		an := a.Analyze(g.Position())
		if err := g.Apply(&an.Best); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	p.Racks[1] = nil
	return p.CGP()
}

// TestFilters: --kind, --tag, --deck and --limit.
func TestFilters(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	st := openStore(t)
	all := generate(t, st, lex, GenOptions{SelfPlay: 4, Seed: 21}, nil, 2)
	// A deck holding one bingo word of those puzzles (as an anagram card) and one best-play
	// answer word (as a judge card).
	var bingoWord, bestWord string
	for _, p := range all.Stored {
		if p.Kind == KindBingo && bingoWord == "" {
			bingoWord = p.Answers[0].Word
		}
		if p.Kind == KindBest && bestWord == "" && p.Answers[0].Word != "" {
			bestWord = p.Answers[0].Word
		}
	}
	ctx := context.Background()
	ts := lex.Tiles
	w1, _ := ts.ParseWord(bingoWord)
	w2, _ := ts.ParseWord(bestWord)
	ana, _ := st.CreateDeck(ctx, studystore.Deck{Name: "ana", Lexicon: lex.Name, Kind: "anagram", Scheduler: "fsrs"})
	st.AddCards(ctx, ana, lex.Name, "anagram", studystore.Cards(ts.Notation(lexicon.Alphagram(w1))))
	jud, _ := st.CreateDeck(ctx, studystore.Deck{Name: "jud", Lexicon: lex.Name, Kind: "judge", Scheduler: "fsrs"})
	st.AddCards(ctx, jud, lex.Name, "judge", studystore.Cards(ts.Notation(w2)))
	for _, tc := range []struct{ deck, word string }{{"ana", bingoWord}, {"jud", bestWord}} {
		deck, err := LoadDeckFilter(ctx, st, tc.deck)
		if err != nil {
			t.Fatal(err)
		}
		plan, _ := NewPlan(GenOptions{SelfPlay: 4, Seed: 21}, nil, lex, equity.Table{}, deck)
		s, err := (&Generator{Store: openStore(t)}).Run(ctx, plan, 0, 0, 0)
		if err != nil || len(s.Stored) == 0 || s.Filtered == 0 {
			t.Fatalf("deck %s: %v, %+v", tc.deck, err, s)
		}
		for _, p := range s.Stored {
			if !slices.ContainsFunc(p.Answers, func(a Play) bool { return a.Word == tc.word || sameLetters(ts, a.Word, tc.word) && tc.deck == "ana" }) {
				t.Errorf("deck %s: puzzle %d's answers %v hold no %s", tc.deck, p.ID, p.Answers, tc.word)
			}
		}
		// Serving with --deck finds the same puzzles among the first run's.
		svc := &Service{Store: st, Lex: lex}
		pz, err := svc.Next(ctx, Filter{Deck: deck})
		if err != nil || !slices.ContainsFunc(pz.Answers, func(a Play) bool { return sameLetters(ts, a.Word, tc.word) }) {
			t.Errorf("serving deck %s: %v %+v", tc.deck, err, pz)
		}
	}
	if _, err := LoadDeckFilter(ctx, st, "nada"); err == nil {
		t.Error("a missing deck loads")
	}
	bingos := generate(t, openStore(t), lex, GenOptions{SelfPlay: 4, Seed: 21, Kinds: []Kind{KindBingo}}, nil, 2)
	tagged := generate(t, openStore(t), lex, GenOptions{SelfPlay: 4, Seed: 21, Tags: []puzzletag.Tag{puzzletag.PowerTile}}, nil, 2)
	limited := generate(t, openStore(t), lex, GenOptions{SelfPlay: 4, Seed: 21, Limit: 7}, nil, 2)
	if len(bingos.Stored) == 0 || len(tagged.Stored) == 0 || len(limited.Stored) != 7 {
		t.Fatalf("bingos %d, tagged %d, limited %d", len(bingos.Stored), len(tagged.Stored), len(limited.Stored))
	}
	for _, p := range bingos.Stored {
		if p.Kind != KindBingo {
			t.Errorf("--kind bingo stored a %s puzzle", p.Kind)
		}
	}
	for _, p := range tagged.Stored {
		if !p.HasTag(puzzletag.PowerTile) {
			t.Errorf("--tag POWER_TILE stored %v", p.Tags)
		}
	}
	if got, want := fingerprint(limited.Stored), fingerprint(all.Stored)[:7]; !slices.Equal(got, want) {
		t.Errorf("--limit 7 did not store the first 7:\n%s", firstDiff(got, want))
	}
}

func sameLetters(ts *lexicon.TileSet, a, b string) bool {
	wa, _ := ts.ParseWord(a)
	wb, _ := ts.ParseWord(b)
	return ts.Notation(lexicon.Alphagram(wa)) == ts.Notation(lexicon.Alphagram(wb))
}

// When the simulation disagrees with the static answer, keep makes its winner the answer (the
// static one recorded beside it) and drop leaves the puzzle out: the same puzzles, seed and
// settings give exactly the kept puzzles less the replaced ones.
func TestSimDisagreement(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	o := GenOptions{SelfPlay: 2, Seed: 9, Kinds: []Kind{KindBest}, Verify: true, Sim: VerifyOptions{Iterations: 24, Candidates: 4}}
	keep := generate(t, openStore(t), lex, o, nil, 2)
	replaced := map[string]bool{}
	for _, pz := range keep.Stored {
		if pz.Sim == nil {
			t.Fatalf("puzzle %s not simulated", pz.Position.CGP())
		}
		// The engine's top plays, at most 10, best first, each with its loss to the best.
		if n := len(pz.Top); n < 2 || n > DefaultTop {
			t.Errorf("%d top plays", n)
		}
		for i, p := range pz.Top {
			if want := num.Round2(pz.Top[0].Equity - p.Equity); math.Abs(p.Loss-want) > 0.011 || i > 0 && p.Equity > pz.Top[i-1].Equity {
				t.Errorf("top play %d %s: equity %.2f, loss %.2f (best %.2f)", i, p.Move, p.Equity, p.Loss, pz.Top[0].Equity)
			}
		}
		if pz.Sim.Outcome != Replaced {
			continue
		}
		if pz.Sim.Static == "" || pz.Sim.Static == pz.Answers[0].Move {
			t.Errorf("replaced puzzle: static %q, answer %q", pz.Sim.Static, pz.Answers[0].Move)
		}
		if best := pz.Sim.Plays[0]; best.Move != pz.Answers[0].Move {
			t.Errorf("replaced puzzle's answer %q is not the simulation's winner %q", pz.Answers[0].Move, best.Move)
		}
		replaced[pz.Position.CGP()] = true
	}
	if len(replaced) == 0 || len(replaced) == len(keep.Stored) {
		t.Fatalf("%d of %d puzzles replaced: the test needs some of each", len(replaced), len(keep.Stored))
	}
	o.Sim.Disagree = DisagreeDrop
	drop := generate(t, openStore(t), lex, o, nil, 2)
	if len(drop.Stored) != len(keep.Stored)-len(replaced) {
		t.Errorf("drop stored %d, want %d kept less %d replaced", len(drop.Stored), len(keep.Stored), len(replaced))
	}
	for _, pz := range drop.Stored {
		if replaced[pz.Position.CGP()] || pz.Sim.Outcome == Replaced {
			t.Errorf("drop kept a puzzle the simulation disagreed with: %s", pz.Position.CGP())
		}
	}
	t.Logf("%d best-play puzzles, %d replaced by the simulation", len(keep.Stored), len(replaced))
}
