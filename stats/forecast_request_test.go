package stats

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Without a study database: a day ahead forecasts nothing studied; no day, a past day, a bad
// day or a deck are refused, naming the flag or the deck.
func TestAskForecastWithoutStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := i18n.For(i18n.English)
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	f, date, _, err := AskForecast(ctx, nil, p, ForecastRequest{Now: now, Date: "2026-03-11", Target: 0.9})
	if err != nil || f.Days != 10 || f.Date != "2026-03-11" || f.Target != 0.9 || !date.Equal(time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("forecast %+v on %v: %v", f, date, err)
	}
	for _, tc := range []struct {
		r    ForecastRequest
		want string
	}{
		{ForecastRequest{Now: now}, ""},
		{ForecastRequest{Now: now, Date: "2026-02-01"}, "--date"},
		{ForecastRequest{Now: now, Date: "soon"}, "--date"},
		{ForecastRequest{Now: now, Date: "2026-03-11", Deck: "verbs"}, "verbs"},
	} {
		if _, _, _, err := AskForecast(ctx, nil, p, tc.r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v", tc.r, err)
		}
	}
}
