package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

const recordGCG = "#character-encoding UTF-8\n#player1 ana Ana Pérez\n#player2 beto Beto Gil\n>ana: ABCO?EI 8F BOCA +16 16\n>beto: AEIRSTU -AEIU +0 0\n"

// A record to analyse, from a file or from a stored game: its game, its name, the stored
// game's player as the default seat, and a player not found said with the record's players.
func TestReadGameRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ts := lexicon.DefaultTileSet()
	file := filepath.Join(t.TempDir(), "g.gcg")
	if err := os.WriteFile(file, []byte(recordGCG), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ReadGameRecord(ctx, nil, 0, file, ts)
	if err != nil || r.Name != file || r.ID != 0 || r.Player != "" || string(r.Data) != recordGCG || r.Game.Turns() != 2 {
		t.Fatalf("from a file: %+v, %v", r, err)
	}
	if who, err := r.Seat("BETO GIL"); who != 1 || err != nil {
		t.Errorf("seat of beto by name: %d, %v", who, err)
	}
	for _, player := range []string{"", "carla"} {
		var se *SeatError
		if who, err := r.Seat(player); who != -1 || !errors.As(err, &se) || se.Player != player || se.Players != "ana, beto" || se.File != file {
			t.Errorf("seat of %q: %d, %v", player, who, err)
		}
	}
	if _, err := ReadGameRecord(ctx, nil, 0, file+".none", ts); err == nil {
		t.Error("a missing file read")
	}

	st := openStore(t, time.Now)
	id, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "T", Player: "Beto", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGameRecord(ctx, st, id, "", ts); !errors.Is(err, ErrNotFinished) {
		t.Errorf("an unfinished game: %v", err)
	}
	if err := st.FinishGame(ctx, id, studystore.GameResult{EndReason: "out", GCG: recordGCG}); err != nil {
		t.Fatal(err)
	}
	r, err = ReadGameRecord(ctx, st, id, "", ts)
	if err != nil || r.Name != GameName(id) || r.ID != id || r.Player != "Beto" || r.Game.Players[0].Nick != "ana" {
		t.Fatalf("stored: %+v, %v", r, err)
	}
	if who, err := r.Seat(""); who != 1 || err != nil {
		t.Errorf("the stored game's player: seat %d, %v", who, err)
	}
	if who, err := r.Seat("ana"); who != 0 || err != nil {
		t.Errorf("another player asked for: seat %d, %v", who, err)
	}

	// Its mistakes as puzzles: the stored record is written into the games directory first,
	// where puzzle gen --resume reads it again (no turn lost 1,000 points: no puzzle).
	lex := testlex.Default(t)
	made, err := r.MistakePuzzles(ctx, st, lex, equity.HandSet(lex.Tiles), 1, 1000, time.Now)
	if err != nil || made != 0 {
		t.Fatalf("puzzles: %d, %v", made, err)
	}
	if b, err := os.ReadFile(filepath.Join(GamesDir(st), r.Name)); err != nil || string(b) != recordGCG {
		t.Errorf("the stored record written: %q, %v", b, err)
	}
}

// After Ctrl-C (a cancelled ctx) the puzzles stop with ctx's error, which analyze keeps quiet;
// a stored record that could not be written first is its own error, which analyze says.
func TestGameRecordMistakePuzzlesCancelled(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stored := func(st *studystore.Store) *GameRecord {
		t.Helper()
		bg := context.Background()
		id, err := st.StartGame(bg, studystore.GameRecord{Lexicon: "L", Tiles: "T", Player: "ana", Level: 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.FinishGame(bg, id, studystore.GameResult{EndReason: "out", GCG: recordGCG}); err != nil {
			t.Fatal(err)
		}
		r, err := ReadGameRecord(bg, st, id, "", lex.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	st := openStore(t, time.Now)
	made, err := stored(st).MistakePuzzles(ctx, st, lex, equity.HandSet(lex.Tiles), 0, 0, time.Now)
	if !errors.Is(err, context.Canceled) || made != 0 {
		t.Errorf("cancelled: %d puzzles, %v; want ctx's error", made, err)
	}

	blocked := openStore(t, time.Now)
	if err := os.WriteFile(GamesDir(blocked), nil, 0o644); err != nil { // a file where the directory goes
		t.Fatal(err)
	}
	_, err = stored(blocked).MistakePuzzles(ctx, blocked, lex, equity.HandSet(lex.Tiles), 0, 0, time.Now)
	if err == nil || errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), GamesDir(blocked)) {
		t.Errorf("record not written: %v; want the write's error, naming %s", err, GamesDir(blocked))
	}
}
