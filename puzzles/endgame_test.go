package puzzles

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// toyLexicon is a lexicon of a few words whose tile set holds exactly the tiles the CGP shows
// and the unseen ones given (the default set's letters and points): a hand-made endgame has an
// empty bag, a pre-endgame the one tile it says.
func toyLexicon(t *testing.T, words, cgp string, unseen ...string) (*lexicon.Lexicon, *engine.Position) {
	t.Helper()
	small := testlex.Small(t, strings.Fields(words)...)
	def := lexicon.DefaultTileSet()
	pos, err := engine.ParseCGP(cgp, def, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	left := pos.Unseen()
	for _, u := range unseen {
		tiles, err := def.ParseRack(u)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range tiles {
			left[x]--
		}
	}
	var csv strings.Builder
	for i, l := range def.Letters() {
		label := l.Label
		if i == 0 {
			label = "?"
		}
		fmt.Fprintf(&csv, "%s,%d,%d,%t\n", label, l.Count-left[i], l.Points, l.Vowel)
	}
	ts, err := lexicon.ParseTileSet("toy", "toy.csv", strings.NewReader(csv.String()))
	if err != nil {
		t.Fatal(err)
	}
	if pos, err = engine.ParseCGP(cgp, ts, engine.StandardLayout()); err != nil {
		t.Fatal(err)
	}
	return &lexicon.Lexicon{Name: "toy", Tiles: ts, Graph: small.Graph}, pos
}

func exactAnalyzerFor(t *testing.T, lex *lexicon.Lexicon, o ExactOptions) *exactAnalyzer {
	t.Helper()
	ea, err := newExactAnalyzer(lex, nil, equity.NewDefault(lex.Tiles), o)
	if err != nil {
		t.Fatal(err)
	}
	return ea
}

// The hand-checked endgames of engine/endgame's tests (standard board: A1 triple word, F2
// triple letter; A E I L S 1 point, M 3, Q 5, X 8, Z 10).
var toyEndgames = []struct {
	name, words, cgp string
	value            float64
	answers          []string
	tags             []puzzletag.Tag
}{{
	// MX against Z, which threatens ZAS at A1 and out. XI at F2 scores most (25) and loses
	// (-17); MAS blocks, Z is stuck, the opponent passes and XI goes out: 60. The opponent
	// could go out before and cannot after (BLOCK); XI goes out on the second turn
	// (OUT_IN_TWO), a play already possible before MAS (not SETUP).
	name: "block", words: "AS MAS ZAS XI IS",
	cgp:   "1AS12/6I8/6S8/15/15/15/15/15/15/15/15/15/15/15/15 MX/Z 0/0 0",
	value: 60, answers: []string{"1A M(AS)"}, tags: []puzzletag.Tag{puzzletag.OutInTwo, puzzletag.Block},
}, {
	// AS against a stuck Q. ALAS goes out at once for 14 (the top score, 4, and the static
	// best); ALA first, a pass, then ALAS: 17. ALAS from K8 was not on the board before ALA
	// (SETUP), out on the second turn (OUT_IN_TWO), and Q can never be played (STUCK_TILE).
	name: "stuck Q", words: "AL ALA ALAS",
	cgp:   "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/Q 0/0 0",
	value: 17, answers: []string{"8H (AL)A"}, tags: []puzzletag.Tag{puzzletag.OutInTwo, puzzletag.Setup, puzzletag.StuckTile},
}, {
	// AQ against Z, stuck while the board has no A. ELA (3, the top score) gives Z its A:
	// -18. Passing is best: both pass and each loses their rack, Z 10 - AQ 6 = 4 (PASS); Q and
	// Z are stuck (STUCK_TILE).
	name: "pass", words: "EL ELA ZA",
	cgp:   "15/15/15/15/15/15/15/7EL6/15/15/15/15/15/15/15 AQ/Z 0/0 0",
	value: 4, answers: []string{"-"}, tags: []puzzletag.Tag{puzzletag.StuckTile, puzzletag.PassTag},
}}

// TestEndgamePuzzleTags: each hand-checked endgame makes a puzzle with its exact value, every
// optimal first play as an answer, the optimal line, and the tags its comment works out.
func TestEndgamePuzzleTags(t *testing.T) {
	t.Parallel()
	for _, tc := range toyEndgames {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lex, pos := toyLexicon(t, tc.words, tc.cgp)
			pz, err := exactAnalyzerFor(t, lex, ExactOptions{}).endgame(context.Background(), pos)
			if err != nil || pz == nil {
				t.Fatalf("no puzzle: %v", err)
			}
			var answers []string
			for _, a := range pz.Answers {
				answers = append(answers, a.Move)
			}
			if pz.Kind != KindEndgame || pz.Exact.Value != tc.value || !slices.Equal(answers, tc.answers) {
				t.Fatalf("kind %s, value %v, answers %q; want %v %q", pz.Kind, pz.Exact.Value, answers, tc.value, tc.answers)
			}
			if got, want := tagSet(pz.Tags), tagSet(tc.tags); !slices.Equal(got, want) {
				t.Errorf("tags %v, want %v", got, want)
			}
			best := pz.Exact.find(pz.Answers[0])
			if best == nil || len(best.Line) == 0 || best.Line[0].Move != tc.answers[0] || best.End == "" {
				t.Errorf("optimal line %+v", best)
			}
			// Every play listed below the optimum is not an answer, and vice versa.
			for _, p := range pz.Exact.Plays {
				if right := !p.AtMost && p.Value == tc.value; right != isAnswer(pz, &p.Play) {
					t.Errorf("%s worth %v (at most %t): answer %t", p.Move, p.Value, p.AtMost, !right)
				}
			}
		})
	}
}

