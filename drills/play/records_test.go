package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// A stored game's record is read only when the game is finished, and is written into the
// games directory beside the database.
func TestStoredRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openStore(t, time.Now)
	if _, _, _, err := StoredRecord(ctx, st, 99); err == nil || !strings.Contains(err.Error(), "99") {
		t.Errorf("no game: %v", err)
	}
	id, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "T", Player: "Ana", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := StoredRecord(ctx, st, id); !errors.Is(err, ErrNotFinished) {
		t.Errorf("an unfinished game's record: %v", err)
	}
	if err := st.FinishGame(ctx, id, studystore.GameResult{EndReason: "out", GCG: "#character-encoding UTF-8\n"}); err != nil {
		t.Fatal(err)
	}
	data, name, player, err := StoredRecord(ctx, st, id)
	if err != nil || string(data) != "#character-encoding UTF-8\n" || name != GameName(id) || player != "Ana" {
		t.Fatalf("record %q %q %q %v", data, name, player, err)
	}
	file, err := WriteRecord(st, name, data)
	if err != nil || file != filepath.Join(GamesDir(st), name) {
		t.Fatalf("written to %q: %v", file, err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != string(data) {
		t.Errorf("file %q: %v", b, err)
	}
}
