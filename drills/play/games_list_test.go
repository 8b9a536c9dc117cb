package play

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Games are listed newest first, a finished one with its result and loss a turn; a finished
// game's record is its stored text; a missing game is named.
func TestListGamesAndRecordText(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	games := []studystore.GameRecord{
		{ID: 1, Started: t0, Finished: t0.Add(time.Hour), PlayerScore: 400, EngineScore: 380, Turns: 20,
			Analysis: &studystore.GameAnalysis{Turns: 10, EquityLost: 55}},
		{ID: 2, Started: t0.Add(2 * time.Hour), Turns: 4},
	}
	out := ListGames(games, time.UTC)
	if len(out) != 2 || out[0].ID != 2 || out[0].Result != "" || out[1].Result != "win" || out[1].LossPerTurn == nil ||
		*out[1].LossPerTurn != 5.5 || out[1].Started != "2026-03-01 09:30" {
		t.Fatalf("listed %+v", out)
	}
	var b strings.Builder
	p := i18n.For(i18n.English)
	if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(GamesDoc(p, out)); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); strings.Contains(s, "[[") || !strings.Contains(s, "400–380") || !strings.Contains(s, "5.5") ||
		!strings.Contains(s, "1\u00a0Mar\u00a02026 09:30") || strings.Contains(s, "2026-03-01") {
		t.Errorf("document (dates as the Printer writes them):\n%s", s)
	}
	b.Reset()
	if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(GamesDoc(i18n.For(i18n.Spanish), out)); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, "1\u00a0mar\u00a02026 11:30") {
		t.Errorf("Spanish document:\n%s", s)
	}
	ctx := context.Background()
	st := openStore(t, time.Now)
	id, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "T", Player: "Ana", Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.FinishGame(ctx, id, studystore.GameResult{EndReason: "out", GCG: "#player1 Ana Ana\n"}); err != nil {
		t.Fatal(err)
	}
	if text, err := RecordText(ctx, st, nil, id); err != nil || text != "#player1 Ana Ana\n" {
		t.Errorf("record %q %v", text, err)
	}
	if _, err := RecordText(ctx, st, nil, id+7); err == nil {
		t.Error("a missing game's record")
	}
}

// StoredGames: none without a store, else the store's games as ListGames lists them.
func TestStoredGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if out, err := StoredGames(ctx, nil, time.UTC); err != nil || out == nil || len(out) != 0 {
		t.Fatalf("no store: %v, %v", out, err)
	}
	st := openStore(t, time.Now)
	var ids []int64
	for _, player := range []string{"ana", "beto"} {
		id, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "T", Player: player, Level: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	out, err := StoredGames(ctx, st, time.UTC)
	if err != nil || len(out) != 2 || out[0].ID != ids[1] || out[1].ID != ids[0] {
		t.Fatalf("stored: %+v, %v", out, err)
	}
	st.Close()
	if _, err := StoredGames(ctx, st, time.UTC); err == nil {
		t.Error("a closed store listed")
	}
}