// TestEndgameFormality: a position whose top scorer goes out and is the static best is no
// puzzle; nor is one with too many tiles for --max-tiles.
func TestEndgameFormality(t *testing.T) {
	t.Parallel()
	// AS against E: ALAS goes out (4, the top score and the static best), worth 6.
	lex, pos := toyLexicon(t, "AL ALA ALAS EL", "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/E 0/0 0")
	if pz, err := exactAnalyzerFor(t, lex, ExactOptions{}).endgame(context.Background(), pos); err != nil || pz != nil {
		t.Errorf("a formality made a puzzle: %v %v", pz, err)
	}
	tc := toyEndgames[0]
	lex, pos = toyLexicon(t, tc.words, tc.cgp)
	if pz, err := exactAnalyzerFor(t, lex, ExactOptions{MaxTiles: 2}).endgame(context.Background(), pos); err != nil || pz != nil {
		t.Errorf("3 tiles with --max-tiles 2 made a puzzle: %v %v", pz, err)
	}
	// A margin no loss reaches keeps only positions whose top scorer is wrong: still this one.
	if pz, err := exactAnalyzerFor(t, lex, ExactOptions{Margin: 1000}).endgame(context.Background(), pos); err != nil || pz == nil {
		t.Errorf("the top scorer loses: no puzzle (%v)", err)
	}
}

// exactStore stores the puzzles of the toy endgames (from their CGP) and returns a service on
// them.
func exactService(t *testing.T, tc int) (*Service, *Puzzle) {
	t.Helper()
	c := toyEndgames[tc]
	lex, pos := toyLexicon(t, c.words, c.cgp)
	st := openStore(t)
	s := generate(t, st, lex, GenOptions{CGP: pos.CGP(), Kinds: []Kind{KindEndgame}}, nil, 1)
	if len(s.Stored) != 1 || s.Stored[0].Source != SourceCGP || s.Stored[0].Kind != KindEndgame {
		t.Fatalf("%+v", s)
	}
	svc := &Service{Store: st, Lex: lex}
	pz, err := svc.Next(context.Background(), Filter{Kind: KindEndgame})
	if err != nil {
		t.Fatal(err)
	}
	return svc, pz
}

