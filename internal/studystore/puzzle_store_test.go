package studystore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

func puzzleRec(key string, rating float64, kind string, tags ...string) studystore.PuzzleRecord {
	return studystore.PuzzleRecord{Lexicon: "L", Tiles: "fise", Kind: kind, PositionKey: key, CGP: key, Rack: "AEIRST?",
		Source: "selfplay", Difficulty: 0.5, Rating: studystore.PuzzleRating{Rating: rating, Deviation: 350, Volatility: 0.06},
		Tags: tags, Words: []studystore.PuzzleWord{{Word: "CASA", Alphagram: "AACS"}}, Data: []byte(`{}`)}
}

// TestPuzzleStore: commits store a run's puzzles with its checkpoint, skip positions already
// stored, and the next puzzle is the unseen one nearest a rating under the filters; only the
// first try or give-up of a puzzle is rated, in the same transaction as the attempt.
func TestPuzzleStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "p.db"), studystore.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	run, err := st.StartPuzzleRun(ctx, []byte(`{"selfplay":3}`), 3)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.CommitPuzzles(ctx, studystore.PuzzleCommit{RunID: run, Done: 2, Dropped: 1, Puzzles: []studystore.PuzzleRecord{
		puzzleRec("a", 1400, "best", "EQUITY"), puzzleRec("b", 1560, "bingo", "ONLY_BINGO"), puzzleRec("a", 1500, "best")}})
	if err != nil || ids[0] == 0 || ids[1] == 0 || ids[2] != 0 {
		t.Fatalf("ids %v, %v", ids, err)
	}
	r, err := st.LastUnfinishedPuzzleRun(ctx)
	if err != nil || r.ID != run || r.Done != 2 || r.Stored != 2 || r.Duplicates != 1 || r.Dropped != 1 || string(r.Options) != `{"selfplay":3}` {
		t.Fatalf("run %+v, %v", r, err)
	}
	if _, err := st.CommitPuzzles(ctx, studystore.PuzzleCommit{RunID: run, Done: 3, Finish: true, Puzzles: []studystore.PuzzleRecord{puzzleRec("c", 1700, "best")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.LastUnfinishedPuzzleRun(ctx); !errors.Is(err, studystore.ErrNoPuzzleRun) {
		t.Errorf("finished run still unfinished: %v", err)
	}
	q := studystore.PuzzleQuery{Lexicon: "L", Tiles: "fise", Unseen: true, Near: 1530}
	next := func(q studystore.PuzzleQuery) string {
		p, err := st.NextPuzzle(ctx, q)
		if errors.Is(err, studystore.ErrNoPuzzle) {
			return ""
		}
		if err != nil {
			t.Fatal(err)
		}
		return p.PositionKey
	}
	for _, tc := range []struct {
		q    studystore.PuzzleQuery
		want string
	}{
		{q, "b"},
		{studystore.PuzzleQuery{Lexicon: "L", Tiles: "fise", Unseen: true, Near: 1300}, "a"},
		{studystore.PuzzleQuery{Lexicon: "L", Tiles: "fise", Unseen: true, Near: 1530, Kind: "best"}, "a"},
		{studystore.PuzzleQuery{Lexicon: "L", Tiles: "fise", Unseen: true, Near: 1530, Tag: "EQUITY"}, "a"},
		{studystore.PuzzleQuery{Lexicon: "L", Tiles: "fise", Unseen: true, Near: 1530, Source: "gcg"}, ""},
		{studystore.PuzzleQuery{Lexicon: "M", Tiles: "fise", Unseen: true, Near: 1530}, ""},
	} {
		if got := next(tc.q); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.q, got, tc.want)
		}
	}
	p, _ := st.Puzzle(ctx, ids[1])
	if len(p.Tags) != 1 || p.Tags[0] != "ONLY_BINGO" || len(p.Words) != 1 || p.Words[0].Alphagram != "AACS" || p.RunID != run {
		t.Errorf("puzzle %+v", p)
	}
	// Attempts: the first rated (by the function given, with the ratings in the file), the
	// others not.
	calls := 0
	rate := func(pl, pz studystore.PuzzleRating) (studystore.PuzzleRating, studystore.PuzzleRating) {
		calls++
		if pl.Rating != 1500 || pz.Rating != 1560 {
			t.Errorf("rate got %+v %+v", pl, pz)
		}
		pl.Rating += 30
		pz.Rating -= 30
		return pl, pz
	}
	def := studystore.PuzzleRating{Rating: 1500, Deviation: 350, Volatility: 0.06}
	a, err := st.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{PuzzleID: ids[1], Lexicon: "L", Action: studystore.ActionAnswer, Answer: "8H X", Correct: true}, def, rate)
	if err != nil || !a.Rated || a.PlayerAfter.Rating != 1530 || a.PuzzleAfter.Rating != 1530 {
		t.Fatalf("first: %+v, %v", a, err)
	}
	a2, err := st.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{PuzzleID: ids[1], Lexicon: "L", Action: studystore.ActionGiveUp}, def, rate)
	if err != nil || a2.Rated || calls != 1 {
		t.Fatalf("second: %+v, %v, %d calls", a2, err, calls)
	}
	pr, games, _ := st.PlayerRating(ctx, def)
	pz, _ := st.Puzzle(ctx, ids[1])
	if pr.Rating != 1530 || games != 1 || pz.Rating.Rating != 1530 || pz.Rated != 1 {
		t.Errorf("player %+v (%d), puzzle %+v", pr, games, pz.Rating)
	}
	if got := next(q); got != "a" && got != "c" {
		t.Errorf("a seen puzzle served again: %q", got)
	}
	res, err := st.PuzzleResults(ctx, "L")
	if err != nil || len(res) != 1 || !res[0].Correct || res[0].Kind != "bingo" || len(res[0].Tags) != 1 || res[0].Rating != 1530 {
		t.Errorf("results %+v, %v", res, err)
	}
	if _, err := st.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{PuzzleID: 99, Lexicon: "L", Action: studystore.ActionAnswer}, def, rate); !errors.Is(err, studystore.ErrNoPuzzle) {
		t.Errorf("attempt at a missing puzzle: %v", err)
	}
	if n, _ := st.CountPuzzles(ctx, q); n != 2 {
		t.Errorf("%d unseen, want 2", n)
	}
}
