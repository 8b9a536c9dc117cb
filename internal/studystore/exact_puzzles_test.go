package studystore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// TestSchema10ExactPuzzles: a database of schema 9 with puzzles upgrades to schema 10 with
// every puzzle, tag and word kept (ids too); the rebuilt tables still cascade; the new kinds
// can be stored, and each moves a player rating of its own.
func TestSchema10ExactPuzzles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	now := func() time.Time { return t0 }
	old, err := studystore.Open(path, studystore.Options{Now: now, MaxVersion: 9})
	if err != nil {
		t.Fatal(err)
	}
	ids, err := old.CommitPuzzles(ctx, studystore.PuzzleCommit{Puzzles: []studystore.PuzzleRecord{
		puzzleRec("a", 1400, "best", "EQUITY"), puzzleRec("b", 1560, "bingo", "ONLY_BINGO", "DIGRAPH")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.CommitPuzzles(ctx, studystore.PuzzleCommit{Puzzles: []studystore.PuzzleRecord{puzzleRec("c", 1500, "endgame")}}); err == nil {
		t.Fatal("schema 9 took an endgame puzzle")
	}
	old.Close()

	st, err := studystore.Open(path, studystore.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := st.Puzzle(ctx, ids[1])
	if err != nil || b.Kind != "bingo" || len(b.Tags) != 2 || len(b.Words) != 1 || b.Rating.Rating != 1560 {
		t.Fatalf("puzzle b after the upgrade: %+v, %v", b, err)
	}
	eg, err := st.CommitPuzzles(ctx, studystore.PuzzleCommit{Puzzles: []studystore.PuzzleRecord{
		puzzleRec("c", 1500, "endgame", "BLOCK"), puzzleRec("d", 1500, "preendgame")}})
	if err != nil || eg[0] <= ids[1] || eg[1] == 0 {
		t.Fatalf("exact puzzles: %v, %v", eg, err)
	}
	// Foreign keys name the rebuilt table: deleting a puzzle deletes its tags and words.
	if _, err := st.DB().Exec(`DELETE FROM puzzles WHERE id = ?`, ids[1]); err != nil {
		t.Fatal(err)
	}
	var n int
	st.DB().QueryRow(`SELECT count(*) FROM puzzle_tags WHERE puzzle_id = ?`, ids[1]).Scan(&n)
	if n != 0 {
		t.Errorf("%d tags of a deleted puzzle", n)
	}
	if _, err := st.DB().Exec(`INSERT INTO puzzle_tags (puzzle_id, tag) VALUES (9999, 'X')`); err == nil {
		t.Error("a tag of no puzzle was stored")
	}
	// One rating per kind: the endgame attempt moves puzzles.endgame, not puzzles.
	rate := func(p, z studystore.PuzzleRating) (studystore.PuzzleRating, studystore.PuzzleRating) {
		p.Rating += 10
		return p, z
	}
	def := studystore.PuzzleRating{Rating: 1500, Deviation: 350, Volatility: 0.06}
	if _, err := st.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{PuzzleID: eg[0], Lexicon: "L", Action: studystore.ActionAnswer, Correct: true}, def, rate); err != nil {
		t.Fatal(err)
	}
	if r, games, _ := st.PlayerRatingOf(ctx, "puzzles.endgame", def); games != 1 || r.Rating != 1510 {
		t.Errorf("endgame rating %v after %d", r, games)
	}
	if _, games, _ := st.PlayerRating(ctx, def); games != 0 {
		t.Errorf("the puzzles rating moved: %d", games)
	}
	if k := studystore.PuzzleRatingKindOf("best"); k != studystore.PuzzleRatingKind {
		t.Errorf("best rates %q", k)
	}
}