// TestEndgameAnswers: answering an endgame puzzle from the store: a wrong play is told its
// exact value and its line, a play the puzzle does not list is solved when typed (the same
// value as stored), every optimal play is right, and the first attempt moves the endgame
// rating alone.
func TestEndgameAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, pz := exactService(t, 0)
	en := i18n.For(i18n.English)
	term := &ui.Term{W: &strings.Builder{}, Mode: ui.Pipe}
	out, err := svc.Answer(ctx, pz, "2F X(I)", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	g := out.Judgement.Grade
	if out.Judgement.Correct || g == nil || g.Figure != FigureExact || !g.Known || g.Value != -17 || g.Answer != 60 || g.Below != 77 {
		t.Fatalf("XI: %+v", g)
	}
	msg := term.Render(TryDoc(term, en, pz, out))
	if !strings.Contains(msg, "-17") || !strings.Contains(msg, "1A M(AS)") || !strings.Contains(msg, "Your line: you: 2F X(I) (25)") {
		t.Errorf("the verdict: %q", msg)
	}
	if !out.Rated {
		t.Error("the first attempt was not rated")
	}
	eg, n, _ := svc.PlayerRatingFor(ctx, KindEndgame)
	if n != 1 || eg.Rating >= InitialRating {
		t.Errorf("endgame rating %v after %d attempts, want one loss", eg, n)
	}
	if _, n, _ := svc.PlayerRating(ctx); n != 0 {
		t.Errorf("the bingo and best-play rating moved: %d attempts", n)
	}

	// A play not listed is solved when typed: the pass, removed from the list.
	i := slices.IndexFunc(pz.Exact.Plays, func(p ExactPlay) bool { return p.Key == "-" })
	if i < 0 {
		t.Fatal("the pass is not listed")
	}
	pass := pz.Exact.Plays[i]
	pz.Exact.Plays = slices.Delete(pz.Exact.Plays, i, i+1)
	out, err = svc.Answer(ctx, pz, "-", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g := out.Judgement.Grade; out.Judgement.Correct || !g.Known || g.Value != pass.Value || g.AtMost || out.Rated {
		t.Errorf("pass solved when typed: %+v (stored %v), rated %t", g, pass.Value, out.Rated)
	}

	// A play stored with a bound that reaches the optimum (a puzzle made before every optimal
	// play was listed) is solved when typed, and right when it is worth the optimum.
	for i := range pz.Exact.Plays {
		if pz.Exact.Plays[i].Move == "1A M(AS)" {
			pz.Exact.Plays[i].AtMost, pz.Exact.Plays[i].Line = true, nil
		}
	}
	out, err = svc.Answer(ctx, pz, "1A MAS", 0, 0)
	if err != nil || !out.Judgement.Correct || out.Judgement.Grade.Value != 60 || out.Judgement.Grade.AtMost {
		t.Fatalf("MAS: %+v, %v", out.Judgement, err)
	}
	sol := term.Render(SolutionDoc(term, en, pz, 5, func(*ui.Term, *i18n.Printer, *engine.Position, *engine.Move) string { return "" }, out.Judgement.Play))
	for _, want := range []string{"The best: 1A M(AS), worth +60", "The optimal line", "2F X(I)", "and goes out"} {
		if !strings.Contains(sol, want) {
			t.Errorf("solution lacks %q:\n%s", want, sol)
		}
	}
	// Stats: the endgame kind, its rating and history.
	st, err := svc.StatsOf(ctx, KindEndgame)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.History) != 1 || st.History[0].Solved || len(st.ByKind) != 1 || st.ByKind[0].Name != "endgame" || st.ByKind[0].Attempts != 1 {
		t.Errorf("stats: history %+v, by kind %+v", st.History, st.ByKind)
	}
	if all, _ := svc.Stats(ctx); len(all.History) != 0 || all.All.Attempts != 1 {
		t.Errorf("the bingo and best-play history has %d points, %d attempts", len(all.History), all.All.Attempts)
	}
	doc := term.Render(StatsDoc(term, i18n.For(i18n.Spanish), st, 10))
	if !strings.Contains(doc, "Puntuaciones por tipo") || !strings.Contains(doc, "final") {
		t.Errorf("stats in Spanish:\n%s", doc)
	}
}

