package game

import (
	"bytes"
	"context"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// smallLexicon is a word list built for tests (not the official list).
func smallLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	words := []string{"AS", "ES", "SE", "LA", "AL", "EL", "LO", "OS", "NO", "ON", "SI", "YA", "TE", "DE",
		"EN", "UN", "MI", "TU", "SU", "NI", "YO", "ME", "MA", "TA", "RE", "DO", "IR", "OR", "RA", "RO",
		"CASA", "CASAS", "MESA", "MESAS", "PESO", "SOPA", "RATA", "TREN", "MONO", "LEON", "SOL", "MAR",
		"PAN", "CHARRO", "LLAMA", "PERRO", "ROSA", "ROSAS", "TORO", "TOROS", "NOTA", "NOTAS", "SANO",
		"SANA", "RISA", "RESTO", "TIERRA", "ANTES", "SALTO", "ASADO", "ENTRE", "DIENTE", "OTRO", "UNO",
		"UNA", "LUNA", "LUNES", "DUNA", "DUNAS", "ALTO", "ALTA", "TAL", "SAL", "SALE", "TELA", "TELAS"}
	return testlex.Small(t, words...)
}

// file2017 loads the official list when present (tests and comparisons only).
func file2017(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	return testlex.FILE2017(t)
}

// checkGame replays a recorded game, checking every play with the rules validator (same
// legality, same score) and the GCG round trip.
func checkGame(t *testing.T, lex *lexicon.Lexicon, r GameResult) {
	t.Helper()
	checkGameFrom(t, lex, nil, r)
}

// checkGameFrom is checkGame for a game that started at position start (nil: an empty board).
// GCG cannot hold a starting position, so such a game's file is not replayed.
func checkGameFrom(t *testing.T, lex *lexicon.Lexicon, start *engine.Position, r GameResult) {
	t.Helper()
	ts := lex.Tiles
	b := engine.NewBoard(engine.StandardLayout())
	if start != nil {
		b = start.Board.Clone()
	}
	plays := 0
	for _, ev := range r.Record.Events {
		if ev.Kind != gcg.Play {
			continue
		}
		v := engine.Check(b, &ev.Move, ts, lex, ev.Rack)
		if !v.Legal || v.Score != ev.Score {
			t.Fatalf("game %d: %s (rack %s) scored %d by the generator: validator legal=%v score=%d %v",
				r.Index+1, engine.FormatMove(&ev.Move, b, ts), ts.Notation(ev.Rack), ev.Score, v.Legal, v.Score, v.Problems)
		}
		if v.Move.Row != ev.Move.Row || v.Move.Col != ev.Move.Col || v.Move.Len != ev.Move.Len || v.Move.Tiles != ev.Move.Tiles {
			t.Fatalf("game %d: generator wrote %s, validator %s", r.Index+1, engine.FormatMove(&ev.Move, b, ts), engine.FormatMove(&v.Move, b, ts))
		}
		b.Apply(&v.Move)
		plays++
	}
	if plays == 0 {
		t.Fatalf("game %d: no plays", r.Index+1)
	}
	if start != nil {
		return
	}
	var buf bytes.Buffer
	if err := r.Record.Write(&buf, ts); err != nil {
		t.Fatal(err)
	}
	g2, err := gcg.Read(bytes.NewReader(buf.Bytes()), "selfplay.gcg", ts)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	p, err := g2.Replay(ts, engine.StandardLayout(), -1)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, buf.String())
	}
	if p.Board.Squares != b.Squares {
		t.Errorf("game %d: GCG replay board differs", r.Index+1)
	}
	// The final totals in the file are the result's scores, by seat.
	last := [2]int{}
	for _, ev := range g2.Events {
		last[ev.Player] = ev.Cumulative
	}
	first := r.First
	if last[0] != r.Scores[first] || last[1] != r.Scores[1-first] {
		t.Errorf("game %d: GCG totals %v, result %v (first %d)", r.Index+1, last, r.Scores, first)
	}
}

func TestSelfPlaySmallLexicon(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	for _, rules := range []Rules{FILERules, SixScoreless} {
		res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: rules, Players: [2]Strategy{ByEquity, ByScore}, Games: 6, Seed: 9, Record: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			checkGame(t, lex, r)
			if r.End == NotOver {
				t.Errorf("game %d not over", r.Index+1)
			}
		}
	}
}

// Whole games on a real word list, the shipped default and the official one when it is
// present (tests only): every play validated, real-looking scores, the tally adds up.
func TestSelfPlayBigLexicons(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lex  func(testing.TB) *lexicon.Lexicon
	}{{"default", defaultLexicon}, {"FILE2017", file2017}} {
		t.Run(tc.name, func(t *testing.T) { selfPlayBigLexicon(t, tc.lex(t)) })
	}
}

func selfPlayBigLexicon(t *testing.T, lex *lexicon.Lexicon) {
	res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore}, Games: 8, Seed: 1, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	bingos := 0
	for _, r := range res {
		checkGame(t, lex, r)
		bingos += r.Bingos[0] + r.Bingos[1]
		if r.Scores[0]+r.Scores[1] < 300 {
			t.Errorf("game %d: scores %v look too low for real play", r.Index+1, r.Scores)
		}
	}
	var tally Tally
	for i := range res {
		tally.Add(&res[i])
	}
	if tally.Games != len(res) || tally.Wins[0]+tally.Wins[1]+tally.Ties != len(res) {
		t.Errorf("tally %+v of %d games", tally, len(res))
	}
	t.Logf("8 games: scores %v, bingos %d, wins %v", tally.Scores, bingos, tally.Wins)
}

func TestSelfPlayDeterministic(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	run := func(workers int) []GameResult {
		res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Games: 6, Seed: 5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(1), run(3)
	for i := range a {
		if a[i].Scores != b[i].Scores || a[i].Turns != b[i].Turns || a[i].Seed != b[i].Seed {
			t.Errorf("game %d: 1 worker %v/%d, 3 workers %v/%d", i+1, a[i].Scores, a[i].Turns, b[i].Scores, b[i].Turns)
		}
	}
	c, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Games: 6, Seed: 6, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	differ := false
	for i := range a {
		differ = differ || a[i].Scores != c[i].Scores
	}
	if !differ {
		t.Error("seeds 5 and 6 played the same games")
	}
}
