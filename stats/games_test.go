package stats

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Games over weeks with less and less equity lost: the windows count them, the share won has
// its Wilson interval, the means their intervals, and the trend says the player is improving.
func TestCollectGames(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 31, 12, 0, 0, 0, time.UTC)
	clock := now
	st, err := studystore.Open(filepath.Join(t.TempDir(), "g.db"), studystore.Options{Now: func() time.Time { return clock },
		Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	// 12 games, one every 5 days back from today: the latest lost least (2 a turn), the oldest
	// most; every third one lost, bingos 1 played and 2 missed each.
	for i := 11; i >= 0; i-- {
		clock = now.AddDate(0, 0, -5*i)
		id, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "fise", Level: 4, Seed: 1, Player: "ana"})
		if err != nil {
			t.Fatal(err)
		}
		pl, at := 400, 350
		if i%3 == 0 {
			pl, at = 300, 420
		}
		if err := st.FinishGame(ctx, id, studystore.GameResult{EndReason: "went_out", PlayerScore: pl, EngineScore: at}); err != nil {
			t.Fatal(err)
		}
		loss := float64(2+i) * 10 // 10 turns
		if err := st.SetGameAnalysis(ctx, id, studystore.GameAnalysis{Turns: 10, EquityLost: loss, BingosPlayed: 1, BingosMissed: 2}); err != nil {
			t.Fatal(err)
		}
	}
	clock = now
	if _, err := st.StartGame(ctx, studystore.GameRecord{Lexicon: "L", Tiles: "fise", Level: 2, Seed: 2, Player: "ana"}); err != nil {
		t.Fatal(err)
	}
	gs, err := CollectGames(ctx, st, now, time.UTC, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if gs == nil || len(gs.Windows) != 3 || gs.Unfinished != 1 {
		t.Fatalf("%+v", gs)
	}
	w7, w90 := gs.Windows[0], gs.Windows[2]
	// Within 7 days: today's game and the one 5 days ago (i = 0 lost, i = 1 won).
	if w7.Games != 2 || w7.Wins != 1 || w7.Analysed != 2 || math.Abs(w7.LossPerTurn-2.5) > 1e-9 {
		t.Errorf("7 days: %+v", w7)
	}
	if w90.Games != 12 || w90.Wins != 8 || math.Abs(w90.WinRate-8.0/12) > 1e-9 {
		t.Errorf("90 days: %+v", w90)
	}
	if lo, hi := interval.Wilson(8, 12); w90.WinLow != lo || w90.WinHigh != hi {
		t.Errorf("win interval %v-%v", w90.WinLow, w90.WinHigh)
	}
	if math.Abs(w90.LossPerTurn-7.5) > 1e-9 || !(w90.LossLow < 7.5 && w90.LossHigh > 7.5) {
		t.Errorf("loss %v (%v-%v)", w90.LossPerTurn, w90.LossLow, w90.LossHigh)
	}
	if w90.BingosPlayed.Mean != 1 || w90.BingosMissed.Mean != 2 || w90.BingosMissed.Low != 2 {
		t.Errorf("bingos %+v %+v", w90.BingosPlayed, w90.BingosMissed)
	}
	// One point less a game every 5 days: -1.4 a week.
	if tr := w90.LossTrend; tr == nil || math.Abs(tr.Slope+1.4) > 1e-6 || tr.High >= 0 {
		t.Errorf("trend %+v", tr)
	}
	p := i18n.For(i18n.English)
	if got := LossTrendWords(p, w90.LossTrend); !strings.HasPrefix(got, "improving: 1.4 less a week") {
		t.Errorf("trend words %q", got)
	}
	d := ui.NewDoc()
	gs.doc(p, d)
	if text := ui.NewTerm(&strings.Builder{}, false, 0, nil).Render(d); !strings.Contains(text, "Games against atril") ||
		!strings.Contains(text, "67% (39–86%)") || !strings.Contains(text, "1 game not finished") {
		t.Errorf("doc:\n%s", text)
	}
}