// TestPreEndgamePuzzle: a pre-endgame puzzle's answers are the plays with the best chance of
// winning and an expected spread within the tolerance, by the solver's own figures; the
// others are wrong, told their chance and expected spread.
func TestPreEndgamePuzzle(t *testing.T) {
	t.Parallel()
	lex, pos := toyLexicon(t, "AL ALA ALAS AS ES EL ELLA SE LE LA MAS MES QUE",
		"15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AESM/ 10/12 0", "EEEQUAAS")
	ea := exactAnalyzerFor(t, lex, ExactOptions{Margin: 0.01, Candidates: 100})
	pz, err := ea.preendgame(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	res, err := endgame.PreEndgame(context.Background(), endgame.Config{Lexicon: lex, Threads: 1}, pos, endgame.PegOptions{})
	if err != nil || !res.Complete {
		t.Fatal(err)
	}
	best := res.Plays[0]
	if pz == nil {
		// Not a puzzle: then a top scorer is right and the static best as good as the best.
		t.Fatalf("no puzzle; best %s wins %.3f", engine.FormatMove(&best.Move, pos.Board, lex.Tiles), best.Win)
	}
	if pz.Kind != KindPreEndgame || pz.Exact.Win != best.Win || pz.Exact.Value != num.Round2(best.Value) || pz.Position.Racks[1] != nil {
		t.Fatalf("puzzle %s: win %v value %v; solver %v %v", pz.Kind, pz.Exact.Win, pz.Exact.Value, best.Win, best.Value)
	}
	for _, p := range res.Plays {
		pl := exactPlay(lex.Tiles, pos.Board, pos.Racks[0], &p.Move)
		right := p.Win >= best.Win-1e-9 && num.Round2(p.Value) >= num.Round2(best.Value)-DefaultPegAccept-1e-9
		g := Accept(pz, pl, pz.Answers[0])
		if g.Accepted != right || !g.Known || g.Win != p.Win || g.Figure != FigurePreEndgame {
			t.Errorf("%s (win %.3f, value %.3f): %+v, want accepted %t", pl.Move, p.Win, p.Value, g, right)
		}
		if right != isAnswer(pz, &pl) {
			t.Errorf("%s: right %t but answer %t", pl.Move, right, !right)
		}
	}
	if g := Accept(pz, Play{Move: "-", Key: "-"}, pz.Answers[0]); g.Accepted || g.Known {
		t.Errorf("a pass: %+v", g)
	}
}

// TestEndgameEveryOptimalPlay: a self-play endgame on the shipped lexicon where three first
// plays are worth the optimum, one of them left by a solve of the best two with a bound equal to
// it (worth at most +35): every one is an answer (atril endgame --rank 6 values them all).
func TestEndgameEveryOptimalPlay(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	pos, err := engine.ParseCGP("RETIENTAS6/6O1AH3G1/6S1ZAR1HI1/2TOQUI2LUYEN1/6EL1DO1N2/6RO1E2D2/6EL1E2I2/7A4D2/1CEÑIMOS4O2/"+
		"1ANUDE3P1P3/4ASUlCADA2A/3F5L1M2J/2ROBOTiCE1B2U/4EX3AVA[LL]AN/6[CH]IGRES2O CS/[RR] 440/516 1", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	pz, err := exactAnalyzerFor(t, lex, ExactOptions{}).endgame(context.Background(), pos)
	if err != nil || pz == nil {
		t.Fatalf("no puzzle: %v", err)
	}
	var answers []string
	for _, a := range pz.Answers {
		answers = append(answers, a.Move)
	}
	slices.Sort(answers)
	if want := []string{"11E (ASUlCADA)S", "13N C(U)", "J2 (HALDEE)S"}; pz.Exact.Value != 35 || !slices.Equal(answers, want) {
		t.Errorf("value %v, answers %q; want 35 and %q", pz.Exact.Value, answers, want)
	}
}

// TestPreEndgameServed: a pre-endgame puzzle made from a CGP is served with its own kind, the
// opponent's rack hidden; its answer is right, a pass is wrong and not valued, a wrong play is
// told its chance of winning and expected spread; its rating is the pre-endgame one.
func TestPreEndgameServed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	lex, pos := toyLexicon(t, "AL ALA ALAS AS ES EL ELLA SE LE LA MAS MES QUE",
		"15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AESM/ 10/12 0", "EEEQUAAS")
	st := openStore(t)
	s := generate(t, st, lex, GenOptions{CGP: pos.CGP(), Kinds: []Kind{KindPreEndgame}, Exact: ExactOptions{Margin: 0.01, Candidates: 100}}, nil, 1)
	if len(s.Stored) != 1 {
		t.Fatalf("%d puzzles", len(s.Stored))
	}
	svc := &Service{Store: st, Lex: lex}
	pz, err := svc.Next(ctx, Filter{Kind: KindPreEndgame})
	if err != nil || pz.Kind != KindPreEndgame || pz.Position.Racks[1] != nil || pz.Bag != 1 {
		t.Fatalf("served %+v, %v", pz, err)
	}
	var wrong *ExactPlay
	for i := range pz.Exact.Plays {
		if !isAnswer(pz, &pz.Exact.Plays[i].Play) {
			wrong = &pz.Exact.Plays[i]
			break
		}
	}
	if wrong == nil {
		t.Fatal("every play is right")
	}
	out, err := svc.Answer(ctx, pz, "-", 0, 0)
	if err != nil || out.Judgement.Correct || out.Judgement.Grade.Known || out.Judgement.Grade.Figure != FigurePreEndgame {
		t.Fatalf("pass: %+v, %v", out.Judgement.Grade, err)
	}
	out, err = svc.Answer(ctx, pz, wrong.Move, 0, 0)
	if err != nil || out.Judgement.Correct || out.Judgement.Grade.Win != wrong.Win || out.Judgement.Grade.Value != wrong.Value {
		t.Fatalf("%s: %+v, %v", wrong.Move, out.Judgement.Grade, err)
	}
	term := &ui.Term{W: &strings.Builder{}, Mode: ui.Pipe}
	if msg := term.Render(TryDoc(term, i18n.For(i18n.Spanish), pz, out)); !strings.Contains(msg, "gana en") || !strings.Contains(msg, pz.Answers[0].Move) {
		t.Errorf("verdict: %q", msg)
	}
	out, err = svc.Answer(ctx, pz, pz.Answers[0].Move, 0, 0)
	if err != nil || !out.Judgement.Correct {
		t.Fatalf("the answer: %+v, %v", out.Judgement, err)
	}
	if _, n, _ := svc.PlayerRatingFor(ctx, KindPreEndgame); n != 1 {
		t.Errorf("pre-endgame rating: %d attempts", n)
	}
	if _, n, _ := svc.PlayerRatingFor(ctx, KindEndgame); n != 0 {
		t.Errorf("endgame rating: %d attempts", n)
	}
}
